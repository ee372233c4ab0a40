import type { PolicyName } from '../policies';

/** The agents whose session logs the importer reads, by their id in `observed.agent`, with their names. */
export const SESSION_AGENT_NAMES = { 'claude-code': 'Claude Code', codex: 'Codex CLI', 'gemini-cli': 'Gemini CLI', 'copilot-cli': 'GitHub Copilot CLI', opencode: 'OpenCode', cline: 'Cline' } as const;

/** An agent whose logs the importer reads. */
export type SessionAgentId = keyof typeof SESSION_AGENT_NAMES;

/** What making a scenario of a session needs to know of the agent that wrote its log. */
export interface SessionAgent {
  readonly id: SessionAgentId;
  /** The policy preset that replays the session as the agent ran it: its rules also time the calls whose start the log does not say. */
  readonly policy: PolicyName;
}

/** An agent's name, e.g. "Codex CLI" for "codex" (an id the importer does not know, as it is). */
export function agentName(agent: string): string {
  return Object.hasOwn(SESSION_AGENT_NAMES, agent) ? SESSION_AGENT_NAMES[agent as SessionAgentId] : agent;
}

/** An agent's name and version in words, e.g. "Claude Code 2.1.39" or "Codex CLI 0.46.0". */
export function agentAndVersion(observed: { readonly agent: string; readonly version: string }): string {
  return `${agentName(observed.agent)} ${observed.version || '(version unknown)'}`;
}

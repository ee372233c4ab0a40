import type { PolicyName } from '../policies';
import type { OutcomeWords } from './formatClaim';
import { SESSION_FORMATS, type SessionAgentId } from './sessionFormats';

export type { SessionAgentId } from './sessionFormats';

/** The agents whose session logs the importer reads, by their id in `observed.agent`, with their names (from the formats' table). */
export const SESSION_AGENT_NAMES = Object.fromEntries(SESSION_FORMATS.filter((format) => !('refusal' in format)).map((format) => [format.id, format.name])) as Record<SessionAgentId, string>;

/** What making a scenario of a session needs to know of the agent that wrote its log. */
export interface SessionAgent {
  readonly id: SessionAgentId;
  /** The policy preset that replays the session as the agent ran it: its rules also time the calls whose start the log does not say. */
  readonly policy: PolicyName;
}

/** How an agent's results say a call was cancelled, refused or stopped (its format's words). */
export function outcomeWordsOf(agent: string): OutcomeWords {
  return SESSION_FORMATS.find((format) => format.id === agent)?.outcomeWords ?? {};
}

/** An agent's name, e.g. "Codex CLI" for "codex" (an id the importer does not know, as it is). */
export function agentName(agent: string): string {
  return Object.hasOwn(SESSION_AGENT_NAMES, agent) ? SESSION_AGENT_NAMES[agent as SessionAgentId] : agent;
}

/** An agent's name and version in words, e.g. "Claude Code 2.1.39" or "Codex CLI 0.46.0". */
export function agentAndVersion(observed: { readonly agent: string; readonly version: string }): string {
  return `${agentName(observed.agent)} ${observed.version || '(version unknown)'}`;
}

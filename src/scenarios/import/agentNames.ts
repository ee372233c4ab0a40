/**
 * Every agent whose session format the importer knows, by its id in `observed.agent`, with its
 * name in words. Each format's face (`<agent>/format.ts`) takes its name from here, so the page can
 * name the agent of an open session without loading the formats' table, which comes with the
 * first drop (docs/design.md, The page).
 */
export const AGENT_NAMES = {
  aider: 'Aider',
  'claude-code': 'Claude Code',
  cline: 'Cline',
  codex: 'Codex CLI',
  'copilot-cli': 'GitHub Copilot CLI',
  'gemini-cli': 'Gemini CLI',
  opencode: 'OpenCode',
  pi: 'Pi',
} as const;

/** An agent's name, e.g. "Codex CLI" for "codex" (an id the importer does not know, as it is). */
export function agentName(agent: string): string {
  return Object.hasOwn(AGENT_NAMES, agent) ? AGENT_NAMES[agent as keyof typeof AGENT_NAMES] : agent;
}

/** An agent's name and version in words, e.g. "Claude Code 2.1.39" or "Codex CLI 0.46.0". */
export function agentAndVersion(observed: { readonly agent: string; readonly version: string }): string {
  return `${agentName(observed.agent)} ${observed.version || '(version unknown)'}`;
}

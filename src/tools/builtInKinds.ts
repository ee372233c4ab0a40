import type { ToolKind } from './kinds';

/**
 * The kind of each built-in tool, by its name and each alias, as data: a session log's import asks
 * the kind of every call it reads, and asking the tools themselves loaded all of them (the Bash
 * analysis and the shell with them: 700 KB of a 4-call import's start-up). `kinds.test.ts` holds this
 * table to the tools' own names, aliases and kinds.
 */
export const BUILT_IN_KINDS: Readonly<Record<string, ToolKind>> = {
  Bash: 'execute',
  BashOutput: 'process',
  KillBash: 'process',
  TaskOutput: 'process',
  TaskStop: 'process',
  Read: 'read',
  Edit: 'edit',
  MultiEdit: 'edit',
  Write: 'edit',
  Glob: 'search',
  Grep: 'search',
  NotebookEdit: 'edit',
  WebFetch: 'fetch',
  WebSearch: 'fetch',
  Agent: 'agent',
  Task: 'agent',
  TodoWrite: 'think',
  EnterPlanMode: 'think',
  ExitPlanMode: 'think',
  AskUserQuestion: 'think',
  Skill: 'think',
};

/**
 * Tools a session log names that the playground lacks, whose kind its calls still need: a call
 * that starts a sub-agent is one whose sub-agent's own calls the log holds and replays under it.
 * Codex's `spawn_agent` (namespaced since MultiAgentV2: src/scenarios/import/codex/collaboration.ts).
 * Its other collaboration tools (`collaboration.wait_agent`, …) stay undeclared, as `write_stdin` is.
 */
export const RECORDED_ONLY_KINDS: Readonly<Record<string, ToolKind>> = {
  // Claude Code's shell on Windows: its errors cascade as Bash's do (scheduler's shell cascades).
  PowerShell: 'execute',
  spawn_agent: 'agent',
  'collaboration.spawn_agent': 'agent',
  'agents.spawn_agent': 'agent',
  'multi_agent_v1.spawn_agent': 'agent',
};

/**
 * The kind of the tool a recorded call names (a session log's, a run record's), by the name or an
 * alias of a built-in tool, `mcp` for an MCP server's tool (`mcp__server__tool`), or the kind a
 * recorded-only tool is declared with (RECORDED_ONLY_KINDS); `undefined` for any other name the
 * playground has no tool for.
 */
export function kindOfToolName(name: string): ToolKind | undefined {
  if (name.startsWith('mcp__')) return 'mcp';
  if (Object.hasOwn(BUILT_IN_KINDS, name)) return BUILT_IN_KINDS[name];
  return Object.hasOwn(RECORDED_ONLY_KINDS, name) ? RECORDED_ONLY_KINDS[name] : undefined;
}

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
 * The kind of the tool a recorded call names (a session log's, a run record's), by the name or an
 * alias of a built-in tool, `mcp` for an MCP server's tool (`mcp__server__tool`); `undefined` for a
 * name the playground has no tool for.
 */
export function kindOfToolName(name: string): ToolKind | undefined {
  if (name.startsWith('mcp__')) return 'mcp';
  return Object.hasOwn(BUILT_IN_KINDS, name) ? BUILT_IN_KINDS[name] : undefined;
}

/**
 * What a tool does, as data (design.md, Tool kinds). Every part of the engine that needs to know
 * whether a tool reads, writes or runs things asks its kind, never a list of tool names: the
 * permission rules, the permission modes, the scheduler's `all-but-edits` grouping, the session
 * importer, sub-agent pools and the page. A tool that declares no kind is `other`, which every
 * question answers as the most dangerous kind: it may read, write and run anything.
 */
export const TOOL_KINDS = ['read', 'search', 'edit', 'execute', 'process', 'fetch', 'mcp', 'think', 'agent', 'other'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

/**
 * How the `Read(…)` or `Edit(…)` rules hold a kind:
 * - `path`: matched on the file (or folder) its path field names; a bare `Read`/`Edit` holds it whole;
 * - `command`: through the analysis of the command line it runs (Bash's; another tool of the kind has none, and is `unseen`);
 * - `unseen`: what it touches is not known, so a path rule that may cover it asks, and a bare rule holds it whole;
 * - `none`: it touches no workspace file, and the rules do not speak to it.
 */
export type RuleReach = 'path' | 'command' | 'unseen' | 'none';

/** What the engine takes a kind to do. */
export interface KindTraits {
  /** One line on what a tool of the kind does, for people. */
  readonly does: string;
  /** How `Read(…)` rules hold it. */
  readonly read: RuleReach;
  /** How `Edit(…)` rules hold it. */
  readonly edit: RuleReach;
  /**
   * Its calls' effect on the workspace, whatever the tool says of one input: `never-writes`
   * (read-only, runs in every mode), `writes` (plan mode denies it, the mode asks for it), or
   * `per-call` (the tool's `isReadOnly(input)` decides).
   */
  readonly effect: 'never-writes' | 'writes' | 'per-call';
  /**
   * A file edit: `acceptEdits` lets it run (its path was resolved inside the workspace), the
   * importer counts it as changing its path's text.
   */
  readonly editsFile: boolean;
  /** Runs alone under `concurrentTools: all-but-edits` (gemini-cli runs every call but edits together). */
  readonly alone: boolean;
  /** Changes only the session's own state (the todo list, the mode): runs in every mode, plan included. */
  readonly sessionOnly: boolean;
  /** Starts a sub-agent: a sub-agent's own pool leaves it out. */
  readonly startsAgent: boolean;
}

/** Every kind's traits: the one table the engine's questions are answered from. */
export const KIND_TRAITS: Readonly<Record<ToolKind, KindTraits>> = {
  read: { does: 'reads the file at its path', read: 'path', edit: 'none', effect: 'never-writes', editsFile: false, alone: false, sessionOnly: false, startsAgent: false },
  search: { does: 'reads the files under its path', read: 'path', edit: 'none', effect: 'never-writes', editsFile: false, alone: false, sessionOnly: false, startsAgent: false },
  edit: { does: 'writes the file at its path', read: 'none', edit: 'path', effect: 'writes', editsFile: true, alone: true, sessionOnly: false, startsAgent: false },
  execute: { does: 'runs a command line', read: 'command', edit: 'command', effect: 'per-call', editsFile: false, alone: false, sessionOnly: false, startsAgent: false },
  process: { does: 'reads or stops a command left running in the background', read: 'none', edit: 'none', effect: 'per-call', editsFile: false, alone: false, sessionOnly: false, startsAgent: false },
  fetch: { does: 'reaches the web', read: 'none', edit: 'none', effect: 'per-call', editsFile: false, alone: false, sessionOnly: false, startsAgent: false },
  mcp: { does: 'asks an MCP server, which the path rules do not see into', read: 'none', edit: 'none', effect: 'per-call', editsFile: false, alone: false, sessionOnly: false, startsAgent: false },
  think: { does: 'changes only the session’s own state (todos, the mode, the tools it has found)', read: 'none', edit: 'none', effect: 'per-call', editsFile: false, alone: false, sessionOnly: true, startsAgent: false },
  agent: { does: 'starts a sub-agent, whose own calls are judged one by one', read: 'none', edit: 'none', effect: 'per-call', editsFile: false, alone: false, sessionOnly: false, startsAgent: true },
  other: { does: 'undeclared: taken to read, write and run anything', read: 'unseen', edit: 'unseen', effect: 'writes', editsFile: false, alone: true, sessionOnly: false, startsAgent: false },
};

/** The traits of `kind`. */
export function kindTraits(kind: ToolKind): KindTraits {
  return KIND_TRAITS[kind];
}

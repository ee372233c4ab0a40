import type { z } from 'zod';
import type { Sandbox } from '../sandbox/types';
import type { Clock } from '../time/clock';
import type { BackgroundShells } from './bash/backgroundShells';
import type { FileStateCache } from './file/fileState';
import type { ToolKind } from './kinds';

/** The four permission modes (design.md, Permissions). */
export type PermissionMode = 'default' | 'acceptEdits' | 'bypassPermissions' | 'plan';

/** What a permission check decided. `ask` goes to the prompt, a scripted answer, or a deny. */
export type PermissionDecision =
  | { behavior: 'allow' }
  | { behavior: 'ask'; reason: string }
  | { behavior: 'deny'; reason: string };

/** The result of `validateInput`: a failure carries the message the model sees. */
export type ValidationResult = { ok: true } | { ok: false; message: string };

/** A request to the user (or the scenario's script) to allow one call. */
export interface PermissionRequest {
  toolUseId: string;
  toolName: string;
  input: unknown;
  /** Why it asked: the mode or the rule. */
  reason: string;
}

export type PermissionAnswer = 'allow' | 'deny';

/** The function a caller passes so tools (and the pipeline) can ask for permission. */
export type CanUseTool = (request: PermissionRequest) => Promise<PermissionAnswer>;

/** A change to the shared context a tool asks for; applied after the tool ends (unsafe tools only). */
export type ContextModifier = (context: SharedToolContext) => SharedToolContext;

/** One entry of the session's todo list (TodoWrite). */
export interface TodoItem {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
  /** The present-continuous form shown while it is in progress ("Running the tests"). */
  activeForm: string;
}

/** The part of the context that outlives one call and that context modifiers may change. */
export interface SharedToolContext {
  permissionMode: PermissionMode;
  /** The session's todo list, replaced whole by TodoWrite. */
  todos: readonly TodoItem[];
  /** The mode EnterPlanMode left, restored by ExitPlanMode. */
  modeBeforePlan?: PermissionMode;
}

/** What the Agent tool asks the session for: one sub-agent run. */
export interface SubAgentRequest {
  /** The Agent call's tool_use id (a scenario scripts the sub-agent under it). */
  toolUseId: string;
  description: string;
  prompt: string;
  subagentType?: string;
  /** The calling turn's child signal: aborting the turn aborts the sub-agent. */
  signal: AbortSignal;
  /**
   * The calls of each response start together whatever their safety: the caller's own code chose
   * (a Codex code-mode exec ran them with `Promise.all`, and its awaits put the rest in order).
   */
  allAtOnce?: boolean;
}

/** A finished sub-agent run. */
export interface SubAgentResult {
  /** The sub-agent's last text: the Agent call's result. */
  text: string;
  turns: number;
  toolUses: number;
  interrupted: boolean;
}

/** Runs sub-agents for the Agent tool; the session provides it (the tool layer has no loop). */
export interface SubAgentRunner {
  run(request: SubAgentRequest): Promise<SubAgentResult>;
}

/** Everything a tool call may use. One per call; the shared parts are shared by reference. */
export interface ToolUseContext {
  readonly toolUseId: string;
  readonly sandbox: Sandbox;
  readonly clock: Clock;
  /** Aborted by the call's own controller, its siblings' error, or the user's interrupt. */
  readonly abortSignal: AbortSignal;
  /** Files read in this session, for read-before-write and "unchanged since last read". */
  readonly readFileState: FileStateCache;
  readonly shared: SharedToolContext;
  /** The run's tool pool (ToolSearch reads and discovers through it). */
  readonly pool: ToolPoolView;
  /** Present where the session can run sub-agents. */
  readonly subAgents?: SubAgentRunner;
  /** The session's background shells (Bash with run_in_background), where it has them. */
  readonly background?: BackgroundShells;
  /** Asks the person (or the scenario's script) the model's questions (AskUserQuestion). */
  readonly askUser?: AskUser;
  /**
   * The deny rule (its text) that keeps this call's tool from the file at an absolute path, if
   * one does; absent when no rule denies this tool any path. Searches leave such files out of
   * their results, and file tools check it again on the path they really open.
   */
  readonly deniedPath?: (absolutePath: string) => string | undefined;
}

/** One question AskUserQuestion puts to the user. */
export interface UserQuestion {
  question: string;
  header: string;
  options: { label: string; description: string }[];
  multiSelect: boolean;
}

/**
 * Answers the model's questions: each question's text → the chosen option labels (or the user's
 * own words). `null` when nobody can answer (a replay that scripts no answer).
 */
export type AskUser = (request: { toolUseId: string; questions: readonly UserQuestion[] }) => Promise<Record<string, string[]> | null>;

/** What `call` returns. `isError` marks a failure the tool reports as data (a non-zero exit). */
export interface ToolCallOutcome<Output> {
  output: Output;
  isError?: boolean;
  contextModifier?: ContextModifier;
}

/**
 * A drawing instruction the UI turns into elements; tools never import React. `tone` picks the
 * colour family, `body` is shown monospaced when `format` is `code` or `diff`.
 */
export interface RenderDescriptor {
  title: string;
  summary?: string;
  body?: string;
  format?: 'text' | 'code' | 'diff' | 'markdown';
  tone?: 'neutral' | 'success' | 'error' | 'muted' | 'warning';
}

/** One call in a grouped (parallel batch) render. */
export interface GroupedUse<Input> {
  toolUseId: string;
  input: Input;
}

/** The six renderers of the protocol's fifth part. */
export interface ToolRenderers<Input, Output, Progress> {
  use(input: Input): RenderDescriptor;
  progress(progress: Progress, input: Input): RenderDescriptor;
  result(output: Output, input: Input): RenderDescriptor;
  rejected(input: Input, reason: string): RenderDescriptor;
  error(input: Input, message: string): RenderDescriptor;
  grouped(uses: readonly GroupedUse<Input>[]): RenderDescriptor;
}

/**
 * A tool: name, schema, permissions, execution, rendering (design.md, The tool protocol), plus the metadata the
 * scheduler and the pool read. Built only through {@link buildTool}, which fills fail-closed defaults.
 */
export interface Tool<Input = unknown, Output = unknown, Progress = unknown> {
  // 1. Name
  readonly name: string;
  /** Other names the tool is called by (same schema): `Task` for `Agent`. Rules naming one hold the tool. */
  readonly aliases: readonly string[];
  /**
   * Tools that are this one under another name, with a schema of their own (`TaskOutput` for
   * `BashOutput`): a rule naming one of them holds this tool too. Each names the other.
   */
  readonly sameAs: readonly string[];
  /** What the tool does (design.md, Tool kinds): what the rules, the modes and the scheduler ask. */
  readonly kind: ToolKind;
  /**
   * The input field holding the path a `read`, `search` or `edit` tool works on, for path rules,
   * `acceptEdits` and symlink checks (a search without one starts from the root).
   */
  readonly pathField: (keyof Input & string) | undefined;
  // 2. Schema
  readonly inputSchema: z.ZodType<Input>;
  // 3. Permissions
  validateInput(input: Input, context: ToolUseContext): Promise<ValidationResult>;
  checkPermissions(input: Input, context: ToolUseContext): Promise<PermissionDecision>;
  // 4. Execution
  call(
    input: Input,
    context: ToolUseContext,
    canUseTool: CanUseTool,
    parentMessage: ParentMessage,
    onProgress?: (progress: Progress) => void,
  ): Promise<ToolCallOutcome<Output>>;
  /** The `tool_result` content the model gets for an output. */
  mapResult(output: Output, input: Input): string;
  // 5. Rendering
  readonly render: ToolRenderers<Input, Output, Progress>;
  // Metadata
  isReadOnly(input: Input): boolean;
  isConcurrencySafe(input: Input): boolean;
  isDestructive(input: Input): boolean;
  isEnabled(): boolean;
  /** Why `isEnabled()` is false, for the pool report. */
  disabledReason(): string | undefined;
  userFacingName(input: Input | undefined): string;
  /** The model-facing description. */
  prompt(): string;
  /** The human text of a permission prompt. */
  description(input: Input): string;
  readonly maxResultSizeChars: number;
  readonly shouldDefer: boolean;
  readonly searchHint: string | undefined;
  /** Whether this tool comes from an MCP server (then named `mcp__SERVER__TOOL`). */
  readonly isMcp: boolean;
  /**
   * The JSON Schema to show the model, when the tool has one of its own (an MCP server's); else
   * the definition is generated from `inputSchema`.
   */
  readonly inputJSONSchema?: Record<string, unknown>;
}

/** What a call may see of the run's tool pool (`ToolPool` in `pool.ts`). */
export interface ToolPoolView {
  readonly tools: readonly AnyTool[];
  /** The names of the tools announced by name only. */
  readonly deferred: ReadonlySet<string>;
  /** The tool called `name` (or aliased so). */
  find(name: string): AnyTool | undefined;
  /** Whether `name` is deferred and has not been found through ToolSearch yet. */
  isUndiscovered(name: string): boolean;
  /** Makes a deferred tool callable from now on. */
  markDiscovered(name: string): void;
}

/** The assistant message a call came from, as tools may want to see it (the sub-agent does). */
export interface ParentMessage {
  turn: number;
  toolUseIds: readonly string[];
}

/** Any tool, whatever its type parameters. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a pool holds tools of every input type
export type AnyTool = Tool<any, any, any>;

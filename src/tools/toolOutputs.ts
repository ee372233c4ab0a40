import type { AgentTool } from './agent/AgentTool';
import type { AskUserQuestionTool } from './ask/AskUserQuestionTool';
import type { BashOutputTool, TaskOutputTool } from './bash/BashOutputTool';
import type { BashTool } from './bash/BashTool';
import type { KillBashTool, TaskStopTool } from './bash/KillBashTool';
import type { ToolSearchTool } from './discovery/ToolSearchTool';
import { isRecordedDisplay, thrownMessage } from './display';
import type { EditTool } from './file/EditTool';
import type { MultiEditTool } from './file/MultiEditTool';
import type { ReadTool } from './file/ReadTool';
import type { WriteTool } from './file/WriteTool';
import type { McpToolOutput } from './mcp/mcpTool';
import type { NotebookEditTool } from './notebook/NotebookEditTool';
import type { EnterPlanModeTool } from './plan/EnterPlanModeTool';
import type { ExitPlanModeTool } from './plan/ExitPlanModeTool';
import type { GlobTool } from './search/GlobTool';
import type { GrepTool } from './search/GrepTool';
import type { SkillTool } from './skill/SkillTool';
import type { TodoWriteTool } from './todo/TodoWriteTool';
import type { Tool } from './types';
import type { WebFetchTool } from './web/WebFetchTool';
import type { WebSearchTool } from './web/WebSearchTool';

type OutputOf<T> = T extends Tool<infer _Input, infer Output, infer _Progress> ? Output : never;

/**
 * Each built-in tool's output, by its name: what a call's `display` holds when the tool ran and
 * returned. Each tool exports its own type; this is where they meet, so a reader of a display asks
 * for a tool's output by name instead of guessing from its shape (design.md, One call).
 */
export interface ToolOutputs {
  Bash: OutputOf<typeof BashTool>;
  BashOutput: OutputOf<typeof BashOutputTool>;
  KillBash: OutputOf<typeof KillBashTool>;
  TaskOutput: OutputOf<typeof TaskOutputTool>;
  TaskStop: OutputOf<typeof TaskStopTool>;
  Read: OutputOf<typeof ReadTool>;
  Edit: OutputOf<typeof EditTool>;
  MultiEdit: OutputOf<typeof MultiEditTool>;
  Write: OutputOf<typeof WriteTool>;
  Glob: OutputOf<typeof GlobTool>;
  Grep: OutputOf<typeof GrepTool>;
  NotebookEdit: OutputOf<typeof NotebookEditTool>;
  WebFetch: OutputOf<typeof WebFetchTool>;
  WebSearch: OutputOf<typeof WebSearchTool>;
  Agent: OutputOf<typeof AgentTool>;
  TodoWrite: OutputOf<typeof TodoWriteTool>;
  EnterPlanMode: OutputOf<typeof EnterPlanModeTool>;
  ExitPlanMode: OutputOf<typeof ExitPlanModeTool>;
  AskUserQuestion: OutputOf<typeof AskUserQuestionTool>;
  Skill: OutputOf<typeof SkillTool>;
  ToolSearch: OutputOf<typeof ToolSearchTool>;
}

export type BuiltInToolName = keyof ToolOutputs;

/** The names {@link ToolOutputs} holds, to check it against the registry. */
export const TOOL_OUTPUT_NAMES = Object.keys({
  Bash: 1, BashOutput: 1, KillBash: 1, TaskOutput: 1, TaskStop: 1, Read: 1, Edit: 1, MultiEdit: 1, Write: 1, Glob: 1, Grep: 1, NotebookEdit: 1,
  WebFetch: 1, WebSearch: 1, Agent: 1, TodoWrite: 1, EnterPlanMode: 1, ExitPlanMode: 1, AskUserQuestion: 1, Skill: 1, ToolSearch: 1,
} satisfies Record<BuiltInToolName, 1>) as BuiltInToolName[];

/**
 * The aliases of the built-in tools (a log or a model may call Agent `Task`), written out so that
 * reading a display needs no tool's code (the page's first paint reads displays); a test holds
 * it to the registry's aliases.
 */
export const TOOL_ALIASES: Readonly<Record<string, BuiltInToolName>> = { Task: 'Agent' };

/**
 * A call's display, tagged: nothing (the call never ran), the message of a tool that threw, a
 * session log's record (nothing ran here), or a tool's own output, tagged by the tool (its
 * canonical name, an alias resolved; `mcp` for a server's tool; `other` for a tool the playground
 * does not know, whose output is whatever it made).
 */
export type CallDisplay =
  | { readonly kind: 'none' }
  | { readonly kind: 'thrown'; readonly message: string }
  | { readonly kind: 'recorded'; readonly text: string }
  | { readonly [Name in BuiltInToolName]: { readonly kind: 'output'; readonly tool: Name; readonly output: ToolOutputs[Name] } }[BuiltInToolName]
  | { readonly kind: 'output'; readonly tool: 'mcp'; readonly output: McpToolOutput }
  | { readonly kind: 'output'; readonly tool: 'other'; readonly output: unknown };

/** The tagged display of a call of `name` whose record holds `display`. */
export function callDisplay(name: string, display: unknown): CallDisplay {
  if (display === null || display === undefined) return { kind: 'none' };
  const thrown = thrownMessage(display);
  if (thrown !== undefined) return { kind: 'thrown', message: thrown };
  if (isRecordedDisplay(display)) return { kind: 'recorded', text: display.recorded };
  if (name.startsWith('mcp__')) return { kind: 'output', tool: 'mcp', output: display as McpToolOutput };
  const tool = (TOOL_OUTPUT_NAMES as string[]).includes(name) ? name : TOOL_ALIASES[name];
  // The engine put this tool's output here: its type is the tool's own.
  if (tool !== undefined && (TOOL_OUTPUT_NAMES as string[]).includes(tool)) return { kind: 'output', tool, output: display } as CallDisplay;
  return { kind: 'output', tool: 'other', output: display };
}

/** The output of a call of `tool` (by name or alias), when its display is that: it ran here and returned. */
export function toolOutputOf<Name extends BuiltInToolName>(tool: Name, call: { readonly name: string; readonly display: unknown }): ToolOutputs[Name] | undefined {
  const shown = callDisplay(call.name, call.display);
  return shown.kind === 'output' && shown.tool === tool ? (shown.output as ToolOutputs[Name]) : undefined;
}

import { AgentTool } from './agent/AgentTool';
import { AskUserQuestionTool } from './ask/AskUserQuestionTool';
import { BashOutputTool, TaskOutputTool } from './bash/BashOutputTool';
import { BashTool } from './bash/BashTool';
import { KillBashTool, TaskStopTool } from './bash/KillBashTool';
import { EditTool } from './file/EditTool';
import { MultiEditTool } from './file/MultiEditTool';
import { ReadTool } from './file/ReadTool';
import { WriteTool } from './file/WriteTool';
import { NotebookEditTool } from './notebook/NotebookEditTool';
import { EnterPlanModeTool } from './plan/EnterPlanModeTool';
import { ExitPlanModeTool } from './plan/ExitPlanModeTool';
import { GlobTool } from './search/GlobTool';
import { GrepTool } from './search/GrepTool';
import { TodoWriteTool } from './todo/TodoWriteTool';
import type { ToolKind } from './kinds';
import type { AnyTool } from './types';
import { SkillTool } from './skill/SkillTool';
import { WebFetchTool } from './web/WebFetchTool';
import { WebSearchTool } from './web/WebSearchTool';

/**
 * Every built-in tool, before the pool's filters (mode, deny rules, enabled) pick what a run
 * offers (design.md, The pool and deferred discovery). The pool sorts by name; this list keeps the catalogue's order. ToolSearch is
 * added by the pool when deferral is on.
 */
export function getAllBaseTools(): AnyTool[] {
  return [
    BashTool,
    BashOutputTool,
    KillBashTool,
    TaskOutputTool,
    TaskStopTool,
    ReadTool,
    EditTool,
    MultiEditTool,
    WriteTool,
    GlobTool,
    GrepTool,
    NotebookEditTool,
    WebFetchTool,
    // Disabled until a search provider is configured: the pool report says so.
    WebSearchTool,
    AgentTool,
    TodoWriteTool,
    EnterPlanModeTool,
    ExitPlanModeTool,
    AskUserQuestionTool,
    SkillTool,
  ];
}

/** The built-in tools by name and alias, made at the first look-up. */
let byName: Map<string, AnyTool> | undefined;

/**
 * The kind of the tool a recorded call names (a session log's, a run record's), by the name or an
 * alias of a built-in tool, `mcp` for an MCP server's tool (`mcp__server__tool`); `undefined` for a
 * name the playground has no tool for.
 */
export function kindOfToolName(name: string): ToolKind | undefined {
  if (name.startsWith('mcp__')) return 'mcp';
  return builtInToolNamed(name)?.kind;
}

/** The built-in tool a name or an alias names (`Task` is Agent), or `undefined`. */
function builtInToolNamed(name: string): AnyTool | undefined {
  if (!byName) {
    byName = new Map();
    for (const tool of getAllBaseTools()) for (const each of [tool.name, ...tool.aliases]) if (!byName.has(each)) byName.set(each, tool);
  }
  return byName.get(name);
}

import { AgentTool } from './agent/AgentTool';
import { BashTool } from './bash/BashTool';
import { EditTool } from './file/EditTool';
import { ReadTool } from './file/ReadTool';
import { WriteTool } from './file/WriteTool';
import { NotebookEditTool } from './notebook/NotebookEditTool';
import { EnterPlanModeTool } from './plan/EnterPlanModeTool';
import { ExitPlanModeTool } from './plan/ExitPlanModeTool';
import { GlobTool } from './search/GlobTool';
import { GrepTool } from './search/GrepTool';
import { TodoWriteTool } from './todo/TodoWriteTool';
import type { AnyTool } from './types';
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
    ReadTool,
    EditTool,
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
  ];
}

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

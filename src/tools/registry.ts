import { BashTool } from './bash/BashTool';
import { EditTool } from './file/EditTool';
import { ReadTool } from './file/ReadTool';
import { WriteTool } from './file/WriteTool';
import { GlobTool } from './search/GlobTool';
import { GrepTool } from './search/GrepTool';
import type { AnyTool } from './types';

/**
 * Every built-in tool, before the pool's filters (mode, deny rules, enabled) pick what a run
 * offers (SPEC §3.7). The pool sorts by name; this list keeps the catalogue's order.
 */
export function getAllBaseTools(): AnyTool[] {
  return [BashTool, ReadTool, EditTool, WriteTool, GlobTool, GrepTool];
}

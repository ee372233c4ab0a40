import type { AnyTool, ToolPoolView } from './types';

/**
 * The tools a run may call, looked up by name or alias. Deferred tools (announced by name only)
 * are callable once discovered; calling one before that fails validation with a hint.
 */
export class ToolPool implements ToolPoolView {
  private readonly byName = new Map<string, AnyTool>();
  private readonly discovered = new Set<string>();

  constructor(
    readonly tools: readonly AnyTool[],
    readonly deferred: ReadonlySet<string> = new Set(),
  ) {
    for (const tool of tools) {
      this.byName.set(tool.name, tool);
    }
    for (const tool of tools) {
      for (const alias of tool.aliases) if (!this.byName.has(alias)) this.byName.set(alias, tool);
    }
  }

  /** The tool called `name` (or aliased so). */
  find(name: string): AnyTool | undefined {
    return this.byName.get(name);
  }

  /** Whether `name` is deferred and has not been found through ToolSearch yet. */
  isUndiscovered(name: string): boolean {
    const tool = this.find(name);
    return tool !== undefined && this.deferred.has(tool.name) && !this.discovered.has(tool.name);
  }

  markDiscovered(name: string): void {
    this.discovered.add(name);
  }
}

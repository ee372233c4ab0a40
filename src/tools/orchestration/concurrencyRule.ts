import { isBlockConcurrencySafe, lookupTool, parseToolInput, type ToolUseBlock } from '../execution';
import { kindTraits } from '../kinds';
import { isReadOnlyBashCommand } from '../permissions/bashAnalysis';
import type { ToolPool } from '../pool';

/** The two settings that say which calls may run beside others (a policy's, see scenarios/policies.ts). */
export interface ConcurrencySettings {
  /** Under `declared`: `never` counts every Bash call unsafe, `read-only` lets read-only commands run together, `always` every command. */
  readonly bashConcurrency: 'never' | 'read-only' | 'always';
  /** `declared`: each tool's own word; `all-but-edits`: every call but file edits; `all`: every call. */
  readonly concurrentTools: 'declared' | 'all-but-edits' | 'all';
}

/** Whether a Bash call's command is read-only by the AST analysis. */
function readOnlyBash(pool: ToolPool, block: ToolUseBlock): boolean {
  const tool = lookupTool(pool, block.name);
  if (tool?.name !== 'Bash') return false;
  const parsed = parseToolInput(tool, block);
  return parsed.ok && isReadOnlyBashCommand((parsed.input as { command: string }).command).readOnly;
}

/**
 * Which calls may run beside others, under the run's settings: each tool's own word (`declared`;
 * with `bashConcurrency: read-only` a Bash command the AST analysis finds read-only counts as
 * safe, the real agent's rule, and under `never` every Bash call is unsafe, the seed's), every
 * call but file edits (`all-but-edits`), or every call (`all`).
 */
export function concurrencyRule(pool: ToolPool, settings: ConcurrencySettings): (block: ToolUseBlock) => boolean {
  switch (settings.concurrentTools) {
    case 'all':
      return () => true;
    case 'all-but-edits':
      // File edits, and tools that do not say what they do, run alone (their kind says so).
      return (block) => {
        const tool = lookupTool(pool, block.name);
        return tool === undefined || !kindTraits(tool.kind).alone;
      };
    case 'declared':
      if (settings.bashConcurrency === 'never') return (block) => isBlockConcurrencySafe(pool, block);
      if (settings.bashConcurrency === 'always') return (block) => isBlockConcurrencySafe(pool, block) || lookupTool(pool, block.name)?.kind === 'execute';
      return (block) => isBlockConcurrencySafe(pool, block) || readOnlyBash(pool, block);
    default: {
      const exhaustive: never = settings.concurrentTools;
      return exhaustive;
    }
  }
}

/** Whether a call only reads (its tool says so for its input; a Bash command by the AST analysis). */
export function readOnlyRule(pool: ToolPool): (block: ToolUseBlock) => boolean {
  return (block) => {
    const tool = lookupTool(pool, block.name);
    if (!tool) return false;
    if (tool.name === 'Bash') return readOnlyBash(pool, block);
    const parsed = parseToolInput(tool, block);
    try {
      return parsed.ok && tool.isReadOnly(parsed.input) === true;
    } catch {
      return false;
    }
  };
}


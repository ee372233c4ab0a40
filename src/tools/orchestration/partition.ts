import { isBlockConcurrencySafe, type ToolUseBlock } from '../execution';
import type { ToolPool } from '../pool';

/** A batch of the partition: a maximal run of consecutive safe calls, or one unsafe call. */
export interface Batch<Call> {
  concurrent: boolean;
  calls: Call[];
}

/**
 * Splits calls into batches in order (SPEC §3.4): a safe call joins the previous batch when that
 * batch is safe, otherwise it opens a new one. `isSafe` decides safety; by default a call is safe
 * when its tool exists, its input parses and `isConcurrencySafe` says so (a throw counts as false).
 *
 * `[Read a, Read b, Bash ls, Read c]` → `[[Read a, Read b], [Bash ls], [Read c]]`.
 */
export function partitionToolCalls<Call extends ToolUseBlock>(
  calls: readonly Call[],
  pool: ToolPool,
  isSafe: (call: Call) => boolean = (call) => isBlockConcurrencySafe(pool, call),
): Batch<Call>[] {
  const batches: Batch<Call>[] = [];
  for (const call of calls) {
    const safe = isSafe(call);
    const last = batches[batches.length - 1];
    if (safe && last?.concurrent) last.calls.push(call);
    else batches.push({ concurrent: safe, calls: [call] });
  }
  return batches;
}

import { isBlockConcurrencySafe, type ToolUseBlock } from '../execution';
import type { ToolPool } from '../pool';

/** A batch of the partition: a maximal run of consecutive safe calls, or one unsafe call. */
export interface Batch<Call> {
  concurrent: boolean;
  calls: Call[];
}

/**
 * The partition's one rule, step by step: a call that may run concurrently joins the previous
 * batch when that batch is concurrent; any other call opens a new batch. Returns whether the call
 * opens a new batch. Schedulers that assign batches as calls arrive use this, so their batches are
 * the partition's by construction.
 */
export function opensBatch(previousConcurrent: boolean | undefined, concurrent: boolean): boolean {
  return !(concurrent && previousConcurrent === true);
}

/**
 * Splits calls into batches in order: a safe call joins the previous batch when that batch is safe,
 * otherwise it opens a new one. `isSafe` decides safety; by default a call is safe when its tool
 * exists, its input parses and `isConcurrencySafe` says so (a throw counts as false).
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
    if (last && !opensBatch(last.concurrent, safe)) last.calls.push(call);
    else batches.push({ concurrent: safe, calls: [call] });
  }
  return batches;
}

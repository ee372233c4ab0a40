import type { ToolResultBlock, ToolUseBlock } from '../execution';
import type { SchedulerOptions } from './scheduler';
import { createScheduler } from './StreamingToolExecutor';

/**
 * Runs a finished response's calls batch by batch (the seed's `runTools`, its non-streaming path):
 * the partition's batches in order, a safe batch's calls concurrently up to the cap. No sibling
 * cancellation on this path, as in the real agent. Resolves with the results in yield order.
 */
export async function runTools(
  blocks: readonly { block: ToolUseBlock; latencyMs?: number }[],
  options: Omit<SchedulerOptions, 'timing' | 'grouping' | 'cascade'> & Partial<Pick<SchedulerOptions, 'grouping'>>,
): Promise<readonly ToolResultBlock[]> {
  const scheduler = createScheduler({ grouping: 'partition', ...options, timing: 'after-stream', cascade: 'none' });
  for (const { block, latencyMs } of blocks) scheduler.addTool(block, latencyMs ?? 0);
  scheduler.endStream();
  const results: ToolResultBlock[] = [];
  for await (const result of scheduler.results()) results.push(result);
  return results;
}

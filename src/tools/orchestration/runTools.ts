import type { ToolResultBlock, ToolUseBlock } from '../execution';
import { describeAbort, toolUseError } from './abort';
import { CallTracker, type CallTrackerOptions, type TrackedCall } from './callTracker';
import { partitionToolCalls } from './partition';

/**
 * How the non-streaming path groups calls: `partition` (SPEC §3.4, the `batched` strategy), `serial`
 * (one call at a time) or `parallel` (all at once, ignoring safety: the unsafe baseline).
 */
export type BatchPlan = 'partition' | 'serial' | 'parallel';

export interface RunToolsOptions extends Omit<CallTrackerOptions, 'onCompleted'> {
  plan: BatchPlan;
  maxConcurrency: number;
  turnSignal: AbortSignal;
  isConcurrencySafe: (block: ToolUseBlock) => boolean;
}

const WAIT_FOR_STREAM = 'waiting: this strategy starts tools only after the model has finished streaming';

/**
 * The non-streaming path: calls are collected while the stream arrives, then run batch after batch
 * once it has ended; a concurrent batch runs up to `maxConcurrency` calls at once, starting the next
 * waiting call as one finishes. No sibling cancellation on this path (as in the real agent).
 */
export class BatchRunner {
  private readonly tracker: CallTracker;
  private discarded = false;
  private wake: (() => void) | undefined;

  constructor(private readonly options: RunToolsOptions) {
    this.tracker = new CallTracker({ ...options, onCompleted: () => this.wake?.() });
    options.turnSignal.addEventListener('abort', () => this.onInterrupt(), { once: true });
  }

  get calls(): readonly TrackedCall[] {
    return this.tracker.calls;
  }

  /** A block closed in the stream: record it as queued until the stream ends. */
  addTool(block: ToolUseBlock, latencyMs = 0): void {
    if (this.discarded) return;
    const { plan } = this.options;
    const safe = this.options.isConcurrencySafe(block);
    const concurrent = plan === 'parallel' ? true : plan === 'serial' ? false : safe;
    const call = this.tracker.add(block, { safe, concurrent, latencyMs });
    if (this.options.turnSignal.aborted) {
      this.tracker.settleWithoutRunning(call, toolUseError(describeAbort({ kind: 'interrupt' }, false)), 'interrupted');
      return;
    }
    this.tracker.wait(call, WAIT_FOR_STREAM);
  }

  /** The stream ended: run the batches in order; resolves with the results in yield order. */
  async run(): Promise<readonly ToolResultBlock[]> {
    this.tracker.close();
    if (this.discarded) return [];
    const calls = this.tracker.calls;
    const batches = groupByBatch(calls);
    for (const [index, batch] of batches.entries()) {
      if (index === 0) continue;
      for (const call of batch) this.tracker.wait(call, `waiting: batches run one after another; batch ${index} starts when batch ${index - 1} has finished`);
    }
    for (const batch of batches) {
      if (this.options.turnSignal.aborted) break;
      const concurrent = this.tracker.isConcurrentBatch(batch[0]!.batch);
      const limit = this.options.plan === 'parallel' ? Infinity : concurrent ? this.options.maxConcurrency : 1;
      await this.runBatch(batch, limit);
    }
    await this.tracker.whenIdle();
    return this.tracker.yielded;
  }

  /** Streaming fallback before the tools ran: the collected calls are dropped. */
  async discard(): Promise<void> {
    this.discarded = true;
    this.tracker.stopYielding();
    this.tracker.close();
    await this.tracker.whenIdle();
  }

  private async runBatch(calls: readonly TrackedCall[], limit: number): Promise<void> {
    let next = 0;
    const startMore = () => {
      while (next < calls.length && this.tracker.executingCalls.size < limit && !this.options.turnSignal.aborted) {
        const call = calls[next++]!;
        this.tracker.start(call, this.options.turnSignal);
      }
    };
    startMore();
    for (let i = next; i < calls.length; i++) {
      this.tracker.wait(calls[i]!, `waiting: the concurrency cap of ${limit} is reached in this batch`);
    }
    while (this.tracker.executingCalls.size > 0 || (next < calls.length && !this.options.turnSignal.aborted)) {
      await new Promise<void>((resolve) => (this.wake = resolve));
      startMore();
    }
    this.wake = undefined;
  }

  private onInterrupt(): void {
    if (this.discarded) return;
    for (const call of this.tracker.calls) {
      if (call.phase.state === 'queued') {
        this.tracker.settleWithoutRunning(call, toolUseError(describeAbort({ kind: 'interrupt' }, false)), 'interrupted');
      }
    }
    this.wake?.();
  }
}

/** The recorded batches, in order (calls arrive grouped: a batch's calls are consecutive). */
function groupByBatch(calls: readonly TrackedCall[]): TrackedCall[][] {
  const batches: TrackedCall[][] = [];
  for (const call of calls) {
    if (batches.length - 1 === call.batch) batches[batches.length - 1]!.push(call);
    else batches.push([call]);
  }
  return batches;
}

/**
 * Runs a finished turn's calls batch by batch (the seed's `runTools`): partition, then each batch in
 * order, safe batches concurrently up to the cap.
 */
export async function runTools(
  blocks: readonly { block: ToolUseBlock; latencyMs?: number }[],
  options: RunToolsOptions,
): Promise<readonly ToolResultBlock[]> {
  const runner = new BatchRunner(options);
  for (const { block, latencyMs } of blocks) runner.addTool(block, latencyMs ?? 0);
  return runner.run();
}

export { partitionToolCalls };

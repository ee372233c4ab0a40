import type { ToolResultBlock, ToolUseBlock } from '../execution';
import { CallAbortedError, childController, describeAbort, toolUseError, type AbortCause } from './abort';
import { CallTracker, describeCallForCancel, labelOf, type CallTrackerOptions, type TrackedCall } from './callTracker';

/** Which errors cancel a call's siblings (SPEC §3.5). */
export type CascadePolicy = 'bash' | 'any' | 'none';

export interface StreamingExecutorOptions extends Omit<CallTrackerOptions, 'onCompleted'> {
  maxConcurrency: number;
  cascade: CascadePolicy;
  /** The turn's signal: aborting it is the user's interrupt, which reaches every call. */
  turnSignal: AbortSignal;
  /** Whether a block may run beside others (the partition's rule, with the Bash policy applied). */
  isConcurrencySafe: (block: ToolUseBlock) => boolean;
}

/**
 * Runs tool calls while the model's stream is still arriving (SPEC §3.5). Each `tool_use` enters
 * at its block's close through {@link addTool}; a queue scan starts what the start rule allows on
 * every arrival and completion; results come out in the order policy's order.
 *
 * Abort tree: the turn's signal → the sibling controller (a Bash error aborts it, cancelling the
 * siblings but not the turn) → one child controller per call.
 */
export class StreamingToolExecutor {
  private readonly tracker: CallTracker;
  private readonly sibling: ReturnType<typeof childController>;
  private siblingCause: AbortCause | undefined;
  private discarded = false;
  /** The first call that may still be queued: the scan starts here. */
  private scanFrom = 0;
  /** The latest queued unsafe call; while it waits, nothing after it may start. */
  private lastQueuedUnsafe: TrackedCall | undefined;
  /** Counts starts and completions, so text derived from the executing set can be reused. */
  private executingVersion = 0;
  private cachedCapReason: { version: number; text: string } | undefined;

  constructor(private readonly options: StreamingExecutorOptions) {
    this.sibling = childController(options.turnSignal);
    this.tracker = new CallTracker({ ...options, onCompleted: (call) => this.onCompleted(call) });
    options.turnSignal.addEventListener('abort', () => this.onInterrupt(), { once: true });
  }

  /** Every call seen so far, in arrival order. */
  get calls(): readonly TrackedCall[] {
    return this.tracker.calls;
  }

  /** Results yielded so far, in yield order. */
  get results(): readonly ToolResultBlock[] {
    return this.tracker.yielded;
  }

  /** A `tool_use` block closed in the stream: queue it and start it if the rule allows. */
  addTool(block: ToolUseBlock, latencyMs = 0): void {
    if (this.discarded) return;
    const safe = this.options.isConcurrencySafe(block);
    const call = this.tracker.add(block, { safe, concurrent: safe, latencyMs });

    if (this.options.turnSignal.aborted) {
      this.tracker.settleWithoutRunning(call, toolUseError(describeAbort({ kind: 'interrupt' }, false)), 'interrupted');
      return;
    }
    if (this.siblingCause) {
      this.tracker.settleWithoutRunning(call, toolUseError(describeAbort(this.siblingCause, false)), 'cancelled');
      return;
    }
    this.scan();
    if (call.phase.state === 'queued') {
      if (call.phase.waitReason === undefined) this.tracker.wait(call, this.blockReason(call));
      if (!safe) this.lastQueuedUnsafe = call;
    }
  }

  /** The stream has ended: no more calls come. */
  finishStream(): void {
    this.tracker.close();
  }

  /** Resolves with every result, in yield order, once all calls are done (or discarded). */
  async drain(): Promise<readonly ToolResultBlock[]> {
    await this.tracker.whenIdle();
    return this.tracker.yielded;
  }

  /**
   * Streaming fallback: queued calls never start, executing calls are aborted, nothing more is
   * yielded. Resolves once the aborted calls have stopped.
   */
  async discard(): Promise<void> {
    if (this.discarded) return;
    this.discarded = true;
    this.tracker.stopYielding();
    this.tracker.close();
    this.sibling.controller.abort(new CallAbortedError({ kind: 'discard' }));
    await this.tracker.whenIdle();
  }

  /** The queue scan (SPEC §3.5), run on every arrival and every completion. */
  private scan(): void {
    const { maxConcurrency } = this.options;
    const calls = this.tracker.calls;
    const executing = this.tracker.executingCalls;
    while (this.scanFrom < calls.length && calls[this.scanFrom]!.phase.state !== 'queued') this.scanFrom++;
    for (let i = this.scanFrom; i < calls.length; i++) {
      const call = calls[i]!;
      if (call.phase.state !== 'queued') continue;
      const canStart =
        executing.size === 0 || (call.safe && this.executingUnsafe === 0 && executing.size < maxConcurrency);
      if (canStart) {
        if (this.lastQueuedUnsafe === call) this.lastQueuedUnsafe = undefined;
        this.tracker.start(call, this.sibling.signal);
        this.executingVersion++;
        continue;
      }
      this.tracker.wait(call, this.blockReason(call));
      // Past this point nothing can start: an unsafe call may not be overtaken; an unsafe call
      // running, or a full cap, blocks every later call too. Later calls keep the reason they
      // were given, which names a blocker that is still in place.
      if (!call.safe || this.executingUnsafe > 0 || executing.size >= maxConcurrency) break;
    }
  }

  /** How many executing calls are unsafe (at most one, or none; the set is at most the cap). */
  private get executingUnsafe(): number {
    let count = 0;
    for (const call of this.tracker.executingCalls) if (!call.safe) count++;
    return count;
  }

  /** Why `call` cannot start now, in words the page shows. */
  private blockReason(call: TrackedCall): string {
    const blocker = this.lastQueuedUnsafe;
    if (blocker && blocker !== call && blocker.index < call.index) {
      return `waiting: ${labelOf(blocker)} is not concurrency-safe and was queued earlier; nothing may overtake it`;
    }
    const executing = this.tracker.executingCalls;
    let runningUnsafe: TrackedCall | undefined;
    for (const other of executing) if (!other.safe) runningUnsafe = other;
    if (runningUnsafe) return `waiting: ${labelOf(runningUnsafe)} is not concurrency-safe and is executing`;
    if (!call.safe) {
      return `waiting: ${labelOf(call)} is not concurrency-safe and must run alone; ${executing.size} call(s) still executing (${names([...executing])})`;
    }
    return this.capReason();
  }

  /** The cap reason names the executing calls; it is the same for every call until one of them ends. */
  private capReason(): string {
    if (this.cachedCapReason?.version !== this.executingVersion) {
      const executing = [...this.tracker.executingCalls];
      this.cachedCapReason = {
        version: this.executingVersion,
        text: `waiting: the concurrency cap of ${this.options.maxConcurrency} is reached (${names(executing)})`,
      };
    }
    return this.cachedCapReason.text;
  }

  private onCompleted(call: TrackedCall): void {
    this.executingVersion++;
    if (call.phase.state !== 'completed') return;
    const { outcome } = call.phase.settlement;
    const cascades =
      outcome === 'error' &&
      !this.siblingCause &&
      (this.options.cascade === 'any' || (this.options.cascade === 'bash' && call.block.name === 'Bash'));
    if (cascades) {
      this.siblingCause = { kind: 'sibling', failedCall: describeCallForCancel(call.block) };
      this.cancelQueued(this.siblingCause, 'cancelled');
      this.sibling.controller.abort(new CallAbortedError(this.siblingCause));
      return;
    }
    if (!this.discarded && !this.siblingCause && !this.options.turnSignal.aborted) this.scan();
  }

  private onInterrupt(): void {
    if (this.discarded) return;
    this.cancelQueued({ kind: 'interrupt' }, 'interrupted');
  }

  private cancelQueued(cause: AbortCause, outcome: 'cancelled' | 'interrupted'): void {
    for (const call of this.tracker.calls) {
      if (call.phase.state === 'queued') this.tracker.settleWithoutRunning(call, toolUseError(describeAbort(cause, false)), outcome);
    }
    this.lastQueuedUnsafe = undefined;
  }
}

function names(calls: readonly TrackedCall[]): string {
  const shown = calls.slice(0, 3).map(labelOf).join(', ');
  return calls.length > 3 ? `${shown} and ${calls.length - 3} more` : shown;
}

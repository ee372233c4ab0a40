import { kindOfCall, type CallOutcome, type ToolResultBlock, type ToolUseBlock } from '../execution';
import { kindTraits } from '../kinds';
import { CallAbortedError, childController, describeAbort, toolUseError, type AbortCause, type LinkedController } from './abort';
import { CallTracker, type TrackedCall } from './callTracker';
import { labelCall } from './callLabel';
import type { SchedulerOptions, ToolScheduler } from './scheduler';
import { nextStarts, waitCause } from './startRule';
import type { WaitCause } from './waitCause';

/**
 * The scheduler of tool calls (the seed's StreamingToolExecutor, and with `after-stream` timing
 * its non-streaming path too). Each `tool_use` enters at its block's close through
 * {@link addTool}, while the stream goes on; on every arrival and completion the start rule
 * ({@link nextStarts}) says which queued calls start and why the rest wait; results come out in
 * the order policy's order.
 *
 * Abort tree: the turn's signal → this scheduler's turn controller (its {@link interrupt}) → the
 * sibling controller (an error that cascades aborts it, cancelling the siblings but not the turn)
 * → one child controller per call.
 */
export class StreamingToolExecutor implements ToolScheduler {
  private readonly tracker: CallTracker;
  private readonly turn: LinkedController;
  private readonly sibling: LinkedController;
  private readonly cap: number;
  private siblingCause: Extract<AbortCause, { kind: 'sibling' }> | undefined;
  /**
   * An error that cascades only once the turn holds a call that edits no file
   * (`every-error-unless-all-edits`): Claude Code 2.1.47 to 2.1.71 keep the error and check at
   * every later start whether the turn is all edits.
   */
  private heldCascade: Extract<AbortCause, { kind: 'sibling' }> | undefined;
  private discarded = false;
  private streamOpen = true;
  /** Calls in arrival order from the first one that may still be queued: the scan starts here. */
  private readonly queue: TrackedCall[] = [];
  private head = 0;
  /** The latest queued unsafe call: while it waits, nothing after it may start. */
  private lastQueuedUnsafe: TrackedCall | undefined;
  /** The calls waiting behind each queued unsafe call; once it starts, they wait for it to finish. */
  private readonly behind = new Map<TrackedCall, TrackedCall[]>();
  /** Counts starts and completions: a cause made from the executing set holds until it moves. */
  private executingVersion = 0;
  /** The last cause made, and what it was made from: arrivals behind a full cap share one. */
  private lastCause: { key: string; cause: WaitCause } | undefined;

  constructor(private readonly options: SchedulerOptions) {
    this.turn = childController(options.turnSignal);
    this.sibling = childController(this.turn.signal);
    this.cap = options.grouping === 'parallel' ? Infinity : options.maxConcurrency;
    this.tracker = new CallTracker({ ...options, onCompleted: (call) => this.onCompleted(call) });
    this.turn.signal.addEventListener('abort', () => this.onInterrupt(), { once: true });
  }

  /** Every call seen so far, in arrival order. */
  get calls(): readonly TrackedCall[] {
    return this.tracker.calls;
  }

  /** A `tool_use` block closed in the stream: queue it, and start it if the rule allows. */
  addTool(block: ToolUseBlock, latencyMs = 0): void {
    if (this.discarded) return;
    const { grouping } = this.options;
    const safe = this.options.isConcurrencySafe(block);
    const concurrent = grouping === 'parallel' ? true : grouping === 'serial' ? false : safe;
    const call = this.tracker.add(block, { safe, concurrent, latencyMs });
    if (this.heldCascade && !this.editsFile(block)) this.cascade(this.heldCascade);

    // A call arriving after the turn was stopped, or after a sibling's error, never starts.
    if (this.turn.signal.aborted) {
      this.tracker.settleWithoutRunning(call, toolUseError(describeAbort({ kind: 'interrupt' }, false)), 'interrupted');
      return;
    }
    if (this.siblingCause) {
      this.tracker.settleWithoutRunning(call, toolUseError(describeAbort(this.siblingCause, false)), 'cancelled', this.siblingCause.failedId);
      return;
    }
    // The calls started are always a prefix of the queue: behind a queued call, this one cannot start.
    const blockedAhead = this.hasQueued();
    this.queue.push(call);
    if (!blockedAhead) this.scan();
    if (call.phase.state !== 'queued') return;
    const unsafeAhead = this.lastQueuedUnsafe;
    this.tracker.wait(call, this.causeFor(call, unsafeAhead));
    // Under after-stream timing every call waits for the stream; endStream gives the real causes.
    if (this.options.timing === 'after-stream') return;
    if (unsafeAhead) this.behind.get(unsafeAhead)?.push(call);
    if (!concurrent) {
      this.lastQueuedUnsafe = call;
      this.behind.set(call, []);
    }
  }

  /** The stream has ended: no more calls come; under `after-stream` timing, the calls may now start. */
  endStream(): void {
    if (!this.streamOpen) return;
    this.streamOpen = false;
    this.tracker.close();
    if (this.options.timing !== 'after-stream' || this.discarded || this.turn.signal.aborted || this.siblingCause) return;
    this.scan();
    // The whole response is in: every call still queued learns what it now waits for.
    let firstOpenBatch = Infinity;
    for (const call of [...this.tracker.executingCalls, ...this.queued()]) firstOpenBatch = Math.min(firstOpenBatch, call.batch);
    let unsafeAhead: TrackedCall | undefined;
    for (const call of this.queued()) {
      this.tracker.wait(call, this.causeFor(call, unsafeAhead, firstOpenBatch));
      if (!call.concurrent) unsafeAhead = call;
    }
  }

  /** The user's Stop: every call without a result gets one (executing calls are aborted). */
  interrupt(): void {
    this.turn.controller.abort(new CallAbortedError({ kind: 'interrupt' }));
  }

  /**
   * Streaming fallback: queued calls never start, executing calls are aborted, nothing more is
   * yielded. Resolves once the aborted calls have stopped.
   */
  async discard(): Promise<void> {
    if (this.discarded) return;
    this.discarded = true;
    this.streamOpen = false;
    this.tracker.stopYielding();
    this.tracker.close();
    this.sibling.controller.abort(new CallAbortedError({ kind: 'discard' }));
    await this.tracker.whenIdle();
    this.detach();
  }

  /** The results as they become due, in yield order; ends once every call has its result. */
  async *results(): AsyncGenerator<ToolResultBlock, void, void> {
    let next = 0;
    for (;;) {
      const yielded = this.tracker.yielded;
      while (next < yielded.length) yield yielded[next++]!;
      if (this.tracker.isIdle()) break;
      await this.tracker.changed();
    }
    this.detach();
  }


  private detach(): void {
    this.sibling.detach();
    this.turn.detach();
  }

  /** Whether any call is still queued. */
  private hasQueued(): boolean {
    while (this.head < this.queue.length && this.queue[this.head]!.phase.state !== 'queued') this.head++;
    return this.head < this.queue.length;
  }

  /** The queued calls in arrival order (the queue also holds calls that have since left it). */
  private *queued(): Generator<TrackedCall> {
    this.hasQueued();
    for (let i = this.head; i < this.queue.length; i++) {
      const call = this.queue[i]!;
      if (call.phase.state === 'queued') yield call;
    }
  }

  /** The start rule, run on every arrival and every completion (`freedBy`: the call that completed). */
  private scan(freedBy?: string): void {
    const decision = nextStarts({
      queued: this.queued(),
      executing: this.tracker.executingCalls,
      cap: this.cap,
      timing: this.options.timing,
      streamOpen: this.streamOpen,
    });
    for (const call of decision.starts) {
      if (this.lastQueuedUnsafe === call) this.lastQueuedUnsafe = undefined;
      this.executingVersion++;
      this.tracker.start(call, this.sibling.signal, freedBy);
      const waiting = this.behind.get(call);
      if (waiting) {
        this.behind.delete(call);
        for (const other of waiting) this.tracker.wait(other, { kind: 'unsafe-running', blockers: [call.id] });
      }
    }
    if (decision.blocked) this.tracker.wait(decision.blocked.call, decision.blocked.cause);
  }

  private causeFor(call: TrackedCall, unsafeAhead: TrackedCall | undefined, firstOpenBatch?: number): WaitCause {
    const batch = this.options.timing === 'after-stream' ? call.batch : -1;
    const key = `${this.executingVersion}|${unsafeAhead?.id ?? ''}|${call.concurrent}|${this.streamOpen}|${firstOpenBatch ?? ''}|${batch}`;
    if (this.lastCause?.key === key) return this.lastCause.cause;
    const cause = waitCause(call, {
      executing: [...this.tracker.executingCalls],
      cap: this.cap,
      timing: this.options.timing,
      streamOpen: this.streamOpen,
      unsafeAhead,
      ...(firstOpenBatch !== undefined ? { firstOpenBatch } : {}),
    });
    this.lastCause = { key, cause };
    return cause;
  }

  private onCompleted(call: TrackedCall): void {
    this.executingVersion++;
    if (call.phase.state !== 'completed') return;
    if (!this.siblingCause && !this.heldCascade && this.cascades(call, call.phase.settlement.outcome)) {
      const cause = { kind: 'sibling', failedCall: labelCall(call.block), failedId: call.id } as const;
      if (this.options.cascade !== 'every-error-unless-all-edits' || this.tracker.calls.some((each) => !this.editsFile(each.block))) {
        this.cascade(cause);
        return;
      }
      this.heldCascade = cause;
    }
    if (!this.discarded && !this.siblingCause && !this.turn.signal.aborted) this.scan(call.id);
  }

  /** Cancels every sibling still queued or executing, and every call that arrives later. */
  private cascade(cause: Extract<AbortCause, { kind: 'sibling' }>): void {
    this.siblingCause = cause;
    this.heldCascade = undefined;
    this.settleQueued(cause, 'cancelled');
    this.sibling.controller.abort(new CallAbortedError(cause));
  }

  /** Whether a call's tool edits a file (its kind says so): a turn of such calls is spared by `every-error-unless-all-edits`. */
  private editsFile(block: ToolUseBlock): boolean {
    return kindTraits(kindOfCall(this.options.env.pool, block.name)).editsFile;
  }

  /** Whether a call's tool runs a command line (Bash; a log's PowerShell): the shell cascades ask it. */
  private runsCommand(block: ToolUseBlock): boolean {
    return kindOfCall(this.options.env.pool, block.name) === 'execute';
  }

  /** Whether this call's failure cancels its siblings, under the cascade policy. */
  private cascades(call: TrackedCall, outcome: CallOutcome): boolean {
    const anyError = outcome === 'error' || outcome === 'invalid' || outcome === 'denied';
    switch (this.options.cascade) {
      case 'bash':
        return outcome === 'error' && this.runsCommand(call.block);
      case 'any':
        return outcome === 'error';
      case 'every-error':
        return anyError;
      case 'every-error-but-read-only':
        return anyError && !(this.options.isReadOnly?.(call.block) ?? false);
      case 'every-error-unless-all-edits':
        return anyError;
      case 'any-bash-error':
        return anyError && this.runsCommand(call.block);
      case 'any-bash-error-but-read-only':
        return anyError && this.runsCommand(call.block) && !call.safe;
      case 'none':
        return false;
      default: {
        const exhaustive: never = this.options.cascade;
        return exhaustive;
      }
    }
  }

  private onInterrupt(): void {
    if (this.discarded) return;
    this.settleQueued({ kind: 'interrupt' }, 'interrupted');
  }

  /** Gives every queued call its result at once (a cascade or an interrupt). */
  private settleQueued(cause: AbortCause, outcome: 'cancelled' | 'interrupted'): void {
    const by = cause.kind === 'sibling' ? cause.failedId : undefined;
    for (const call of [...this.queued()]) this.tracker.settleWithoutRunning(call, toolUseError(describeAbort(cause, false)), outcome, by);
    this.lastQueuedUnsafe = undefined;
    this.behind.clear();
  }
}

/** A scheduler for one turn. */
export function createScheduler(options: SchedulerOptions): ToolScheduler {
  return new StreamingToolExecutor(options);
}

import type { ResultOrder } from './strategy';
import type { EventSink } from '../events';
import {
  runToolCall,
  type CallOutcome,
  type CallSettlement,
  type SessionEnvironment,
  type ToolResultBlock,
  type ToolUseBlock,
} from '../execution';
import type { ParentMessage, SharedToolContext } from '../types';
import { LazyChildSignal, toolUseError } from './abort';
import { CallEventObserver } from './callEvents';
import { labelCall } from './callLabel';
import { opensBatch } from './partition';
import { describeWait, sameCause, type WaitCause } from './waitCause';

export type { ResultOrder } from './strategy';

/** A call's lifecycle: one member per state, carrying only that state's fields. */
export type CallPhase =
  | { state: 'queued'; cause: WaitCause | undefined }
  | { state: 'executing'; link: LazyChildSignal }
  | { state: 'completed'; settlement: CallSettlement }
  | { state: 'yielded'; settlement: CallSettlement };

/** One call as a scheduler tracks it. */
export interface TrackedCall {
  readonly index: number;
  readonly id: string;
  readonly block: ToolUseBlock;
  /** The tool's own verdict: may it run beside others. */
  readonly safe: boolean;
  /** Whether it runs concurrently under the scheduler's grouping (its safety, or serial/parallel's verdict). */
  readonly concurrent: boolean;
  readonly batch: number;
  readonly latencyMs: number;
  phase: CallPhase;
  /** Set once the call's result is final but will never be sent (streaming fallback). */
  discarded: boolean;
}

export interface CallTrackerOptions {
  env: SessionEnvironment;
  turn: number;
  agent?: string;
  resultOrder: ResultOrder;
  emit: EventSink;
  /** Milliseconds since the run's start. */
  now: () => number;
  parentMessage: ParentMessage;
  /** Called after each call's result is recorded (and before yielding is retried). */
  onCompleted?: (call: TrackedCall) => void;
}

/**
 * The bookkeeping every scheduler shares: it records every call's lifecycle as events (with the
 * cause of every wait), runs a call through the pipeline under a child abort controller, applies
 * context modifiers of unsafe calls, and yields results by the order policy. Deciding *when* a
 * call starts is the start rule's job.
 */
export class CallTracker {
  readonly calls: TrackedCall[] = [];
  readonly yielded: ToolResultBlock[] = [];
  private readonly byId = new Map<string, TrackedCall>();
  private readonly executing = new Set<TrackedCall>();
  private nextToYield = 0;
  /** Calls yielded or discarded: the run of this tracker is over when all are. */
  private finished = 0;
  private closed = false;
  private yieldingStopped = false;
  private listeners: (() => void)[] = [];
  /** Whether each batch, by index, runs its calls concurrently. */
  private readonly batches: boolean[] = [];
  private readonly reasons = new WeakMap<WaitCause, string>();
  private readonly label = (id: string) => {
    const call = this.byId.get(id);
    return call ? labelCall(call.block) : id;
  };

  constructor(private readonly options: CallTrackerOptions) {}

  get executingCalls(): ReadonlySet<TrackedCall> {
    return this.executing;
  }

  /** Records a new call as queued and gives it its batch by the partition's rule. */
  add(block: ToolUseBlock, details: { safe: boolean; concurrent: boolean; latencyMs: number }): TrackedCall {
    if (opensBatch(this.batches[this.batches.length - 1], details.concurrent)) this.batches.push(details.concurrent);
    const batch = this.batches.length - 1;
    const call: TrackedCall = {
      index: this.calls.length,
      id: block.id,
      block,
      safe: details.safe,
      concurrent: details.concurrent,
      batch,
      latencyMs: details.latencyMs,
      phase: { state: 'queued', cause: undefined },
      discarded: false,
    };
    this.calls.push(call);
    this.byId.set(block.id, call);
    this.options.emit({
      type: 'call_queued',
      at: this.options.now(),
      turn: this.options.turn,
      id: block.id,
      name: block.name,
      input: block.inputError !== undefined ? block.inputError : block.input,
      concurrencySafe: details.safe,
      batch,
      concurrentBatch: details.concurrent,
      latencyMs: details.latencyMs,
      ...(this.options.agent !== undefined ? { agent: this.options.agent } : {}),
    });
    return call;
  }

  /** Records why a queued call waits; emits only when the cause changes. */
  wait(call: TrackedCall, cause: WaitCause): void {
    if (call.phase.state !== 'queued' || (call.phase.cause && sameCause(call.phase.cause, cause))) return;
    call.phase.cause = cause;
    this.emitWait(call.id, cause);
  }

  private emitWait(id: string, cause: WaitCause): void {
    // Calls queued behind one full cap share its cause: its sentence is made once.
    let reason = this.reasons.get(cause);
    if (reason === undefined) {
      reason = describeWait(cause, this.label);
      this.reasons.set(cause, reason);
    }
    this.options.emit({ type: 'call_waiting', at: this.options.now(), id, cause, reason });
  }

  /**
   * Starts a queued call under a child controller of `parent`. `freedBy`: the call whose end let
   * this one start; recorded when the call was waiting for a slot under the cap.
   */
  start(call: TrackedCall, parent: AbortSignal, freedBy?: string): void {
    if (call.phase.state !== 'queued') return;
    const freed = freedBy !== undefined && call.phase.cause?.kind === 'cap' ? { freedBy } : {};
    const link = new LazyChildSignal(parent);
    call.phase = { state: 'executing', link };
    this.executing.add(call);
    const { emit, now, env, parentMessage } = this.options;
    emit({ type: 'call_started', at: now(), id: call.id, ...freed });
    void this.run(call, link, env, parentMessage);
  }

  private async run(call: TrackedCall, link: LazyChildSignal, env: CallTrackerOptions['env'], parentMessage: ParentMessage): Promise<void> {
    let settlement: CallSettlement;
    try {
      settlement = await runToolCall(call.block, env, link, {
        latencyMs: call.latencyMs,
        parentMessage,
        observer: new CallEventObserver(call.id, this.options.emit, this.options.now),
      });
    } catch (error: unknown) {
      // runToolCall turns every failure into a result; this is the last line of the invariant.
      settlement = {
        result: {
          type: 'tool_result',
          tool_use_id: call.id,
          content: toolUseError(`The tool call failed before it could report a result: ${String(error)}`),
          is_error: true,
        },
        outcome: 'error',
        display: null,
      };
    }
    link.detach();
    this.executing.delete(call);
    this.complete(call, settlement);
  }

  /** Gives a call that never started its result at once. */
  settleWithoutRunning(call: TrackedCall, content: string, outcome: CallOutcome, cancelledBy?: string): void {
    if (call.phase.state !== 'queued') return;
    this.complete(call, {
      result: { type: 'tool_result', tool_use_id: call.id, content, is_error: true },
      outcome,
      display: null,
      ...(cancelledBy !== undefined ? { cancelledBy } : {}),
    });
  }

  private complete(call: TrackedCall, settlement: CallSettlement): void {
    call.phase = { state: 'completed', settlement };
    if (this.yieldingStopped) {
      // Discarded while running: the result is dropped with the failed response.
      this.markDiscarded(call);
      this.notify();
      return;
    }
    this.options.emit({
      type: 'call_completed',
      at: this.options.now(),
      id: call.id,
      outcome: settlement.outcome,
      result: settlement.result,
      display: settlement.display,
      ...(settlement.cancelledBy !== undefined ? { cancelledBy: settlement.cancelledBy } : {}),
    });
    if (settlement.contextModifier && !call.safe) this.applyContextModifier(settlement);
    this.options.onCompleted?.(call);
    const holder = this.tryYield();
    if (call.phase.state === 'completed' && holder) this.emitWait(call.id, { kind: 'yield-order', waitingFor: holder.id });
    this.notify();
  }

  private applyContextModifier(settlement: CallSettlement): void {
    const shared = this.options.env.shared;
    const before = { ...shared };
    const next = settlement.contextModifier!({ ...shared });
    // Replace, not merge: a modifier may drop a field (ExitPlanMode drops the remembered mode).
    for (const key of Object.keys(shared) as (keyof SharedToolContext)[]) if (!(key in next)) delete shared[key];
    Object.assign(shared, next);
    const tag = this.options.agent !== undefined ? { agent: this.options.agent } : {};
    const at = this.options.now();
    if (shared.permissionMode !== before.permissionMode) {
      this.options.emit({ type: 'permission_mode_changed', at, mode: shared.permissionMode, by: settlement.result.tool_use_id, ...tag });
    }
    if (shared.todos !== before.todos) {
      this.options.emit({ type: 'todos_changed', at, todos: shared.todos.map((todo) => ({ ...todo })), by: settlement.result.tool_use_id, ...tag });
    }
  }

  /**
   * Yields every result that is due under the order policy. Returns the first call that holds
   * later finished results back (the one they wait for), if any.
   */
  tryYield(): TrackedCall | undefined {
    if (this.yieldingStopped) return undefined;
    if (this.options.resultOrder === 'request') {
      while (this.nextToYield < this.calls.length) {
        const call = this.calls[this.nextToYield]!;
        if (call.phase.state !== 'completed') return call;
        this.yieldCall(call);
        this.nextToYield++;
      }
      return undefined;
    }
    // Completion order: a finished call may pass a slower safe sibling, never an unfinished unsafe one.
    let holder: TrackedCall | undefined;
    for (let i = this.nextToYield; i < this.calls.length; i++) {
      const call = this.calls[i]!;
      if (call.phase.state === 'completed') this.yieldCall(call);
      // Nothing after a queued call has started (no call overtakes an earlier one), and nothing
      // may pass an unfinished unsafe call.
      else if (call.phase.state === 'queued' || (call.phase.state === 'executing' && !call.concurrent)) {
        holder = call;
        break;
      }
    }
    while (this.nextToYield < this.calls.length && this.calls[this.nextToYield]!.phase.state === 'yielded') {
      this.nextToYield++;
    }
    return holder;
  }

  private yieldCall(call: TrackedCall): void {
    if (call.phase.state !== 'completed') return;
    const settlement = call.phase.settlement;
    call.phase = { state: 'yielded', settlement };
    this.finished++;
    this.yielded.push(settlement.result);
    this.options.emit({ type: 'call_yielded', at: this.options.now(), id: call.id });
  }

  /**
   * Stops yielding for good (streaming fallback): every call without a yielded result is marked
   * discarded, and results that arrive later are dropped.
   */
  stopYielding(): void {
    this.yieldingStopped = true;
    for (const call of this.calls) {
      if (call.phase.state === 'queued' || call.phase.state === 'completed') this.markDiscarded(call);
    }
  }

  private markDiscarded(call: TrackedCall): void {
    if (call.discarded || call.phase.state === 'yielded') return;
    call.discarded = true;
    this.finished++;
    if (call.phase.state === 'queued') {
      call.phase = {
        state: 'completed',
        settlement: { result: { type: 'tool_result', tool_use_id: call.id, content: '', is_error: true }, outcome: 'discarded', display: null },
      };
    }
    const display = call.phase.state === 'completed' ? call.phase.settlement.display : null;
    this.options.emit({ type: 'call_completed', at: this.options.now(), id: call.id, outcome: 'discarded', result: null, display });
  }

  /** No more calls will be added. */
  close(): void {
    this.closed = true;
    this.notify();
  }

  /** Whether every call has its final result yielded (or discarded) and nothing runs. */
  isIdle(): boolean {
    return this.closed && this.executing.size === 0 && this.finished === this.calls.length;
  }

  /** Resolves on the next change worth looking at (a call finished, a result yielded, the tracker closed). */
  changed(): Promise<void> {
    return new Promise((resolve) => this.listeners.push(resolve));
  }

  /** Resolves once {@link isIdle}. */
  async whenIdle(): Promise<void> {
    while (!this.isIdle()) await this.changed();
  }

  private notify(): void {
    if (this.listeners.length === 0) return;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }
}

import type { EventSink } from '../../run/events';
import {
  runToolCall,
  type CallObserver,
  type CallOutcome,
  type CallSettlement,
  type SessionEnvironment,
  type ToolResultBlock,
  type ToolUseBlock,
} from '../execution';
import type { ParentMessage, SharedToolContext } from '../types';
import { LazyChildSignal, toolUseError } from './abort';

/** The yield policies of SPEC §3.5. */
export type ResultOrder = 'request' | 'completion';

/** A call's lifecycle: one member per state, carrying only that state's fields. */
export type CallPhase =
  | { state: 'queued'; waitReason: string | undefined }
  | { state: 'executing'; link: LazyChildSignal }
  | { state: 'completed'; settlement: CallSettlement }
  | { state: 'yielded'; settlement: CallSettlement };

/** One call as a scheduler tracks it. */
export interface TrackedCall {
  readonly index: number;
  readonly block: ToolUseBlock;
  readonly safe: boolean;
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
 * The bookkeeping both schedulers share: it records every call's lifecycle as events, runs a call
 * through the pipeline under a child abort controller, applies context modifiers of unsafe calls,
 * and yields results by the order policy. Deciding *when* a call starts is the scheduler's job.
 */
export class CallTracker {
  readonly calls: TrackedCall[] = [];
  readonly yielded: ToolResultBlock[] = [];
  private readonly executing = new Set<TrackedCall>();
  private nextToYield = 0;
  /** Calls yielded or discarded: the run of this tracker is over when all are. */
  private finished = 0;
  private closed = false;
  private yieldingStopped = false;
  private readonly idleListeners: (() => void)[] = [];
  /** Whether each batch, by index, runs its calls concurrently. */
  private readonly batches: boolean[] = [];

  constructor(private readonly options: CallTrackerOptions) {}

  /** Whether batch `index` runs its calls concurrently. */
  isConcurrentBatch(index: number): boolean {
    return this.batches[index] === true;
  }

  get executingCalls(): ReadonlySet<TrackedCall> {
    return this.executing;
  }

  /**
   * Records a new call as queued and gives it its batch by the partition's rule: a call that may
   * run concurrently joins the previous batch when that one is concurrent, else opens a new one.
   * `concurrent` is the call's safety under the streaming and batched strategies, and the plan's
   * verdict under serial (never) and parallel (always).
   */
  add(block: ToolUseBlock, details: { safe: boolean; concurrent: boolean; latencyMs: number }): TrackedCall {
    const last = this.batches[this.batches.length - 1];
    if (!(details.concurrent && last === true)) this.batches.push(details.concurrent);
    const batch = this.batches.length - 1;
    const call: TrackedCall = {
      index: this.calls.length,
      block,
      safe: details.safe,
      batch,
      latencyMs: details.latencyMs,
      phase: { state: 'queued', waitReason: undefined },
      discarded: false,
    };
    this.calls.push(call);
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

  /** Records why a queued call waits; emits only when the reason changes. */
  wait(call: TrackedCall, reason: string): void {
    if (call.phase.state !== 'queued' || call.phase.waitReason === reason) return;
    call.phase.waitReason = reason;
    this.options.emit({ type: 'call_waiting', at: this.options.now(), id: call.block.id, reason });
  }

  /** Starts a queued call under a child controller of `parent`. */
  start(call: TrackedCall, parent: AbortSignal): void {
    if (call.phase.state !== 'queued') return;
    const link = new LazyChildSignal(parent);
    call.phase = { state: 'executing', link };
    this.executing.add(call);
    const { emit, now, env, parentMessage } = this.options;
    emit({ type: 'call_started', at: now(), id: call.block.id });
    void this.run(call, link, env, parentMessage);
  }

  private async run(call: TrackedCall, link: LazyChildSignal, env: CallTrackerOptions['env'], parentMessage: ParentMessage): Promise<void> {
    let settlement: CallSettlement;
    try {
      settlement = await runToolCall(call.block, env, link, {
        latencyMs: call.latencyMs,
        parentMessage,
        observer: new CallEventObserver(call.block.id, this.options.emit, this.options.now),
      });
    } catch (error: unknown) {
      // runToolCall turns every failure into a result; this is the last line of the invariant.
      settlement = {
        result: {
          type: 'tool_result',
          tool_use_id: call.block.id,
          content: toolUseError(`Internal error while running the tool: ${String(error)}`),
          is_error: true,
        },
        outcome: 'error',
      };
    }
    link.detach();
    this.executing.delete(call);
    this.complete(call, settlement);
  }

  /** Gives a call that never started its result at once. */
  settleWithoutRunning(call: TrackedCall, content: string, outcome: CallOutcome): void {
    if (call.phase.state !== 'queued') return;
    this.complete(call, {
      result: { type: 'tool_result', tool_use_id: call.block.id, content, is_error: true },
      outcome,
    });
  }

  private complete(call: TrackedCall, settlement: CallSettlement): void {
    if (this.yieldingStopped) {
      // Discarded while running: the result is dropped with the failed response.
      call.phase = { state: 'completed', settlement };
      this.markDiscarded(call);
      this.notifyIfIdle();
      return;
    }
    call.phase = { state: 'completed', settlement };
    this.options.emit({
      type: 'call_completed',
      at: this.options.now(),
      id: call.block.id,
      outcome: settlement.outcome,
      result: settlement.result,
    });
    if (settlement.contextModifier && !call.safe) this.applyContextModifier(settlement);
    this.options.onCompleted?.(call);
    this.tryYield();
    this.notifyIfIdle();
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

  /** Yields every result that is due under the order policy. */
  tryYield(): void {
    if (this.yieldingStopped) return;
    if (this.options.resultOrder === 'request') {
      while (this.nextToYield < this.calls.length) {
        const call = this.calls[this.nextToYield]!;
        if (call.phase.state !== 'completed') break;
        this.yieldCall(call);
        this.nextToYield++;
      }
      return;
    }
    // Completion order: a finished call may pass a slower safe sibling, never an unfinished unsafe one.
    for (let i = this.nextToYield; i < this.calls.length; i++) {
      const call = this.calls[i]!;
      if (call.phase.state === 'completed') this.yieldCall(call);
      // Nothing after a queued call has started (no call overtakes an earlier one), and nothing
      // may pass an unfinished unsafe call.
      else if (call.phase.state === 'queued' || (call.phase.state === 'executing' && !call.safe)) break;
    }
    while (this.nextToYield < this.calls.length && this.calls[this.nextToYield]!.phase.state === 'yielded') {
      this.nextToYield++;
    }
  }

  private yieldCall(call: TrackedCall): void {
    if (call.phase.state !== 'completed') return;
    const settlement = call.phase.settlement;
    call.phase = { state: 'yielded', settlement };
    this.finished++;
    this.yielded.push(settlement.result);
    this.options.emit({ type: 'call_yielded', at: this.options.now(), id: call.block.id });
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
        settlement: { result: { type: 'tool_result', tool_use_id: call.block.id, content: '', is_error: true }, outcome: 'discarded' },
      };
    }
    this.options.emit({ type: 'call_completed', at: this.options.now(), id: call.block.id, outcome: 'discarded', result: null });
  }

  /** No more calls will be added. */
  close(): void {
    this.closed = true;
    this.notifyIfIdle();
  }

  /** Whether every call has its final result yielded (or discarded) and nothing runs. */
  isIdle(): boolean {
    return this.closed && this.executing.size === 0 && this.finished === this.calls.length;
  }

  /** Resolves once {@link isIdle}. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleListeners.push(resolve));
  }

  private notifyIfIdle(): void {
    if (this.idleListeners.length === 0 || !this.isIdle()) return;
    for (const listener of this.idleListeners.splice(0)) listener();
  }
}

/** Turns a call's reports into events (a class, so a call costs no closures). */
class CallEventObserver implements CallObserver {
  constructor(
    private readonly id: string,
    private readonly emit: EventSink,
    private readonly now: () => number,
  ) {}

  onPermissionAsked(reason: string): void {
    this.emit({ type: 'permission_asked', at: this.now(), id: this.id, reason });
  }

  onPermissionAnswered(answer: 'allow' | 'deny'): void {
    this.emit({ type: 'permission_answered', at: this.now(), id: this.id, answer });
  }

  onRunStarted(): void {
    this.emit({ type: 'call_running', at: this.now(), id: this.id });
  }

  onProgress(data: unknown): void {
    this.emit({ type: 'call_progress', at: this.now(), id: this.id, data });
  }
}

/** `Bash(first 40 characters…)`: how a failed call is named in its siblings' cancellation. */
export function describeCallForCancel(block: ToolUseBlock): string {
  const input = (typeof block.input === 'object' && block.input !== null ? block.input : {}) as Record<string, unknown>;
  const subject = [input.command, input.file_path, input.pattern].find((value): value is string => typeof value === 'string');
  if (subject === undefined) return block.name;
  return `${block.name}(${subject.length > 40 ? `${subject.slice(0, 40)}…` : subject})`;
}

/** A short label for wait reasons: `Read(src/a.ts)`. */
export function labelOf(call: TrackedCall): string {
  return describeCallForCancel(call.block);
}

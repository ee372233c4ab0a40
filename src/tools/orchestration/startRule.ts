import type { WaitCause } from './waitCause';

/** What the start rule needs to know of a call. */
export interface SchedulingCall {
  readonly id: string;
  /** Whether it may run beside others (its safety, or the grouping's verdict: serial never, parallel always). */
  readonly concurrent: boolean;
  /** Its batch of the partition. */
  readonly batch: number;
}

/** When a scheduler may start tools: as each block closes, or once the whole response has streamed. */
export type StartTiming = 'during-stream' | 'after-stream';

/** The scheduler's state as the start rule reads it. */
export interface StartState<Call extends SchedulingCall> {
  /** The queued calls, in arrival order. */
  readonly queued: Iterable<Call>;
  readonly executing: Iterable<Call>;
  /** How many calls may execute at once (`Infinity`: no cap). */
  readonly cap: number;
  readonly timing: StartTiming;
  /** Whether the model's response is still streaming (more calls may come). */
  readonly streamOpen: boolean;
}

/** What the start rule decided: the calls to start now, and why the first call left behind waits. */
export interface StartDecision<Call extends SchedulingCall> {
  readonly starts: readonly Call[];
  readonly blocked: { readonly call: Call; readonly cause: WaitCause } | null;
}

/**
 * The start rule, as a pure function. A queued call may start when no call is executing, or when
 * it may run concurrently, every executing call may too, and fewer than `cap` are executing. The
 * queue is scanned in arrival order and the scan stops at the first call that cannot start: an
 * unsafe call may not be overtaken, and a safe call that cannot start (an unsafe call runs, or the
 * cap is reached) leaves every later call unable to start as well. So the calls started are always
 * a prefix of the queue, and the batches that run equal the partition over the arrival order.
 * Under `after-stream` timing nothing starts while the stream is open.
 */
export function nextStarts<Call extends SchedulingCall>(state: StartState<Call>): StartDecision<Call> {
  const { cap, timing, streamOpen } = state;
  const starts: Call[] = [];
  let executing: Call[] | undefined;
  let allConcurrent = true;
  for (const call of state.queued) {
    if (timing === 'after-stream' && streamOpen) return { starts, blocked: { call, cause: { kind: 'stream-open' } } };
    if (!executing) {
      executing = Array.from(state.executing);
      for (const other of executing) allConcurrent &&= other.concurrent;
    }
    const canStart = executing.length === 0 || (call.concurrent && allConcurrent && executing.length < cap);
    if (!canStart) {
      const cause = waitCause(call, { executing, cap, timing, streamOpen, unsafeAhead: undefined });
      return { starts, blocked: { call, cause } };
    }
    starts.push(call);
    executing.push(call);
    allConcurrent &&= call.concurrent;
  }
  return { starts, blocked: null };
}

/** What {@link waitCause} needs besides the call. */
export interface WaitContext<Call extends SchedulingCall> extends Omit<StartState<Call>, 'queued' | 'executing'> {
  readonly executing: readonly Call[];
  /** The nearest unsafe call queued ahead of this one, if any. */
  readonly unsafeAhead: Call | undefined;
  /** The lowest batch that still has calls queued or executing (after-stream timing). */
  readonly firstOpenBatch?: number;
}

/**
 * Why a call that cannot start waits: the first thing in its way. Under `during-stream` timing
 * that is an unsafe call queued ahead of it, else an unsafe call executing, else (for an unsafe
 * call) the executing calls it must wait out, else the cap. Under `after-stream` timing it is the
 * open stream, else an earlier batch that has not finished, else the cap.
 */
export function waitCause<Call extends SchedulingCall>(call: Call, context: WaitContext<Call>): WaitCause {
  const { executing, cap, timing, streamOpen, unsafeAhead } = context;
  if (timing === 'after-stream') {
    if (streamOpen) return { kind: 'stream-open' };
    const firstOpen = context.firstOpenBatch ?? Math.min(call.batch, ...executing.map((other) => other.batch));
    if (firstOpen < call.batch) return { kind: 'previous-batch', batch: call.batch - 1 };
  }
  if (unsafeAhead && unsafeAhead !== call) return { kind: 'unsafe-ahead', blockers: [unsafeAhead.id] };
  const ids: string[] = [];
  const unsafe: string[] = [];
  for (const other of executing) {
    ids.push(other.id);
    if (!other.concurrent) unsafe.push(other.id);
  }
  if (unsafe.length > 0) return { kind: 'unsafe-running', blockers: unsafe };
  if (!call.concurrent) return { kind: 'runs-alone', executing: ids };
  return { kind: 'cap', cap, executing: ids };
}

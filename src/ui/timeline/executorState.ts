import type { CallRecord, RunRecord, TurnRecord } from '../../run/record';
import { labelCall } from '../../tools/orchestration/callLabel';
import type { WaitCauseKind } from '../../tools/orchestration/waitCause';
import { cancelledBy } from '../../run/causeLinks';
import { maxConcurrencyOf } from './concurrencyCap';

/*
 * The executor at one moment, as data for its diagram: the stream bringing blocks, the queue (and
 * what holds its head), the slots up to the cap, the gate that hands results back in order, and
 * the cascade. A fold of the record as drawn, so it moves in step with the timeline and the
 * scrubber.
 */

/** One call in the diagram. */
export interface DiagramCall {
  readonly id: string;
  readonly label: string;
  /** Concurrency-safe (may share the slots). */
  readonly safe: boolean;
}

/** A call in a slot, and what it is doing there. */
export interface SlotCall extends DiagramCall {
  /** Simulated latency and checks, a permission ask, or its tool running (real work). */
  readonly doing: 'latency' | 'asking' | 'running';
}

/** What holds the queue's head, from its open wait. */
export interface Barrier {
  readonly kind: WaitCauseKind;
  /** The call held at the head of the queue. */
  readonly at: string;
  /** The calls it names as in the way. */
  readonly by: readonly string[];
}

/** The executor of one turn at the record's moment. */
export interface ExecutorState {
  /** The main agent's turn shown; `null` before any. */
  readonly turn: number | null;
  readonly streaming: boolean;
  /** The tool_use block the stream is bringing now. */
  readonly arriving: { readonly name: string; readonly id: string } | null;
  readonly blocksSoFar: number;
  readonly queue: readonly DiagramCall[];
  readonly barrier: Barrier | null;
  readonly slots: readonly SlotCall[];
  readonly cap: number;
  /** Finished, held at the gate until the earlier results are handed back (in arrival order). */
  readonly gate: readonly DiagramCall[];
  /** The result the gate waits for (the earliest not handed back), when results wait behind it. */
  readonly gateWaitsFor: DiagramCall | null;
  readonly released: number;
  readonly lastReleased: DiagramCall | null;
  readonly resultOrder: 'request' | 'completion';
  /** The failed call that cancelled its siblings, and how many it cancelled. */
  readonly cascade: { readonly by: DiagramCall; readonly cancelled: number } | null;
  /** The most calls each station held at once in the turn so far: what a finished turn's empty stations held at their busiest. */
  readonly most: { readonly queued: number; readonly slots: number; readonly gate: number };
}

/** The most of `spans` open at one moment; a span that ends as another starts does not overlap it, and an empty span counts for none. */
function mostAtOnce(spans: readonly (readonly [number, number])[]): number {
  const edges: [number, number][] = [];
  for (const [from, to] of spans) if (to > from) edges.push([from, 1], [to, -1]);
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  let most = 0;
  for (const [, step] of edges) most = Math.max(most, (open += step));
  return most;
}

/** The most calls in the queue, the slots and the gate at once, over the turn's calls up to the record's moment. */
function mostOf(calls: readonly CallRecord[]): ExecutorState['most'] {
  const end = (at: number | null) => at ?? Infinity;
  return {
    queued: mostAtOnce(calls.map((call) => [call.queuedAt, end(call.executingAt ?? call.completedAt)])),
    slots: mostAtOnce(calls.flatMap((call) => (call.executingAt === null ? [] : [[call.executingAt, end(call.completedAt)] as const]))),
    gate: mostAtOnce(calls.flatMap((call) => (call.completedAt === null || call.outcome === 'discarded' ? [] : [[call.completedAt, end(call.yieldedAt)] as const]))),
  };
}

const item = (call: CallRecord): DiagramCall => ({ id: call.id, label: labelCall(call), safe: call.concurrencySafe });

/** The turn the diagram shows: the latest main turn that brought tool calls, else the latest turn. */
function shownTurn(record: RunRecord): TurnRecord | null {
  const turns = record.turns;
  const last = turns[turns.length - 1];
  if (!last) return null;
  if (last.calls.length > 0 || last.blocks.some((block) => block.kind === 'tool_use')) return last;
  return turns.findLast((turn) => turn.calls.length > 0) ?? last;
}

/** The executor of the turn shown, at the record's moment. */
export function executorState(record: RunRecord): ExecutorState {
  const turn = shownTurn(record);
  const resultOrder = (record.schedule?.resultOrder ?? record.settings.resultOrder) === 'completion' ? 'completion' : 'request';
  const cap = maxConcurrencyOf(record);
  if (!turn) {
    return { turn: null, streaming: false, arriving: null, blocksSoFar: 0, queue: [], barrier: null, slots: [], cap, gate: [], gateWaitsFor: null, released: 0, lastReleased: null, resultOrder, cascade: null, most: { queued: 0, slots: 0, gate: 0 } };
  }
  const streaming = turn.streamEndedAt === null;
  const open = streaming ? turn.blocks.findLast((block) => block.kind === 'tool_use' && block.stoppedAt === null) : undefined;
  const queue: DiagramCall[] = [];
  const slots: SlotCall[] = [];
  const gate: DiagramCall[] = [];
  let released = 0;
  let lastReleased: CallRecord | null = null;
  let gateWaitsFor: DiagramCall | null = null;
  let barrier: Barrier | null = null;
  let cascadeBy: string | null = null;
  let cancelled = 0;
  for (const call of turn.calls) {
    if (call.yieldedAt !== null) {
      released++;
      if (!lastReleased || call.yieldedAt >= lastReleased.yieldedAt!) lastReleased = call;
    } else if (call.completedAt !== null) {
      if (call.outcome !== 'discarded') gate.push(item(call));
    } else if (call.executingAt !== null) {
      const asking = call.permission !== undefined && call.permission.answeredAt === null;
      slots.push({ ...item(call), doing: asking ? 'asking' : call.runStartedAt !== null ? 'running' : 'latency' });
    } else {
      queue.push(item(call));
      const wait = call.waits[call.waits.length - 1];
      if (!barrier && wait && wait.to === null) {
        const cause = wait.cause;
        const by = cause.kind === 'unsafe-ahead' || cause.kind === 'unsafe-running' ? cause.blockers : cause.kind === 'runs-alone' || cause.kind === 'cap' ? cause.executing : [];
        barrier = { kind: cause.kind, at: call.id, by };
      }
    }
    if (call.outcome === 'cancelled') {
      cancelled++;
      cascadeBy ??= cancelledBy(call);
    }
  }
  if (gate.length > 0) {
    const waitsFor = turn.calls.find((call) => call.yieldedAt === null && call.completedAt === null);
    gateWaitsFor = waitsFor ? item(waitsFor) : null;
  }
  const by = cascadeBy !== null ? turn.calls.find((call) => call.id === cascadeBy) : undefined;
  return {
    turn: turn.index,
    streaming,
    arriving: open ? { name: open.name ?? '?', id: open.id ?? '' } : null,
    blocksSoFar: turn.blocks.filter((block) => block.kind === 'tool_use').length,
    queue,
    barrier,
    slots,
    cap,
    gate,
    gateWaitsFor,
    released,
    lastReleased: lastReleased ? item(lastReleased) : null,
    resultOrder,
    cascade: by ? { by: item(by), cancelled } : null,
    most: mostOf(turn.calls),
  };
}

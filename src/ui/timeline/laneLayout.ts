import type { CallOutcome } from '../../tools/execution';
import { callPhases, type PhaseKind } from '../../run/callPhases';
import type { CallRecord, RunRecord, TurnRecord } from '../../run/record';
import { streamSegments, type StreamSegment } from './streamBars';

/*
 * The rows of the timeline: one lane per call in display order, the bar segments of each call
 * (its phases, from `run/callPhases.ts`, as the text timeline and the Chrome trace draw them),
 * the batch frames around them and the stream bars. Unfinished spans end at `nowMs`, and are
 * marked `open`.
 */

/** What a call was doing over one stretch of its bar (its phases, and the moment of its yield). */
export type SegmentKind = PhaseKind | 'yielded-marker';

/** One stretch of a call's bar. A `yielded-marker` is a moment (`from === to`). */
export interface BarSegment {
  readonly kind: SegmentKind;
  readonly from: number;
  readonly to: number;
  /** The span goes on: `to` is the `nowMs` it was laid out at. */
  readonly open: boolean;
}

/** A call's latest state of `queued → executing → completed → yielded`. */
export type CallState = 'queued' | 'executing' | 'completed' | 'yielded';

/** One row of the timeline. */
export interface Lane {
  /** The row index, top to bottom. */
  readonly row: number;
  readonly call: CallRecord;
  /** 0 for the main agent; 1 for a sub-agent's call under its Agent call; and so on. */
  readonly depth: number;
  readonly turn: number;
  readonly agent?: string;
  readonly batch: number;
  readonly concurrent: boolean;
  readonly state: CallState;
  readonly outcome: CallOutcome | null;
  readonly segments: readonly BarSegment[];
  /** An Agent call's sub-agent streams, drawn thinly inside its lane. */
  readonly stream?: readonly StreamSegment[];
  /** The lane is a folded turn's row (`turnFolds.ts`): its call is the turn's first, its segments all of the turn's. */
  readonly fold?: TurnFold;
}

/** How many tracks a folded turn's strip stacks its calls on (more overlap shares the last). */
export const STRIP_TRACKS = 3;

/** One call in a folded turn's strip. */
export interface StripBar {
  readonly id: string;
  readonly from: number;
  readonly to: number;
  readonly open: boolean;
  readonly outcome: CallOutcome | null;
  /** Which of the strip's tracks it sits on, 0 first. */
  readonly track: number;
}

/** What a folded turn's row says and draws (`turnFolds.ts` makes it). */
export interface TurnFold {
  readonly turn: number;
  readonly open: boolean;
  /** The turn's calls, sub-agents' included. */
  readonly calls: number;
  /** Its tools, most used first: `Read ×4, Bash ×2`. */
  readonly tools: string;
  /** Calls whose outcome is not a success (errors, denials, cancellations, …). */
  readonly failed: number;
  readonly strip: readonly StripBar[];
}

/** The frame around one batch's lanes (and the sub-agent lanes nested in them). */
export interface BatchFrame {
  readonly turn: number;
  readonly agent?: string;
  readonly batch: number;
  readonly concurrent: boolean;
  readonly label: 'concurrent' | 'serial';
  readonly firstRow: number;
  readonly lastRow: number;
  readonly from: number;
  readonly to: number;
  readonly open: boolean;
  readonly callIds: readonly string[];
}

/** The call's latest state. */
export function callState(call: CallRecord): CallState {
  if (call.yieldedAt !== null) return 'yielded';
  if (call.completedAt !== null) return 'completed';
  if (call.executingAt !== null) return 'executing';
  return 'queued';
}

/**
 * When the call's lane stops drawing anything: its yield, or its completion when it is discarded
 * (it will never be yielded); `null` while it goes on.
 */
export function callSpanEnd(call: CallRecord): number | null {
  if (call.yieldedAt !== null) return call.yieldedAt;
  if (call.outcome === 'discarded') return call.completedAt;
  return null;
}

/** The bar of a call, in time order, without overlaps: its phases, then a marker at its yield. */
export function callSegments(call: CallRecord, nowMs: number): BarSegment[] {
  const segments: BarSegment[] = callPhases(call, nowMs);
  if (call.yieldedAt !== null) segments.push({ kind: 'yielded-marker', from: call.yieldedAt, to: call.yieldedAt, open: false });
  return segments;
}

/** The lanes of a run in display order, and the frames of its batches. */
export interface LaneLayout {
  readonly lanes: readonly Lane[];
  readonly batches: readonly BatchFrame[];
  /** The rows of each turn, keyed `agent/turn` (`/turn` for the main agent). */
  readonly turnRows: ReadonlyMap<string, { readonly firstRow: number; readonly lastRow: number }>;
}

/** The key of a turn in `LaneLayout.turnRows`. */
export function turnKey(turn: number, agent: string | undefined): string {
  return `${agent ?? ''}/${turn}`;
}

/**
 * Lanes turn by turn, batch by batch, in each batch the order of its calls; a sub-agent's lanes
 * come right under its Agent call, one level deeper. Calls that no batch lists (an emitter bug)
 * follow their turn's batches, in arrival order, so nothing goes missing.
 */
export function layoutLanes(record: RunRecord, nowMs: number): LaneLayout {
  const lanes: Lane[] = [];
  const batches: BatchFrame[] = [];
  const turnRows = new Map<string, { firstRow: number; lastRow: number }>();

  const addCall = (call: CallRecord, turn: TurnRecord, depth: number, concurrent: boolean): void => {
    const stream = call.children?.flatMap((child) => streamSegments(child, nowMs));
    lanes.push({
      row: lanes.length,
      call,
      depth,
      turn: turn.index,
      ...(turn.agent !== undefined ? { agent: turn.agent } : {}),
      batch: call.batch,
      concurrent,
      state: callState(call),
      outcome: call.outcome,
      segments: callSegments(call, nowMs),
      ...(stream && stream.length > 0 ? { stream } : {}),
    });
    for (const child of call.children ?? []) addTurn(child, depth + 1);
  };

  const addTurn = (turn: TurnRecord, depth: number): void => {
    const firstRow = lanes.length;
    const byId = new Map(turn.calls.map((call) => [call.id, call]));
    const placed = new Set<string>();
    for (const batch of turn.batches) {
      const calls = batch.toolUseIds.flatMap((id) => {
        const call = byId.get(id);
        return call && !placed.has(id) ? [call] : [];
      });
      if (calls.length === 0) continue;
      const batchFirst = lanes.length;
      for (const call of calls) {
        placed.add(call.id);
        addCall(call, turn, depth, batch.concurrent);
      }
      batches.push(frameOf(batch.index, batch.concurrent, calls, turn, batchFirst, lanes.length - 1, nowMs));
    }
    for (const call of turn.calls) if (!placed.has(call.id)) addCall(call, turn, depth, false);
    if (lanes.length > firstRow) turnRows.set(turnKey(turn.index, turn.agent), { firstRow, lastRow: lanes.length - 1 });
  };

  for (const turn of record.turns) addTurn(turn, 0);
  return { lanes, batches, turnRows };
}

function frameOf(
  batch: number,
  concurrent: boolean,
  calls: readonly CallRecord[],
  turn: TurnRecord,
  firstRow: number,
  lastRow: number,
  nowMs: number,
): BatchFrame {
  let from = Infinity;
  let to = -Infinity;
  let open = false;
  for (const call of calls) {
    from = Math.min(from, call.queuedAt);
    const end = callSpanEnd(call);
    if (end === null) open = true;
    else to = Math.max(to, end);
  }
  return {
    turn: turn.index,
    ...(turn.agent !== undefined ? { agent: turn.agent } : {}),
    batch,
    concurrent,
    label: concurrent ? 'concurrent' : 'serial',
    firstRow,
    lastRow,
    from,
    to: open ? Math.max(from, to, nowMs) : to,
    open,
    callIds: calls.map((call) => call.id),
  };
}

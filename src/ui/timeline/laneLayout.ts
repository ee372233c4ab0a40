import type { CallOutcome } from '../../tools/execution';
import type { StreamEnd } from '../../tools/events';
import { callPhases, type PhaseKind } from '../../run/callPhases';
import type { CallRecord, RunRecord, TurnRecord } from '../../run/record';

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

/** One stretch of a model response's stream bar. */
export interface StreamSegment {
  readonly turn: number;
  readonly agent?: string;
  /** `stream`: the response as a whole; `text` and `tool_use`: its content blocks, drawn on top. */
  readonly kind: 'stream' | 'text' | 'tool_use';
  readonly from: number;
  readonly to: number;
  readonly open: boolean;
  readonly label: string;
  /** How the stream ended (`stream` segments only; `null` while it streams). */
  readonly endReason?: StreamEnd | null;
  /** The call a `tool_use` block brought (its lane's call id). */
  readonly blockId?: string;
  /** A `stream` segment that stands for several responses too narrow to tell apart: the last one's turn. */
  readonly lastTurn?: number;
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

/** The stream bar of one turn: the response, then its blocks on top. */
export function streamSegments(turn: TurnRecord, nowMs: number): StreamSegment[] {
  const owner = turn.agent !== undefined ? { agent: turn.agent } : {};
  const streamEnd = turn.streamEndedAt;
  const whole: StreamSegment = {
    turn: turn.index,
    ...owner,
    kind: 'stream',
    from: turn.streamStartedAt,
    to: streamEnd ?? Math.max(turn.streamStartedAt, nowMs),
    open: streamEnd === null,
    label: `turn ${turn.index} stream${turn.streamEndReason ? ` (${turn.streamEndReason})` : ' (streaming)'}`,
    endReason: turn.streamEndReason,
  };
  const blocks = turn.blocks.map((block): StreamSegment => {
    const open = block.stoppedAt === null;
    return {
      turn: turn.index,
      ...owner,
      kind: block.kind,
      from: block.startedAt,
      to: block.stoppedAt ?? Math.max(block.startedAt, whole.to),
      open: open && whole.open,
      label: block.kind === 'text' ? `text: ${oneLine(block.text ?? '', 60)}` : `tool_use ${block.name ?? '?'} (${block.id ?? '?'})`,
      ...(block.kind === 'tool_use' && block.id !== undefined ? { blockId: block.id } : {}),
    };
  });
  return [whole, ...blocks];
}

/**
 * Joins what the scale draws too narrow to tell apart (each under `minWidthPx`, less than
 * `minWidthPx` apart) into one segment: neighbouring responses of one agent (a long session's
 * hundreds of turns at fit width: "turns 12–40"), then, within each response, neighbouring blocks
 * of one kind ("12 tool_use blocks"). So a thousand-block stream draws as a few bars, not a
 * thousand sub-pixel ones. What is wide enough to see stays one segment each.
 */
export function mergeStreamSegments(segments: readonly StreamSegment[], x: (at: number) => number, minWidthPx = 3): StreamSegment[] {
  const narrow = (segment: StreamSegment) => x(segment.to) - x(segment.from) < minWidthPx;
  const joins = (last: StreamSegment, lastTo: number, next: StreamSegment) => narrow(last) && narrow(next) && x(next.from) - x(lastTo) < minWidthPx;
  return joinResponses(segments, joins).flatMap(({ response, blocks }) => [...(response ? [response] : []), ...joinBlocks(blocks, joins)]);
}

/** Responses (a `stream` segment and the blocks after it), neighbours that `joins` says are one made one. */
function joinResponses(
  segments: readonly StreamSegment[],
  joins: (last: StreamSegment, lastTo: number, next: StreamSegment) => boolean,
): { response: StreamSegment | undefined; blocks: StreamSegment[] }[] {
  const responses: { response: StreamSegment | undefined; last: StreamSegment | undefined; count: number; blocks: StreamSegment[] }[] = [];
  for (const segment of segments) {
    const current = responses.at(-1);
    if (segment.kind !== 'stream') {
      if (current) current.blocks.push(segment);
      else responses.push({ response: undefined, last: undefined, count: 0, blocks: [segment] });
      continue;
    }
    if (current?.response && current.last && current.response.agent === segment.agent && joins(current.last, current.response.to, segment)) {
      const { response } = current;
      current.count++;
      current.last = segment;
      current.response = {
        ...response,
        to: Math.max(response.to, segment.to),
        open: response.open || segment.open,
        endReason: segment.endReason,
        lastTurn: segment.turn,
        label: `turns ${response.turn}–${segment.turn} (${current.count} responses)`,
      };
      continue;
    }
    responses.push({ response: segment, last: segment, count: 1, blocks: [] });
  }
  return responses;
}

/** One response's blocks, neighbours of one kind that `joins` says are one made one. */
function joinBlocks(blocks: readonly StreamSegment[], joins: (last: StreamSegment, lastTo: number, next: StreamSegment) => boolean): StreamSegment[] {
  const merged: StreamSegment[] = [];
  let run: { first: StreamSegment; last: StreamSegment; count: number; to: number; open: boolean } | null = null;
  const close = () => {
    if (!run) return;
    merged.push(
      run.count === 1
        ? run.first
        : { turn: run.first.turn, ...(run.first.agent !== undefined ? { agent: run.first.agent } : {}), kind: run.first.kind, from: run.first.from, to: run.to, open: run.open, label: `${run.count} ${run.first.kind} blocks: ${run.first.label} … ${run.last.label}` },
    );
    run = null;
  };
  for (const segment of blocks) {
    if (run && run.first.kind === segment.kind && run.first.agent === segment.agent && joins(run.last, run.to, segment)) {
      run.count++;
      run.last = segment;
      run.to = Math.max(run.to, segment.to);
      run.open ||= segment.open;
      continue;
    }
    close();
    run = { first: segment, last: segment, count: 1, to: segment.to, open: segment.open };
  }
  close();
  return merged;
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
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

import type { StreamEnd } from '../../tools/events';
import type { TurnRecord } from '../../run/record';

/*
 * The stream bars of the timeline: each model response and its content blocks, and, where the
 * scale draws them too narrow to tell apart, neighbours joined into one bar.
 */

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

import type { CallRecord } from '../../run/record';
import type { TimelineLayout } from './layout';
import type { Lane } from './laneLayout';

/*
 * The lane filter: which calls a query keeps, and the layout with only their lanes. A query is
 * words, all of which a call must match (case does not matter): a word matches the tool's name,
 * any text of the input, the outcome (`error`, `cancelled`, …) or the sub-agent; `turn 12` or
 * `turn:12` keeps the calls of that turn.
 */

/** A query taken apart: the words to find, and the turns asked for. */
export interface LaneQuery {
  readonly words: readonly string[];
  readonly turns: readonly number[];
}

/** `null` for a query with nothing in it (everything matches, nothing is filtered). */
export function parseLaneQuery(text: string): LaneQuery | null {
  const turns: number[] = [];
  const rest = text.toLowerCase().replace(/\bturn\s*[:\s]\s*(\d+)\b/g, (_, n: string) => {
    turns.push(Number(n));
    return ' ';
  });
  const words = rest.split(/\s+/).filter((word) => word !== '');
  return words.length === 0 && turns.length === 0 ? null : { words, turns };
}

/** Every string in an input, joined: what "any text of the input" means. */
function inputText(input: unknown, out: string[], depth = 0): void {
  if (typeof input === 'string') out.push(input);
  else if (typeof input === 'number' || typeof input === 'boolean') out.push(String(input));
  else if (input !== null && typeof input === 'object' && depth < 8) {
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
      out.push(key);
      inputText(value, out, depth + 1);
    }
  }
}

// A call's text is made once per call snapshot (a 2,000-call session filters on every key).
const texts = new WeakMap<CallRecord, string>();

/** What a query's words are looked for in: name, input, outcome and sub-agent, lower-cased. */
export function searchText(call: CallRecord): string {
  let text = texts.get(call);
  if (text === undefined) {
    const parts = [call.name];
    inputText(call.input, parts);
    if (call.outcome !== null) parts.push(call.outcome);
    if (call.agent !== undefined) parts.push(call.agent);
    text = parts.join('\n').toLowerCase();
    texts.set(call, text);
  }
  return text;
}

/** Whether the lane's call matches every part of the query. */
export function laneMatches(lane: Pick<Lane, 'call' | 'turn' | 'depth'>, query: LaneQuery): boolean {
  if (query.turns.length > 0 && (lane.depth > 0 || !query.turns.includes(lane.turn))) return false;
  const text = searchText(lane.call);
  return query.words.every((word) => text.includes(word));
}

/**
 * The layout with only the matching lanes, one after another from row 0. Frames, cap markers and
 * background shells speak of rows that are no longer together, so they go; each turn's line
 * starts at its first matching lane.
 */
export function filterLayout(layout: TimelineLayout, query: LaneQuery | null): TimelineLayout {
  if (query === null) return layout;
  const lanes: Lane[] = [];
  const firstRowOfTurn = new Map<number, number>();
  for (const lane of layout.lanes) {
    if (!laneMatches(lane, query)) continue;
    const row = lanes.length;
    if (lane.depth === 0 && !firstRowOfTurn.has(lane.turn)) firstRowOfTurn.set(lane.turn, row);
    lanes.push({ ...lane, row });
  }
  const turnStarts = layout.turnStarts.flatMap((start) => {
    const firstRow = firstRowOfTurn.get(start.turn);
    return firstRow === undefined ? [] : [{ ...start, firstRow }];
  });
  return { ...layout, lanes, batches: [], capMarkers: [], background: [], turnStarts };
}

import { callSpanEnd, STRIP_TRACKS, type Lane, type StripBar, type TurnFold } from './laneLayout';
import type { TimelineLayout } from './layout';

/*
 * Turns folded into one row each: a long session's 2,000 lanes become its few hundred turns, each
 * a row whose strip draws its calls, and a click unfolds one turn's lanes under its row. The
 * folding is a transform of the laid-out lanes (as the filter is): rows are renumbered, and what
 * points at rows (batch frames, cap bands, turn lines, background lanes) follows them.
 */

/**
 * A session as it ran opens with its turns folded above this many calls: past a few screens of
 * lanes, a row per turn is what can be read (a 2,000-call session is about 300 turns).
 */
export const FOLD_TURNS_ABOVE = 200;

/** A turn of fewer calls than this keeps its lanes as they are: a row of one call says no more than its lane. */
export const FOLD_MIN_CALLS = 2;

/** The turn's row's words, what tells turns apart first: `T12 · 7 calls, 1 failed: Read ×4, Bash ×3`. */
export function foldText(fold: TurnFold): string {
  return `T${fold.turn} · ${fold.calls} calls${fold.failed > 0 ? `, ${fold.failed} failed` : ''}: ${fold.tools}`;
}

/** Tools by how often they were called, most first (ties in order of first use), the rest counted. */
function toolCounts(lanes: readonly Lane[], shown = 3): string {
  const counts = new Map<string, number>();
  for (const lane of lanes) counts.set(lane.call.name, (counts.get(lane.call.name) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  const named = sorted.slice(0, shown).map(([name, count]) => (count > 1 ? `${name} ×${count}` : name));
  const others = sorted.length - shown;
  return [...named, ...(others > 0 ? [`${others} more`] : [])].join(', ');
}

/** Each call's bar on the first track free at its start (or the one freed soonest). */
function stripOf(lanes: readonly Lane[]): StripBar[] {
  const ends: number[] = [];
  return lanes.map((lane): StripBar => {
    const { call } = lane;
    const from = lane.segments[0]?.from ?? call.queuedAt;
    const last = lane.segments.at(-1);
    const end = callSpanEnd(call);
    const to = end ?? last?.to ?? from;
    let track = ends.findIndex((at) => at <= from);
    if (track < 0) track = ends.length < STRIP_TRACKS ? ends.length : ends.indexOf(Math.min(...ends));
    ends[track] = Math.max(ends[track] ?? to, to);
    return { id: call.id, from, to, open: end === null && (last?.open ?? false), outcome: lane.outcome, track };
  });
}

/** The lanes in turns: a main-agent lane starts a turn's group, a sub-agent's nested lanes belong to it. */
function turnGroups(lanes: readonly Lane[]): Lane[][] {
  const groups: Lane[][] = [];
  for (const lane of lanes) {
    const current = groups.at(-1);
    if (current && (lane.depth > 0 || current[0]!.turn === lane.turn)) current.push(lane);
    else groups.push([lane]);
  }
  return groups;
}

/**
 * The layout with every turn of at least {@link FOLD_MIN_CALLS} calls as one row, its lanes under
 * it for the turns in `open`. The row is a lane of its own (`fold` set; its call is the turn's
 * first, its segments all of the turn's, so the overview and the time window see the whole turn).
 */
export function foldTurns(layout: TimelineLayout, open: ReadonlySet<number>): TimelineLayout {
  const groups = turnGroups(layout.lanes);
  if (!groups.some((group) => group.length >= FOLD_MIN_CALLS)) return layout;
  const lanes: Lane[] = [];
  // Old row → new row: a lane's own, or its folded turn's row.
  const rowOf: number[] = [];
  const shown = new Set<number>();
  // Each turn's first row (its own row when it is folded or open).
  const turnRow = new Map<number, number>();
  for (const group of groups) {
    if (!turnRow.has(group[0]!.turn)) turnRow.set(group[0]!.turn, lanes.length);
    if (group.length < FOLD_MIN_CALLS) {
      for (const lane of group) place(lane);
      continue;
    }
    const first = group[0]!;
    const isOpen = open.has(first.turn);
    const fold: TurnFold = {
      turn: first.turn,
      open: isOpen,
      calls: group.length,
      tools: toolCounts(group),
      failed: group.filter((lane) => lane.outcome !== null && lane.outcome !== 'success').length,
      strip: stripOf(group),
    };
    const row = lanes.length;
    lanes.push({ ...first, row, depth: 0, segments: group.flatMap((lane) => lane.segments), fold });
    if (isOpen) for (const lane of group) place(lane);
    else for (const lane of group) rowOf[lane.row] = row;
  }

  function place(lane: Lane): void {
    rowOf[lane.row] = lanes.length;
    shown.add(lane.row);
    lanes.push({ ...lane, row: lanes.length });
  }

  const moved = (row: number) => rowOf[row] ?? row;
  return {
    ...layout,
    lanes,
    // A folded turn's frames would all sit on its one row: its strip says what they said.
    batches: layout.batches.filter((frame) => shown.has(frame.firstRow)).map((frame) => ({ ...frame, firstRow: moved(frame.firstRow), lastRow: moved(frame.lastRow) })),
    capMarkers: layout.capMarkers.map((marker) => ({ ...marker, firstRow: moved(marker.firstRow), lastRow: moved(marker.lastRow) })),
    turnStarts: layout.turnStarts.map((start) => {
      const firstRow = turnRow.get(start.turn) ?? moved(start.firstRow);
      return { ...start, firstRow, ...(lanes[firstRow]?.fold ? { named: true } : {}) };
    }),
    background: layout.background.map((lane, i) => ({ ...lane, row: lanes.length + i })),
  };
}

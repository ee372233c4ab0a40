import type { TimelineLayout } from './layout';
import type { Lane } from './laneLayout';

/** When a lane's bar begins and ends (its call's queueing to its last segment). */
export function laneSpan(lane: Pick<Lane, 'call' | 'segments'>): readonly [number, number] {
  const from = lane.segments[0]?.from ?? lane.call.queuedAt;
  const to = lane.segments.reduce((end, segment) => Math.max(end, segment.to), from);
  return [from, to];
}

/**
 * Where the rows should go so that a zoomed or panned view shows calls of its time window: `null`
 * when a lane among rows `[first, end)` already has a bar in `[fromMs, toMs]` (or no lane has
 * one), else the row of the nearest lane that does, looking down first.
 */
export function rowForWindow(lanes: readonly Lane[], fromMs: number, toMs: number, first: number, end: number): number | null {
  const inWindow = (lane: Lane) => {
    const [from, to] = laneSpan(lane);
    return from <= toMs && to >= fromMs;
  };
  for (let row = Math.max(0, first); row < Math.min(end, lanes.length); row++) if (inWindow(lanes[row]!)) return null;
  for (let row = Math.max(0, end); row < lanes.length; row++) if (inWindow(lanes[row]!)) return row;
  for (let row = Math.min(first, lanes.length) - 1; row >= 0; row--) if (inWindow(lanes[row]!)) return row;
  return null;
}

/**
 * The layout with only what touches `[fromPx, toPx]` of the track in the header and behind the
 * lanes (ticks, stream, marks, folds, frames): a deep zoom would otherwise lay out
 * thousands of ticks and stream bars nobody sees. The lanes themselves are kept whole.
 */
export function windowLayout(layout: TimelineLayout, fromPx: number, toPx: number): TimelineLayout {
  const { x } = layout.scale;
  if (fromPx <= 0 && toPx >= layout.scale.widthPx) return layout;
  const spans = (from: number, to: number) => x(to) >= fromPx && x(from) <= toPx;
  return {
    ...layout,
    ticks: layout.ticks.filter((tick) => tick.x >= fromPx && tick.x <= toPx),
    stream: layout.stream.filter((segment) => spans(segment.from, segment.to)),
    marks: layout.marks.filter((mark) => mark.x >= fromPx - 200 && mark.x <= toPx),
    gaps: layout.gaps.filter((gap) => spans(gap.from, gap.to)),
    batches: layout.batches.filter((frame) => spans(frame.from, frame.to)),
    capMarkers: layout.capMarkers.filter((marker) => spans(marker.at, marker.until)),
  };
}

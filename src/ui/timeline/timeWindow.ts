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

import { formatTick, niceStep } from '../../run/timeText';
import type { TimeScale } from './timeScale';

export { formatMs, formatTick, niceStep } from '../../run/timeText';

/** One labelled tick of the time axis. */
export interface AxisTick {
  readonly at: number;
  readonly x: number;
  readonly label: string;
}

/**
 * Ticks at round steps (1, 2, 2.5, 5 × 10ⁿ ms) at least `minSpacingPx` apart. With idle time
 * collapsed, the step suits the drawn time; no tick falls inside a collapsed gap, and a tick
 * crowding the previous one (just after a gap) is dropped.
 */
export function axisTicks(scale: TimeScale, minSpacingPx = 72): AxisTick[] {
  const drawnSpan = scale.widthPx / scale.pxPerMs;
  const step = niceStep((drawnSpan * minSpacingPx) / scale.widthPx);
  const gaps = scale.map.gaps;
  const ticks: AxisTick[] = [];
  let gapIndex = 0;
  // Ticks at k × step (integer k), so repeated addition never drifts a label to "0.30000000000000004".
  const last = Math.floor(scale.endMs / step + 1e-9);
  for (let k = Math.ceil(scale.startMs / step - 1e-9); k <= last; k++) {
    const at = Number((k * step).toPrecision(12));
    while (gapIndex < gaps.length && gaps[gapIndex]!.to <= at) gapIndex++;
    const gap = gaps[gapIndex];
    if (gap && gap.from < at && at < gap.to) {
      k = Math.ceil(gap.to / step - 1e-9) - 1;
      continue;
    }
    const x = scale.x(at);
    const previous = ticks[ticks.length - 1];
    if (!previous || x - previous.x >= minSpacingPx / 2) ticks.push({ at, x, label: formatTick(at, step) });
  }
  return ticks;
}

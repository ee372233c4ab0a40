import { formatTick, niceStep } from '../../run/timeText';
import type { TimeScale } from './timeScale';

export { formatMs, formatTick, niceStep } from '../../run/timeText';

/** One labelled tick of the time axis. */
export interface AxisTick {
  readonly at: number;
  readonly x: number;
  readonly label: string;
  /** Its label would pass the track's end: it is drawn to the left of its line instead. */
  readonly atEnd?: true;
}

/** About how wide a tick label's character is, in pixels. */
const LABEL_CHAR_PX = 6.5;

/**
 * Ticks at round steps (1, 2, 2.5, 5 × 10ⁿ ms; the clock's past 20 s) at least `minSpacingPx`
 * apart. With idle time collapsed, the stretches between folds are drawn at one pace, so they share
 * the step; no tick falls inside a fold, and each stretch after a fold starts with a tick at its
 * own time, so the time reads on both sides of every fold. A tick crowding the previous one is
 * dropped.
 */
export function axisTicks(scale: TimeScale, minSpacingPx = 72): AxisTick[] {
  const step = niceStep(minSpacingPx / scale.pxPerMs);
  const ticks: AxisTick[] = [];
  const add = (at: number) => {
    const x = scale.x(at);
    const previous = ticks[ticks.length - 1];
    // Far enough from the previous tick for both labels to read ("1:25:13" is wider than "5 s").
    if (!previous || x - previous.x >= Math.max(minSpacingPx / 2, previous.label.length * LABEL_CHAR_PX + 10)) ticks.push({ at, x, label: formatTick(at, step) });
  };
  let from = scale.startMs;
  const stretch = (to: number, afterFold: boolean) => {
    if (afterFold) add(from);
    // Ticks at k × step (integer k), so repeated addition never drifts a label to "0.30000000000000004".
    const last = Math.floor(to / step + 1e-9);
    for (let k = Math.ceil(from / step - 1e-9); k <= last; k++) add(Number((k * step).toPrecision(12)));
  };
  let afterFold = false;
  for (const gap of scale.map.gaps) {
    if (gap.to <= from) continue;
    if (gap.from >= scale.endMs) break;
    if (gap.from > from) stretch(gap.from, afterFold);
    from = gap.to;
    afterFold = true;
  }
  if (from <= scale.endMs) stretch(scale.endMs, afterFold);
  // A label that would pass the track's end reads leftwards from its line; one that would then
  // cover the label before it is left out.
  const end = scale.x(scale.endMs);
  const width = (tick: AxisTick) => tick.label.length * LABEL_CHAR_PX + 6;
  const placed: AxisTick[] = [];
  for (const tick of ticks) {
    if (tick.x + width(tick) <= end) placed.push(tick);
    else {
      const before = placed.at(-1);
      if (!before || tick.x - width(tick) >= before.x + width(before)) placed.push({ ...tick, atEnd: true });
    }
  }
  return placed;
}

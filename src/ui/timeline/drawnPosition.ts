import type { CSSProperties } from 'react';
import type { TimeMap } from './timeScale';

/*
 * Elements are placed in drawn time through CSS variables set once on the timeline's root:
 * `--t0` (the drawn time at x = 0), `--ppm` (pixels per drawn millisecond) and `--now` (the drawn
 * time now, moved every frame while the run goes on). A zoom, a growing view or the clock ticking
 * then changes a variable, not the props of every lane, so React stays out of per-frame work.
 */

/** The x of a drawn time, as CSS. */
export function drawnX(drawn: number): string {
  return `calc((${round(drawn)} - var(--t0)) * var(--ppm) * 1px)`;
}

/** The left and width of a span of run time; an open span reaches to `--now`. */
export function spanStyle(map: TimeMap, from: number, to: number, open: boolean): CSSProperties {
  const start = map.toDrawn(from);
  const width = open ? `calc((var(--now) - ${round(start)}) * var(--ppm) * 1px)` : `calc(${round(map.toDrawn(to) - start)} * var(--ppm) * 1px)`;
  return { left: drawnX(start), width };
}

/** Three decimals are plenty for pixels and keep the style strings short. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

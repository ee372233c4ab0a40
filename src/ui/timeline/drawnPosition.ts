import type { CSSProperties } from 'react';
import type { TimeMap } from './timeScale';

/*
 * Elements are placed in drawn time through CSS variables on the timeline's root: `--t0` (the
 * drawn time at x = 0) and `--ppm` (pixels per drawn millisecond). A zoom or a growing view then
 * changes a variable, not the props of every lane. The drawn time now, `--now`, is not on the root:
 * changing an inherited variable there restyles every element below it, and the clock moves every
 * frame. It sits on the few elements that reach to now (open spans, marked `tl-open`, and the now
 * line), and `setDrawnNow` moves it on them alone.
 */

/** The class of an element whose width reaches to `--now`. */
export const OPEN_CLASS = 'tl-open';

/** The x of a drawn time, as CSS. */
export function drawnX(drawn: number): string {
  return `calc((${round(drawn)} - var(--t0)) * var(--ppm) * 1px)`;
}

/**
 * The left and width of a span of run time. An open span reaches to `--now`, which starts at `to`
 * (the latest event) and moves with the clock; give its element the class {@link OPEN_CLASS}.
 */
export function spanStyle(map: TimeMap, from: number, to: number, open: boolean): CSSProperties {
  const start = map.toDrawn(from);
  if (!open) return { left: drawnX(start), width: `calc(${round(map.toDrawn(to) - start)} * var(--ppm) * 1px)` };
  return { left: drawnX(start), width: `calc((var(--now) - ${round(start)}) * var(--ppm) * 1px)`, ['--now' as string]: String(round(map.toDrawn(to))) };
}

/** Moves `--now` on the open spans and the now line under `root` (a handful of elements). */
export function setDrawnNow(root: HTMLElement, drawn: number): void {
  const value = String(round(drawn));
  for (const element of root.querySelectorAll<HTMLElement>(`.${OPEN_CLASS}, .tl-now`)) element.style.setProperty('--now', value);
}

/** Three decimals are plenty for pixels and keep the style strings short. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

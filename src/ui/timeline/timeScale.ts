/*
 * Run time → pixels. Two steps: a `TimeMap` takes run time to "drawn time" (the same, or with
 * long idle gaps shortened), then a `TimeScale` maps drawn time linearly onto the view's width.
 * Keeping the steps apart lets the page position bars in drawn time through CSS variables, so a
 * zoom or a growing view changes two variables instead of re-rendering every lane.
 */

/** A time span in milliseconds; `end >= start`. */
export interface TimeSpan {
  readonly start: number;
  readonly end: number;
}

/** A stretch of run time with nothing going on, drawn `shownMs` long when idle time is collapsed. */
export interface IdleGap {
  readonly from: number;
  readonly to: number;
  readonly shownMs: number;
}

/** Run time ↔ drawn time. Monotonic and invertible; the identity when nothing is collapsed. */
export interface TimeMap {
  readonly gaps: readonly IdleGap[];
  /** Changes exactly when the mapping does (for memoising on it). */
  readonly key: string;
  readonly toDrawn: (at: number) => number;
  readonly toRun: (drawn: number) => number;
}

/** The identity map: no idle time collapsed. */
export const LINEAR_TIME: TimeMap = { gaps: [], key: 'linear', toDrawn: (at) => at, toRun: (drawn) => drawn };

/** The spans merged where they overlap or touch, in time order. */
export function mergeSpans(spans: readonly TimeSpan[]): TimeSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: { start: number; end: number }[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ start: span.start, end: span.end });
  }
  return merged;
}

/**
 * A map that draws every idle gap longer than `overMs` (time covered by none of `busy`) as
 * `overMs` long, so a long sleep no longer squeezes the rest of the run. A gap just over the
 * threshold barely changes, so toggling the mode never makes anything jump far.
 */
export function collapsedTimeMap(busy: readonly TimeSpan[], overMs: number, shownMs = overMs): TimeMap {
  const merged = mergeSpans(busy);
  const gaps: IdleGap[] = [];
  for (let i = 1; i < merged.length; i++) {
    const from = merged[i - 1]!.end;
    const to = merged[i]!.start;
    if (to - from > overMs) gaps.push({ from, to, shownMs: Math.min(shownMs, overMs) });
  }
  if (gaps.length === 0) return LINEAR_TIME;
  // removedBefore[i]: how much time the gaps before gap i take out of the drawing.
  const removedBefore: number[] = [];
  let removed = 0;
  for (const gap of gaps) {
    removedBefore.push(removed);
    removed += gap.to - gap.from - gap.shownMs;
  }
  const drawnFrom = gaps.map((gap, i) => gap.from - removedBefore[i]!);
  return {
    gaps,
    key: gaps.map((gap) => `${gap.from}-${gap.to}-${gap.shownMs}`).join(','),
    toDrawn: (at) => {
      const i = lastIndexBelow(gaps, at, (gap) => gap.from);
      if (i < 0) return at;
      const gap = gaps[i]!;
      if (at >= gap.to) return at - removedBefore[i]! - (gap.to - gap.from - gap.shownMs);
      return drawnFrom[i]! + ((at - gap.from) * gap.shownMs) / (gap.to - gap.from);
    },
    toRun: (drawn) => {
      const i = lastIndexBelow(drawnFrom, drawn, (value) => value);
      if (i < 0) return drawn;
      const gap = gaps[i]!;
      const start = drawnFrom[i]!;
      if (drawn >= start + gap.shownMs) return drawn + removedBefore[i]! + (gap.to - gap.from - gap.shownMs);
      return gap.from + ((drawn - start) * (gap.to - gap.from)) / gap.shownMs;
    },
  };
}

/** The index of the last item whose key is below `value` (keys ascending), or -1. */
function lastIndexBelow<T>(items: readonly T[], value: number, keyOf: (item: T) => number): number {
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (keyOf(items[mid]!) < value) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * Which idle stretches are folded, and how long each fold is drawn. A lesson's folds are drawn as
 * long as the threshold (toggling never moves anything far); a session's are shorter, so its
 * hours of waiting give their width to its calls.
 */
export interface IdleFold {
  readonly overMs: number;
  readonly shownMs: number;
}

export const LESSON_FOLD: IdleFold = { overMs: 1000, shownMs: 1000 };
export const SESSION_FOLD: IdleFold = { overMs: 30_000, shownMs: 10_000 };

/** What part of the run is drawn, over how many pixels. Times are run times. */
export interface TimelineView {
  readonly widthPx: number;
  readonly startMs: number;
  readonly endMs: number;
  /** Collapse idle gaps longer than this many milliseconds; absent: draw time linearly. */
  readonly collapseIdleOverMs?: number;
}

/** The view's run time ↔ x mapping. */
export interface TimeScale {
  readonly widthPx: number;
  readonly startMs: number;
  readonly endMs: number;
  readonly map: TimeMap;
  /** Pixels per drawn millisecond. */
  readonly pxPerMs: number;
  /** The drawn time at x = 0. */
  readonly drawnStart: number;
  /** Run time → x in pixels (0 at `startMs`, `widthPx` at `endMs`). */
  readonly x: (at: number) => number;
  /** x in pixels → run time (the inverse of `x`, for hover). */
  readonly time: (x: number) => number;
}

/** The scale of a view through a time map. */
export function createScale(view: TimelineView, map: TimeMap = LINEAR_TIME): TimeScale {
  const drawnStart = map.toDrawn(view.startMs);
  const drawnSpan = Math.max(1e-6, map.toDrawn(view.endMs) - drawnStart);
  const widthPx = Math.max(1, view.widthPx);
  const pxPerMs = widthPx / drawnSpan;
  return {
    widthPx,
    startMs: view.startMs,
    endMs: view.endMs,
    map,
    pxPerMs,
    drawnStart,
    x: (at) => (map.toDrawn(at) - drawnStart) * pxPerMs,
    time: (x) => map.toRun(drawnStart + x / pxPerMs),
  };
}

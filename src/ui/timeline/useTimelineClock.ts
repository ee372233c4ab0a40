import { useEffect, useRef, type RefObject } from 'react';
import { setDrawnNow } from './drawnPosition';
import type { TimeMap } from './timeScale';

/** What the frame loop reads: the latest values, kept in a ref so the loop need not restart on every record. */
export interface ClockInputs {
  now: () => number;
  map: TimeMap;
  /** The view's end (run time). */
  endMs: number;
  startMs: number;
  /** The latest event's time (an open bar never looks shorter than a closed one). */
  latestMs: number;
  /** Drawn time at x = 0 of the track, and pixels per drawn millisecond. */
  drawnStart: number;
  pxPerMs: number;
  labelWidth: number;
  /** The view follows the now line (when zoomed in). */
  follow: boolean;
}

/** How far the view reaches ahead of `now` while running, so the scale changes only now and then. */
export function grownEnd(nowMs: number, startMs: number): number {
  return nowMs + Math.max(500, (nowMs - startMs) * 0.5);
}

/**
 * While running, every frame: moves the now line and the open bars (a CSS variable on a handful of
 * elements, outside React), grows the view ahead of now (`onGrow`, now and then), and with
 * `follow` on scrolls the track so the now line stays in view. A scroll by hand that moves the
 * track turns following off (`onUserScroll`).
 */
export function useTimelineClock(
  running: boolean,
  rootRef: RefObject<HTMLElement | null>,
  scrollerRef: RefObject<HTMLDivElement | null>,
  inputs: ClockInputs,
  onGrow: (endMs: number) => void,
  onUserScroll: () => void,
): void {
  const live = useRef(inputs);
  const handlers = useRef({ onGrow, onUserScroll });
  const ownScroll = useRef<number | null>(null);
  useEffect(() => {
    live.current = inputs;
    handlers.current = { onGrow, onUserScroll };
  });

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const onScroll = () => {
      const mine = ownScroll.current;
      if (mine !== null && Math.abs(scroller.scrollLeft - mine) < 2) return;
      ownScroll.current = null;
      if (live.current.follow && scroller.scrollWidth > scroller.clientWidth + 1) handlers.current.onUserScroll();
    };
    // Only a person scrolls with a wheel, a key or the scrollbar; the loop marks its own scrolls.
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [scrollerRef]);

  useEffect(() => {
    if (!running) return;
    let frame = 0;
    const tick = () => {
      const { now, map, endMs, startMs, latestMs, drawnStart, pxPerMs, labelWidth, follow } = live.current;
      const at = Math.max(latestMs, now());
      const drawn = map.toDrawn(at);
      if (rootRef.current) setDrawnNow(rootRef.current, drawn);
      const margin = grownEnd(at, startMs) - at;
      if (at > endMs || endMs - at > 3 * margin) handlers.current.onGrow(grownEnd(at, startMs));
      const scroller = scrollerRef.current;
      if (follow && scroller && scroller.scrollWidth > scroller.clientWidth + 1) {
        const x = (drawn - drawnStart) * pxPerMs;
        const visible = scroller.clientWidth - labelWidth;
        if (x > scroller.scrollLeft + visible * 0.85 || x < scroller.scrollLeft) {
          const target = Math.min(scroller.scrollWidth - scroller.clientWidth, Math.max(0, Math.round(x - visible * 0.6)));
          ownScroll.current = target;
          scroller.scrollLeft = target;
        }
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [running, rootRef, scrollerRef]);
}

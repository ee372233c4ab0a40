import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { Lane } from './laneLayout';
import { ROW_HEIGHT } from './TimelineLane';
import { laneSpan, rowForWindow } from './timeWindow';
import { ZOOM_STEP } from './useTimelineView';

const KEY_PAN = 0.2;
/** One notch of a mouse wheel (100 px of delta) zooms by this much; a pinch's small deltas, less. */
const WHEEL_ZOOM_PER_100PX = 1.4;

export interface GestureInput {
  scrollerRef: RefObject<HTMLDivElement | null>;
  labelWidth: number;
  zoomBy: (factor: number, atPx?: number) => void;
  panBy: (fraction: number) => void;
  /** The lanes shown, by row. */
  lanes: readonly Lane[];
  /** The lane chosen, if any: W/S and + − zoom at it. */
  chosen: Lane | undefined;
  /** Track x → run time, and run time → track x, at the current zoom. */
  time: (x: number) => number;
  x: (ms: number) => number;
  /** How many rows the scroller shows. */
  viewportRows: number;
  onScrollRow: (row: number) => void;
}

/**
 * Zoom and pan as in Perfetto: Ctrl/⌘+wheel and pinch zoom at the pointer, W/S zoom and A/D pan
 * (at the selection when there is one), + and − too; and when a zoom or a pan leaves no call of
 * the time window among the rows in view, the rows move to the nearest one that has.
 */
export function useTimelineGestures({ scrollerRef, labelWidth, zoomBy, panBy, lanes, chosen, time, x, viewportRows, onScrollRow }: GestureInput) {
  // The latest values for the wheel listener, which is added once (it must not be passive).
  const latest = useRef({ labelWidth, zoomBy });
  useLayoutEffect(() => {
    latest.current = { labelWidth, zoomBy };
  });

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const pixels = event.deltaMode === 1 ? event.deltaY * 33 : event.deltaY;
      const factor = Math.pow(WHEEL_ZOOM_PER_100PX, -pixels / 100);
      const atPx = event.clientX - scroller.getBoundingClientRect().left - latest.current.labelWidth;
      latest.current.zoomBy(factor, atPx);
    };
    scroller.addEventListener('wheel', onWheel, { passive: false });
    return () => scroller.removeEventListener('wheel', onWheel);
  }, [scrollerRef]);

  // Rows follow the window: checked when the view moves along time, and when a zoom is drawn (a
  // zoom gesture's own steps are not: the scale they are drawn at is ahead of React's).
  const lastLeft = useRef(0);
  const followRows = () => {
    const scroller = scrollerRef.current;
    if (!scroller || scroller.closest('[data-zooming]')) return;
    lastLeft.current = scroller.scrollLeft;
    const first = Math.floor(scroller.scrollTop / ROW_HEIGHT);
    const end = first + Math.max(1, Math.floor(viewportRows / ROW_HEIGHT));
    const visible = scroller.clientWidth - labelWidth;
    const row = rowForWindow(lanes, time(scroller.scrollLeft), time(scroller.scrollLeft + visible), first, end);
    if (row === null) return;
    scroller.scrollTop = row * ROW_HEIGHT;
    onScrollRow(row);
  };
  const onScroll = () => {
    if (scrollerRef.current?.scrollLeft !== lastLeft.current) followRows();
  };

  /** Where the chosen call's bar is, in pixels from the visible track's left edge (`undefined`: none chosen). */
  const selectionAt = (): number | undefined => {
    const scroller = scrollerRef.current;
    if (!chosen || !scroller) return undefined;
    const [from, to] = laneSpan(chosen);
    return x((from + to) / 2) - scroller.scrollLeft;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select')) return;
    const key = event.key.toLowerCase();
    if (key === 'w' || key === '+' || key === '=') zoomBy(ZOOM_STEP, selectionAt());
    else if (key === 's' || key === '-') zoomBy(1 / ZOOM_STEP, selectionAt());
    else if (key === 'a') panBy(-KEY_PAN);
    else if (key === 'd') panBy(KEY_PAN);
    else return;
    event.preventDefault();
  };

  return { onKeyDown, onScroll, followRows };
}

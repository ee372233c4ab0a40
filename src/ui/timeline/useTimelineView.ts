import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export const MAX_ZOOM = 256;
const INITIAL_SIZE = { width: 960, height: 420 };

/** The label column: about a third of the timeline on a narrow screen, 240 px at most. */
function labelWidthFor(width: number): number {
  return Math.round(Math.min(240, Math.max(112, width * 0.3)));
}

/** The timeline's view of its lanes: how big the scroller is, how far zoomed in, and whether it follows now. */
export interface TimelineView {
  /** The scroller's visible size, from a resize observer. */
  size: { width: number; height: number };
  zoom: number;
  setZoom: (zoom: number) => void;
  /** While zoomed in and running, the view keeps the now line in sight. */
  follow: boolean;
  setFollow: (update: boolean | ((on: boolean) => boolean)) => void;
  labelWidth: number;
  /** The time track's width at this zoom. */
  trackWidth: number;
  /** Zooms by `factor`, keeping the time in the middle of the view in the middle. */
  zoomBy: (factor: number) => void;
}

/**
 * The size, zoom and following of the timeline over `scrollerRef`: following turns on when a run
 * starts, and every run ends fitted to the width, the whole of it in view.
 */
export function useTimelineView(scrollerRef: RefObject<HTMLDivElement | null>, running: boolean): TimelineView {
  const [size, setSize] = useState(INITIAL_SIZE);
  const [zoom, setZoom] = useState(1);
  const [follow, setFollow] = useState(true);
  const pendingCentre = useRef<number | null>(null);
  const labelWidth = labelWidthFor(size.width);
  const trackWidth = Math.round(Math.max(160, size.width - labelWidth - 2) * zoom);

  // Only a zoomed-in view scrolls back at the end (setting scrollLeft lays the page out there and
  // then: 20 ms at the end of a session's replay).
  const wasRunning = useRef(running);
  useEffect(() => {
    const ended = wasRunning.current && !running;
    if (!wasRunning.current && running) setFollow(true);
    wasRunning.current = running;
    if (!ended || zoom === 1) return;
    setZoom(1);
    if (scrollerRef.current) scrollerRef.current.scrollLeft = 0;
  }, [running, zoom, scrollerRef]);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setSize((old) => (old.width === scroller.clientWidth && old.height === scroller.clientHeight ? old : { width: scroller.clientWidth, height: scroller.clientHeight }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scrollerRef]);

  // After a zoom, keep the time that was in the middle of the view in the middle.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || pendingCentre.current === null) return;
    const visible = scroller.clientWidth - labelWidth;
    scroller.scrollLeft = Math.max(0, pendingCentre.current * trackWidth - visible / 2);
    pendingCentre.current = null;
  }, [trackWidth, labelWidth, scrollerRef]);

  const zoomBy = (factor: number) => {
    const next = Math.min(MAX_ZOOM, Math.max(1, zoom * factor));
    const scroller = scrollerRef.current;
    if (scroller) pendingCentre.current = (scroller.scrollLeft + (scroller.clientWidth - labelWidth) / 2) / trackWidth;
    setZoom(next);
  };

  return { size, zoom, setZoom, follow, setFollow, labelWidth, trackWidth, zoomBy };
}

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
  /**
   * Zooms by `factor`, keeping the time at `atPx` (pixels from the visible track's left edge; by
   * default its middle) where it was: under the pointer for the wheel, on the selection for keys.
   */
  zoomBy: (factor: number, atPx?: number) => void;
  /** Moves the view along time by `fraction` of its visible width (negative: back). */
  panBy: (fraction: number) => void;
}

/**
 * The size, zoom and following of the timeline over `scrollerRef`: following turns on when a run
 * starts, and every run ends fitted to the width, the whole of it in view.
 */
export function useTimelineView(scrollerRef: RefObject<HTMLDivElement | null>, running: boolean): TimelineView {
  const [size, setSize] = useState(INITIAL_SIZE);
  const [zoom, setZoom] = useState(1);
  const [follow, setFollow] = useState(true);
  // After a zoom: the track fraction to put back at a pixel of the visible track.
  const pendingAnchor = useRef<{ fraction: number; atPx: number } | null>(null);
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

  // After a zoom, keep the time that was at the anchor at the anchor.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const anchor = pendingAnchor.current;
    if (!scroller || anchor === null) return;
    scroller.scrollLeft = Math.max(0, anchor.fraction * trackWidth - anchor.atPx);
    pendingAnchor.current = null;
  }, [trackWidth, labelWidth, scrollerRef]);

  const zoomBy = (factor: number, atPx?: number) => {
    const next = Math.min(MAX_ZOOM, Math.max(1, zoom * factor));
    if (next === zoom) return;
    const scroller = scrollerRef.current;
    if (scroller) {
      const visible = scroller.clientWidth - labelWidth;
      const at = atPx !== undefined && atPx >= 0 && atPx <= visible ? atPx : visible / 2;
      pendingAnchor.current = { fraction: (scroller.scrollLeft + at) / trackWidth, atPx: at };
    }
    setZoom(next);
  };

  const panBy = (fraction: number) => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollLeft += fraction * (scroller.clientWidth - labelWidth);
  };

  return { size, zoom, setZoom, follow, setFollow, labelWidth, trackWidth, zoomBy, panBy };
}

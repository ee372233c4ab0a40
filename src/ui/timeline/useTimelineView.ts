import { useEffect, useRef, useState, type RefObject } from 'react';

export const MAX_ZOOM = 256;
/** One step of + and −, of W and S. */
export const ZOOM_STEP = 1.5;
const INITIAL_SIZE = { width: 960, height: 420 };

/** The label column: about a third of the timeline on a narrow screen, 240 px at most. */
function labelWidthFor(width: number): number {
  return Math.round(Math.min(240, Math.max(112, width * 0.3)));
}

/** The timeline's view of its lanes: how big the scroller is, how far zoomed in, and whether it follows now. */
export interface TimelineView {
  /** The scroller's visible size, from a resize observer. */
  size: { width: number; height: number };
  /** The zoom React has drawn (a gesture's steps are drawn ahead of it). */
  zoom: number;
  /** Back to the whole run in the width. */
  fit: () => void;
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

/** The parts of the timeline a zoom gesture's steps restyle. */
function liveParts(root: HTMLElement) {
  return {
    body: root.querySelector<HTMLElement>('.tl-body'),
    content: root.querySelector<HTMLElement>('.tl-content'),
    now: root.querySelector<HTMLElement>('.tl-now'),
    headerTracks: [...root.querySelectorAll<HTMLElement>('.tl-header .tl-track')],
  };
}

function liveElements(root: HTMLElement): HTMLElement[] {
  const { body, content, now, headerTracks } = liveParts(root);
  return [body, content, now, ...headerTracks].filter((element): element is HTMLElement => element !== null);
}

/** A zoom gesture draws its steps at once and lets React redraw the rest once it pauses this long. */
const SETTLE_MS = 120;

/**
 * The size, zoom and following of the timeline over `scrollerRef`: following turns on when a run
 * starts, and every run ends fitted to the width, the whole of it in view. Each step of a zoom
 * moves the CSS variables the bars are drawn with (`--ppm`, `--track-w` on `rootRef`) and the
 * scroll position at once, with no React render: the lanes follow the wheel at the frame rate.
 * The timeline is drawn again at the new zoom (ticks, labels, causes) once the gesture pauses.
 */
/** Room after the run's end: a batch frame's border and a yield mark drawn at the end stay inside the box. */
const END_ROOM_PX = 8;

export function useTimelineView(scrollerRef: RefObject<HTMLDivElement | null>, rootRef: RefObject<HTMLElement | null>, running: boolean): TimelineView {
  const [size, setSize] = useState(INITIAL_SIZE);
  const [zoom, setZoom] = useState(1);
  const [follow, setFollow] = useState(true);
  const labelWidth = labelWidthFor(size.width);
  const fitWidth = Math.max(160, size.width - labelWidth - END_ROOM_PX);
  const trackWidth = Math.round(fitWidth * zoom);
  // The zoom drawn while a gesture goes on, ahead of the one React has drawn.
  const live = useRef<number | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const endGesture = () => {
    clearTimeout(settle.current);
    live.current = null;
    const root = rootRef.current;
    if (!root) return;
    delete root.dataset.zooming;
    for (const element of liveElements(root)) {
      element.style.removeProperty('--ppm');
      element.style.removeProperty('--track-w');
      element.style.removeProperty('width');
      element.style.removeProperty('transform');
    }
  };
  useEffect(() => () => clearTimeout(settle.current), []);
  const armSettle = (next: number) => {
    clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      endGesture();
      setZoom(next);
    }, SETTLE_MS);
  };

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

  const zoomBy = (factor: number, atPx?: number) => {
    const shown = live.current ?? zoom;
    const next = Math.min(MAX_ZOOM, Math.max(1, shown * factor));
    if (next === shown) {
      // Wheeling on at a limit is still the gesture: it is drawn once the wheel stops.
      if (live.current !== null) armSettle(next);
      return;
    }
    const scroller = scrollerRef.current;
    const root = rootRef.current;
    const ppm = Number(root?.style.getPropertyValue('--ppm'));
    if (!scroller || !root || !(ppm > 0)) {
      setZoom(next);
      return;
    }
    const visible = scroller.clientWidth - labelWidth;
    const at = atPx !== undefined && atPx >= 0 && atPx <= visible ? atPx : visible / 2;
    const fromWidth = Math.round(fitWidth * shown);
    const toWidth = Math.round(fitWidth * next);
    const fraction = (scroller.scrollLeft + at) / fromWidth;
    // The lanes' bars are placed with --ppm: set below the header, only they are styled again. The
    // header's hundreds of stream bars and ticks stretch as one (a transform) until the redraw.
    const { body, content, now, headerTracks } = liveParts(root);
    for (const element of [body, now]) {
      element?.style.setProperty('--ppm', String((ppm * toWidth) / trackWidth));
      element?.style.setProperty('--track-w', `${toWidth}px`);
    }
    if (content) content.style.width = `${labelWidth + toWidth}px`;
    for (const track of headerTracks) track.style.transform = `scaleX(${toWidth / trackWidth})`;
    root.dataset.zooming = 'true';
    scroller.scrollLeft = Math.max(0, fraction * toWidth - at);
    live.current = next;
    armSettle(next);
  };

  const fit = () => {
    endGesture();
    setZoom(1);
  };

  const panBy = (fraction: number) => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollLeft += fraction * (scroller.clientWidth - labelWidth);
  };

  return { size, zoom, fit, follow, setFollow, labelWidth, trackWidth, zoomBy, panBy };
}

import { useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import type { Lane } from './laneLayout';
import { overviewRects, type OverviewArea, type OverviewKind } from './overviewRects';
import type { TimeMap } from './timeScale';
import type { BackgroundLane } from './timelineMarks';

export interface TimelineOverviewProps {
  lanes: readonly Lane[];
  background: readonly BackgroundLane[];
  startMs: number;
  endMs: number;
  /** The lanes' time map: folds in the lanes are folds in the strip. */
  map: TimeMap;
  /** The lanes' scroller: the window drawn is what it shows, and a press moves it. */
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** The width of the label column inside the scroller (not part of the time track). */
  labelWidth: number;
  /**
   * The scroller's content and its visible part, in pixels, as the timeline knows them: read from
   * the scroller instead, they made the browser lay the page out at every new lane of a run.
   */
  extent: { contentWidth: number; contentHeight: number; viewWidth: number; viewHeight: number };
}

const HEIGHT = 28;

/** The page's colours for each kind of bar, read once per canvas: reading computed style makes the browser restyle first. */
const coloursOf = new WeakMap<HTMLCanvasElement, Record<OverviewKind, string>>();

function colours(canvas: HTMLCanvasElement): Record<OverviewKind, string> {
  const kept = coloursOf.get(canvas);
  if (kept) return kept;
  const styles = getComputedStyle(canvas);
  const colour = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
  const made: Record<OverviewKind, string> = {
    latency: colour('--state-latency', '#3d6f9e'),
    executing: colour('--state-executing', '#4c9aff'),
    'completed-awaiting-yield': colour('--state-completed', '#46b37b'),
    queued: colour('--state-queued', '#5b6475'),
    asking: colour('--state-asking', '#d9a441'),
    background: colour('--fg-muted', '#9aa3b2'),
  };
  coloursOf.set(canvas, made);
  return made;
}

/** Draws each lane's bar as a thin line over the whole run's time (a canvas: a few fills per update, no DOM per lane). */
function draw(canvas: HTMLCanvasElement, width: number, lanes: readonly Lane[], background: readonly BackgroundLane[], time: Pick<OverviewArea, 'startMs' | 'endMs' | 'toDrawn'>): void {
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
  if (canvas.height !== Math.round(HEIGHT * ratio)) canvas.height = Math.round(HEIGHT * ratio);
  const context = canvas.getContext('2d');
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, HEIGHT);
  const fills = colours(canvas);
  for (const [kind, rects] of overviewRects(lanes, background, { width, height: HEIGHT, ...time })) {
    context.fillStyle = fills[kind];
    for (const [x, y, w, h] of rects) context.fillRect(x, y, w, h);
  }
}

const REDRAW_MS = 250;

/** The whole run in a strip, with the part the lanes show as a window; press or drag to move there. */
export function TimelineOverview({ lanes, background, startMs, endMs, map, scrollerRef, labelWidth, extent }: TimelineOverviewProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const windowRef = useRef<HTMLDivElement>(null);

  // The canvas's width, as the resize observer reports it: reading clientWidth in the timer below
  // made the browser lay the page out there and then (a 40-50 ms task while a session replays).
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => setWidth(entries[0]?.contentRect.width ?? 0));
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  // Redrawn at most every REDRAW_MS: a long run changes on every event, and the strip is a sketch.
  const lastDrawn = useRef(-Infinity);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width <= 0) return;
    // In a task of its own (a timer), not in the frame that drew the lanes: its cost then makes no
    // frame longer. The canvas shows the drawing at the next frame.
    const paint = () => {
      lastDrawn.current = performance.now();
      draw(canvas, width, lanes, background, { startMs, endMs, toDrawn: map.toDrawn });
    };
    const timer = setTimeout(paint, Math.max(0, lastDrawn.current + REDRAW_MS - performance.now()));
    return () => clearTimeout(timer);
  }, [width, lanes, background, startMs, endMs, map]);

  // The window follows the scroller: its scroll position as the scroll events tell it (the
  // layout is up to date then), its extent from the timeline.
  const scrolled = useRef({ left: 0, top: 0 });
  const { contentWidth, contentHeight, viewWidth, viewHeight } = extent;
  useEffect(() => {
    const scroller = scrollerRef.current;
    const box = windowRef.current;
    if (!scroller || !box) return;
    const place = () => {
      const trackWidth = Math.max(1, contentWidth - labelWidth);
      const visible = Math.max(0, viewWidth - labelWidth);
      const left = Math.min(1, scrolled.current.left / trackWidth);
      const width = Math.min(1 - left, visible / trackWidth);
      const top = contentHeight > 0 ? Math.min(1, scrolled.current.top / contentHeight) : 0;
      const height = contentHeight > 0 ? Math.min(1 - top, viewHeight / contentHeight) : 1;
      box.style.left = `${left * 100}%`;
      box.style.width = `${width * 100}%`;
      box.style.top = `${top * 100}%`;
      box.style.height = `${height * 100}%`;
    };
    const onScroll = () => {
      scrolled.current = { left: scroller.scrollLeft, top: scroller.scrollTop };
      place();
    };
    place();
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [scrollerRef, labelWidth, contentWidth, contentHeight, viewWidth, viewHeight]);

  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const fx = (event.clientX - rect.left) / Math.max(1, rect.width);
    const fy = (event.clientY - rect.top) / Math.max(1, rect.height);
    const trackWidth = scroller.scrollWidth - labelWidth;
    scroller.scrollLeft = fx * trackWidth - (scroller.clientWidth - labelWidth) / 2;
    scroller.scrollTop = fy * scroller.scrollHeight - scroller.clientHeight / 2;
  };

  return (
    <div
      className="tl-overview"
      data-testid="overview"
      role="img"
      aria-label="Overview of the whole run; the frame is the part shown"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        moveTo(event);
      }}
      onPointerMove={(event) => {
        if (event.buttons & 1) moveTo(event);
      }}
    >
      <canvas ref={canvasRef} className="tl-overview-canvas" style={{ height: HEIGHT }} />
      <div ref={windowRef} className="tl-overview-window" data-testid="overview-window" />
    </div>
  );
}

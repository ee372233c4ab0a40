import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import type { RunRecord } from '../../run/record';
import { labelCall } from '../../tools/orchestration/callLabel';
import { causeBlockers } from '../../tools/orchestration/waitCause';
import { formatMs } from './axisTicks';
import { CallCard } from './CallCard';
import { setDrawnNow } from './drawnPosition';
import { layoutTimeline, timeMapOf, visibleLanes, type RowRange } from './layout';
import type { Lane } from './laneLayout';
import type { TimeMap } from './timeScale';
import { TimelineFrames } from './TimelineFrames';
import { TimelineHeader } from './TimelineHeader';
import { ROW_HEIGHT, TimelineLane } from './TimelineLane';
import { TimelineToolbar } from './TimelineToolbar';
import './timeline.css';

export interface TimelineProps {
  record: RunRecord;
  /** The run's time now, in milliseconds from its start (read every frame while `running`). */
  now: () => number;
  running: boolean;
  /** Told which call has keyboard focus (or was clicked), and `null` when focus leaves the lanes. */
  onFocusCall?: (id: string | null) => void;
  /** With "Collapse idle" on, stretches with nothing new longer than this are drawn this long. */
  idleThresholdMs?: number;
}

const LABEL_WIDTH = 240;
/** The stream row and the axis row (timeline.css gives each 24 px). */
const HEADER_HEIGHT = 48;
/**
 * Up to this many lanes all render (a lesson's every call is in the page for tests and find-in-page);
 * above it, only those in view. At 200 a 1,000-call replay spent its first fifth drawing up to
 * 200 full lanes each frame and dropped frames; the lessons have at most 14 calls.
 */
export const VIRTUALISE_ABOVE = 60;
const MAX_ZOOM = 256;
const CARD_WIDTH = 380;
const INITIAL_SIZE = { width: 960, height: 420 };

interface Anchor {
  readonly id: string;
  readonly x: number;
}

/** How far the view reaches ahead of `now` while running, so the scale changes only now and then. */
function grownEnd(nowMs: number, startMs: number): number {
  return nowMs + Math.max(500, (nowMs - startMs) * 0.5);
}

/** The time map, kept as the same object while the gaps stay the same (so memoised lanes stay put). */
function useStableTimeMap(record: RunRecord, overMs: number | undefined): TimeMap {
  const computed = useMemo(() => timeMapOf(record, overMs), [record, overMs]);
  const [stable, setStable] = useState(computed);
  if (stable.key !== computed.key) {
    setStable(computed);
    return computed;
  }
  return stable;
}

/**
 * The live timeline of a run: the stream bar, a time axis, one lane per call with its bar,
 * batch frames, cap markers and a moving "now" line. Lanes re-render only when their call
 * changes; the clock moves a CSS variable on the open spans from a requestAnimationFrame loop; above 60 calls
 * only the lanes in view are rendered.
 */
export function Timeline({ record, now, running, onFocusCall, idleThresholdMs = 1000 }: TimelineProps) {
  const rootRef = useRef<HTMLElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const readoutRef = useRef<HTMLOutputElement>(null);
  const hoverLineRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef(false);
  const pendingCentre = useRef<number | null>(null);
  const cardId = `${useId()}-card`;

  const [size, setSize] = useState(INITIAL_SIZE);
  const [zoom, setZoom] = useState(1);
  const [collapseIdle, setCollapseIdle] = useState(false);
  const [liveEnd, setLiveEnd] = useState(0);
  const [scrollRow, setScrollRow] = useState(0);
  const [focusRow, setFocusRow] = useState(0);
  const [hovered, setHovered] = useState<Anchor | null>(null);
  const [focused, setFocused] = useState<Anchor | null>(null);

  const map = useStableTimeMap(record, collapseIdle ? idleThresholdMs : undefined);
  const trackWidth = Math.round(Math.max(200, size.width - LABEL_WIDTH - 2) * zoom);
  const endMs = Math.max(running ? Math.max(record.endedAt, liveEnd) : record.endedAt, record.startedAt + 1);
  const layout = useMemo(
    () => layoutTimeline(record, { widthPx: trackWidth, startMs: record.startedAt, endMs }, record.endedAt, map),
    [record, trackWidth, endMs, map],
  );
  const { lanes, scale } = layout;
  const laneCount = lanes.length;
  const viewportRows = size.height - HEADER_HEIGHT;
  const range: RowRange = laneCount > VIRTUALISE_ABOVE ? visibleLanes(scrollRow * ROW_HEIGHT, viewportRows, ROW_HEIGHT, laneCount) : { first: 0, end: laneCount };
  const tabRow = Math.max(0, Math.min(focusRow, laneCount - 1));
  const lanesById = useMemo(() => new Map(lanes.map((lane) => [lane.call.id, lane])), [lanes]);
  const active = hovered ?? focused;
  const activeLane = active ? lanesById.get(active.id) : undefined;
  const labelOf = useMemo(() => (id: string) => {
    const lane = lanesById.get(id);
    return lane ? labelCall(lane.call) : id;
  }, [lanesById]);
  // The calls that stood in the way of the lane people are looking at: their lanes are marked.
  const blockers = useMemo(() => new Set(activeLane?.call.waits.flatMap((wait) => causeBlockers(wait.cause)) ?? []), [activeLane]);

  // The latest values for the frame loop, which must not restart on every record.
  const live = useRef({ now, map, endMs, startMs: record.startedAt, latestMs: record.endedAt });
  useLayoutEffect(() => {
    live.current = { now, map, endMs, startMs: record.startedAt, latestMs: record.endedAt };
    // React just wrote `--now` from the record; put the live clock back before the frame paints.
    if (rootRef.current) setDrawnNow(rootRef.current, map.toDrawn(running ? Math.max(record.endedAt, now()) : record.endedAt));
  });

  useEffect(() => {
    if (!running) return;
    let frame = 0;
    const tick = () => {
      const { now: clock, map: timeMap, endMs: end, startMs, latestMs } = live.current;
      // Never behind the latest event, so an open bar never looks shorter than a closed one.
      const at = Math.max(latestMs, clock());
      if (rootRef.current) setDrawnNow(rootRef.current, timeMap.toDrawn(at));
      // Grow the view ahead of now; shrink it back when a new run starts far behind it.
      const margin = grownEnd(at, startMs) - at;
      if (at > end || end - at > 3 * margin) setLiveEnd(grownEnd(at, startMs));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [running]);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setSize((old) => (old.width === scroller.clientWidth && old.height === scroller.clientHeight ? old : { width: scroller.clientWidth, height: scroller.clientHeight }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  // After a zoom, keep the time that was in the middle of the view in the middle.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || pendingCentre.current === null) return;
    const visible = scroller.clientWidth - LABEL_WIDTH;
    scroller.scrollLeft = Math.max(0, pendingCentre.current * trackWidth - visible / 2);
    pendingCentre.current = null;
  }, [trackWidth]);

  useEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    listRef.current?.querySelector<HTMLElement>(`[data-row="${tabRow}"]`)?.focus({ preventScroll: true });
  }, [tabRow]);

  const zoomBy = (factor: number) => {
    const next = Math.min(MAX_ZOOM, Math.max(1, zoom * factor));
    const scroller = scrollerRef.current;
    if (scroller) pendingCentre.current = (scroller.scrollLeft + (scroller.clientWidth - LABEL_WIDTH) / 2) / trackWidth;
    setZoom(next);
  };

  const moveFocus = (row: number) => {
    const scroller = scrollerRef.current;
    if (scroller) {
      const top = row * ROW_HEIGHT;
      if (top < scroller.scrollTop) scroller.scrollTop = top;
      else if (top + ROW_HEIGHT > scroller.scrollTop + viewportRows) scroller.scrollTop = top + ROW_HEIGHT - viewportRows;
      setScrollRow(Math.floor(scroller.scrollTop / ROW_HEIGHT));
    }
    pendingFocus.current = true;
    setFocusRow(row);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (laneCount === 0) return;
    const page = Math.max(1, Math.floor(viewportRows / ROW_HEIGHT) - 1);
    const next: Record<string, number> = { ArrowDown: tabRow + 1, ArrowUp: tabRow - 1, Home: 0, End: laneCount - 1, PageDown: tabRow + page, PageUp: tabRow - page };
    if (event.key === 'Escape') {
      setHovered(null);
      setFocused(null);
      return;
    }
    const row = next[event.key];
    if (row === undefined) return;
    event.preventDefault();
    moveFocus(Math.max(0, Math.min(laneCount - 1, row)));
  };

  const laneOf = (target: EventTarget | null): Lane | undefined => {
    const element = target instanceof HTMLElement ? target.closest<HTMLElement>('[data-testid="call"]') : null;
    return element?.dataset.callId !== undefined ? lanesById.get(element.dataset.callId) : undefined;
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const lane = laneOf(event.target);
    if (!lane) return;
    setFocusRow(lane.row);
    setFocused({ id: lane.call.id, x: (scrollerRef.current?.scrollLeft ?? 0) + LABEL_WIDTH + 8 });
    onFocusCall?.(lane.call.id);
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget instanceof Node && listRef.current?.contains(event.relatedTarget)) return;
    setFocused(null);
    onFocusCall?.(null);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    const trackX = x - LABEL_WIDTH;
    if (readoutRef.current) readoutRef.current.textContent = trackX >= 0 ? `t = ${formatMs(scale.time(trackX))}` : '';
    const line = hoverLineRef.current;
    if (line) {
      line.style.display = trackX >= 0 ? 'block' : 'none';
      line.style.transform = `translateX(${x}px)`;
    }
    const lane = laneOf(event.target);
    if (lane?.call.id !== hovered?.id) setHovered(lane ? { id: lane.call.id, x: Math.max(LABEL_WIDTH, x) + 12 } : null);
  };

  const onPointerLeave = () => {
    setHovered(null);
    if (readoutRef.current) readoutRef.current.textContent = '';
    if (hoverLineRef.current) hoverLineRef.current.style.display = 'none';
  };

  const rendered: Lane[] = lanes.slice(range.first, range.end);
  for (const extra of [tabRow, activeLane?.row]) {
    const lane = extra === undefined ? undefined : lanes[extra];
    if (lane && (lane.row < range.first || lane.row >= range.end) && !rendered.includes(lane)) rendered.push(lane);
  }

  const rootStyle = {
    '--t0': String(scale.drawnStart),
    '--ppm': String(scale.pxPerMs),
    '--label-w': `${LABEL_WIDTH}px`,
    '--track-w': `${trackWidth}px`,
    '--row-h': `${ROW_HEIGHT}px`,
  } as CSSProperties;

  const cardAbove = activeLane !== undefined && activeLane.row > 4 && activeLane.row >= laneCount - 6;

  return (
    <section ref={rootRef} className="tl" style={rootStyle} aria-label="Timeline" data-testid="timeline" data-running={running ? 'true' : 'false'}>
      <TimelineToolbar
        zoom={zoom}
        canZoomIn={zoom < MAX_ZOOM}
        collapseIdle={collapseIdle}
        onZoom={zoomBy}
        onFit={() => setZoom(1)}
        onToggleCollapse={() => setCollapseIdle((on) => !on)}
        readoutRef={readoutRef}
      />
      <div ref={scrollerRef} className="tl-scroller" tabIndex={0} aria-label="Call lanes (scrollable)" onScroll={(event) => setScrollRow(Math.floor(event.currentTarget.scrollTop / ROW_HEIGHT))}>
        <div className="tl-content">
          <TimelineHeader stream={layout.stream} ticks={layout.ticks} gaps={layout.gaps} capMarkers={layout.capMarkers} map={map} />
          <div className="tl-body" style={{ height: Math.max(1, laneCount) * ROW_HEIGHT }} onPointerMove={onPointerMove} onPointerLeave={onPointerLeave}>
            <TimelineFrames batches={layout.batches} capMarkers={layout.capMarkers} map={map} range={range} />
            <div
              ref={listRef}
              className="tl-list"
              role="list"
              aria-label={`Tool calls (${laneCount}), in display order`}
              onKeyDown={onKeyDown}
              onFocus={onFocus}
              onBlur={onBlur}
            >
              {rendered.map((lane) => (
                <TimelineLane
                  key={lane.call.id}
                  lane={lane}
                  map={map}
                  tabbable={lane.row === tabRow}
                  describedBy={activeLane === lane ? cardId : undefined}
                  blocking={blockers.has(lane.call.id)}
                />
              ))}
            </div>
            {laneCount === 0 && <p className="tl-empty">No tool calls yet.</p>}
            <div ref={hoverLineRef} className="tl-hover-line" aria-hidden="true" />
            {activeLane && active && (
              <CallCard
                id={cardId}
                call={activeLane.call}
                labelOf={labelOf}
                left={Math.max(0, Math.min(active.x, LABEL_WIDTH + trackWidth - CARD_WIDTH))}
                top={(cardAbove ? activeLane.row : activeLane.row + 1) * ROW_HEIGHT}
                above={cardAbove}
              />
            )}
          </div>
          <div className="tl-now" hidden={!running} aria-hidden="true" data-testid="now-line" style={{ ['--now' as string]: String(map.toDrawn(record.endedAt)) }} />
        </div>
      </div>
    </section>
  );
}

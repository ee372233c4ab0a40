import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { RunRecord } from '../../run/record';
import { labelCall } from '../../tools/orchestration/callLabel';
import { causeBlockers } from '../../tools/orchestration/waitCause';
import { formatMs } from './axisTicks';
import { BackgroundLanes } from './BackgroundLanes';
import { CallCard } from './CallCard';
import { barBoxes, CauseLayer } from './CauseLayer';
import { criticalPath } from '../../run/criticalPath';
import { setDrawnNow } from './drawnPosition';
import { layoutLanes, layoutTimeline, LESSON_FOLD, timeMapOf, visibleLanes, type IdleFold, type RowRange } from './layout';
import type { Lane } from './laneLayout';
import type { TimeMap } from './timeScale';
import { frameLabelBoxes, TimelineFrames } from './TimelineFrames';
import { TimelineHeader } from './TimelineHeader';
import { ROW_HEIGHT, TimelineLane, type LaneGuess } from './TimelineLane';
import { TimelineOverview } from './TimelineOverview';
import { ExecutorDiagram } from './ExecutorDiagram';
import { AS_IT_RAN_SANDBOX } from '../../run/observedRecord';
import { executorState } from './executorState';
import { TimelineToolbar } from './TimelineToolbar';
import { useLaneInteraction } from './useLaneInteraction';
import { useTimelineClock } from './useTimelineClock';
import { MAX_ZOOM, useTimelineView } from './useTimelineView';
import { turnCallsOf, whyAnswer } from './whyText';
import { WhyLine } from './WhyLine';
import { LaneFilter } from './LaneFilter';
import { laneLabels } from './laneLabels';
import { useTimelineGestures } from './useTimelineGestures';
import { useDrawnCauses } from './useDrawnCauses';
import { useShownLayout } from './useShownLayout';
import { TurnFoldLane } from './TurnFoldLane';
import { useRanSpans } from './ranSpans';
import './timeline.css';
import './lanes.css';
import './causes.css';

export interface TimelineProps {
  record: RunRecord;
  /** The run's time now, in milliseconds from its start (read every frame while `running`). */
  now: () => number;
  running: boolean;
  /** The lesson's description, shown on one line in the toolbar. */
  description?: string | undefined;
  /** Told which call has keyboard focus (or was clicked), and `null` when focus leaves the lanes. */
  onFocusCall?: (id: string | null) => void;
  /** With "Collapse idle" on, which stretches with nothing new are folded, and how long each is drawn. */
  idleFold?: IdleFold;
  /** "Collapse idle" starts on (a session's hours of waiting folded from the first look). */
  foldIdle?: boolean;
  /** "Fold turns" starts on for a run of more calls than this (a long session's turns a row each, from the first look). */
  foldTurnsAbove?: number;
  /** The same session as it really ran (a replay of an imported session): each call's lane draws when it ran there too. */
  asItRan?: RunRecord | undefined;
  /** The learner's guess on the lanes of the run that checks it (Predict, then run). */
  guesses?: ReadonlyMap<string, LaneGuess> | undefined;
}

/** The stream row, the marks row and the axis (the CSS gives them 24, 16 and 20 px). */
const HEADER_HEIGHT = 60;
/**
 * Up to this many lanes all render (a lesson's every call is in the page for tests and find-in-page);
 * above it, only those in view. At 200 a 1,000-call replay spent its first fifth drawing up to
 * 200 full lanes each frame and dropped frames; the lessons have at most 14 calls.
 */
export const VIRTUALISE_ABOVE = 60;
const CARD_WIDTH = 380;
/** The filter box shows for runs longer than a lesson (and while it holds a query). */
const FILTER_ABOVE = 14;

/** The time map, kept as the same object while the gaps stay the same (so memoised lanes stay put). */
function useStableTimeMap(record: RunRecord, fold: IdleFold | undefined): TimeMap {
  const computed = useMemo(() => timeMapOf(record, fold?.overMs, fold?.shownMs), [record, fold]);
  const [stable, setStable] = useState(computed);
  if (stable.key !== computed.key) {
    setStable(computed);
    return computed;
  }
  return stable;
}

/** A scenario's stream timings are scripted; a live run's and a session's as it really ran are real. */
function streamIsSimulated(record: RunRecord): boolean {
  return record.scenario !== 'live' && record.sandbox !== AS_IT_RAN_SANDBOX;
}

/**
 * The live timeline of a run: the stream bar, the marks and the time axis, one lane per call with
 * its bar, batch frames, the causes as connectors, background shells, a moving "now" line, and
 * under it the answer to "why did it wait?" for the lane chosen. Lanes re-render only when their
 * call changes; the clock moves a CSS variable from a requestAnimationFrame loop; above 60 calls
 * only the lanes in view are rendered, and the causes drawn are those touching them.
 */
export function Timeline({ record, now, running, description, onFocusCall, idleFold = LESSON_FOLD, foldIdle = false, foldTurnsAbove = Infinity, asItRan, guesses }: TimelineProps) {
  const rootRef = useRef<HTMLElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const readoutRef = useRef<HTMLOutputElement>(null);
  const hoverLineRef = useRef<HTMLDivElement>(null);
  const cardId = `${useId()}-card`;

  const [collapseIdle, setCollapseIdle] = useState(foldIdle);
  const [showCritical, setShowCritical] = useState(false);
  const [showExecutor, setShowExecutor] = useState(false);
  const [liveEnd, setLiveEnd] = useState(0);
  const [scrollRow, setScrollRow] = useState(0);

  const { size, zoom, fit, follow, setFollow, labelWidth, trackWidth, zoomBy, panBy } = useTimelineView(scrollerRef, rootRef, running);
  const map = useStableTimeMap(record, collapseIdle ? idleFold : undefined);
  const ranSpans = useRanSpans(asItRan, record);
  const endMs = Math.max(running ? Math.max(record.endedAt, liveEnd) : record.endedAt, record.startedAt + 1);
  const rows = useMemo(() => layoutLanes(record, record.endedAt), [record]);
  const wholeLayout = useMemo(
    () => layoutTimeline(record, { widthPx: trackWidth, startMs: record.startedAt, endMs }, record.endedAt, map, rows),
    [record, trackWidth, endMs, map, rows],
  );
  const { layout, query, setQuery, laneQuery, scrolledTo, turnsFolded, setTurnsFolded, toggleTurn } = useShownLayout(wholeLayout, size.width - labelWidth, wholeLayout.lanes.length > foldTurnsAbove);
  const { lanes, scale, background } = layout;
  const laneCount = lanes.length;
  const rowCount = laneCount + background.length;
  const viewportRows = size.height - HEADER_HEIGHT;
  const range: RowRange = laneCount > VIRTUALISE_ABOVE ? visibleLanes(scrollRow * ROW_HEIGHT, viewportRows, ROW_HEIGHT, rowCount) : { first: 0, end: rowCount };
  // The calls' own lanes (a folded turn's row is not one: it stands for several).
  const callLanes = useMemo(() => lanes.filter((lane) => lane.fold === undefined), [lanes]);
  const lanesById = useMemo(() => new Map(callLanes.map((lane) => [lane.call.id, lane])), [callLanes]);
  const rowOf = useMemo(() => {
    const rows = new Map<string, number>(callLanes.map((lane) => [lane.call.id, lane.row]));
    for (const lane of background) rows.set(`shell:${lane.shell.id}`, lane.row);
    return rows;
  }, [callLanes, background]);
  const labelOf = useMemo(() => (id: string) => {
    const lane = lanesById.get(id);
    return lane ? labelCall(lane.call) : id;
  }, [lanesById]);

  const { tabRow, hovered, chosen, active, choose, reveal, list, body } = useLaneInteraction({
    lanesById,
    laneCount,
    viewportRows,
    labelWidth,
    time: scale.time,
    onFocusCall,
    onScrollRow: setScrollRow,
    onPointerAt: (x) => {
      // The hover line and time readout move without React (every pointer move).
      if (readoutRef.current) readoutRef.current.textContent = x !== null ? `t = ${formatMs(scale.time(x - labelWidth))}` : '';
      const line = hoverLineRef.current;
      if (line) {
        line.style.display = x !== null ? 'block' : 'none';
        if (x !== null) line.style.transform = `translateX(${x}px)`;
      }
    },
    refs: { scroller: scrollerRef, list: listRef, body: bodyRef },
  });

  const { causes, links } = useDrawnCauses(record, lanes, range, laneCount > VIRTUALISE_ABOVE, [chosen?.id, hovered?.id]);
  // Room the causes' words keep clear of: the frames' labels, the calls' bars and outcome tags.
  const takenBoxes = useMemo(
    () => [...frameLabelBoxes(layout.batches, scale.x, { first: range.first, end: range.end }), ...barBoxes(callLanes, scale.x, { first: range.first, end: range.end }, layout.tagSpans)],
    [layout.batches, layout.tagSpans, callLanes, scale, range.first, range.end],
  );
  const path = useMemo(() => (showCritical ? criticalPath(record) : null), [showCritical, record]);
  const chosenLane = chosen ? lanesById.get(chosen.id) : undefined;
  const answer = useMemo(
    () => (chosenLane && chosen ? whyAnswer(chosenLane.call, turnCallsOf(record.turns, chosenLane.call.id), causes, { ...(chosen.at !== null ? { at: chosen.at } : {}), now: record.endedAt }) : null),
    [chosenLane, chosen, record, causes],
  );

  const activeLane = active ? lanesById.get(active.id) : undefined;
  const gestures = useTimelineGestures({ scrollerRef, labelWidth, zoomBy, panBy, lanes, chosen: chosenLane, time: scale.time, x: scale.x, viewportRows, onScrollRow: setScrollRow });
  // A zoom just drawn: the rows follow its window, and the header draws near the view.
  const followRows = gestures.followRows;
  const drawnZoom = useRef(zoom);
  useEffect(() => {
    if (drawnZoom.current === zoom) return;
    drawnZoom.current = zoom;
    followRows();
    scrolledTo(scrollerRef.current?.scrollLeft ?? 0);
  }, [zoom, followRows, scrolledTo]);
  /** A match of the filter, chosen and brought into view across as well as down. */
  const revealLane = (lane: Lane) => {
    reveal(lane.call.id);
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const from = scale.x(lane.call.queuedAt);
    const visible = scroller.clientWidth - labelWidth;
    if (from < scroller.scrollLeft || from > scroller.scrollLeft + visible - 40) scroller.scrollLeft = Math.max(0, from - visible / 4);
  };
  // The calls in the way of the lane looked at (hovered) or chosen: their lanes are marked.
  const blockers = useMemo(() => {
    const ids = new Set(activeLane?.call.waits.flatMap((wait) => causeBlockers(wait.cause)) ?? []);
    for (const id of answer?.blockers ?? []) ids.add(id);
    return ids;
  }, [activeLane, answer]);
  const focusIds = useMemo(() => new Set([chosen?.id, hovered?.id].filter((id): id is string => id !== undefined)), [chosen, hovered]);

  useTimelineClock(
    running,
    rootRef,
    scrollerRef,
    { now, map, endMs, startMs: record.startedAt, latestMs: record.endedAt, drawnStart: scale.drawnStart, pxPerMs: scale.pxPerMs, labelWidth, follow: follow && zoom > 1 },
    setLiveEnd,
    () => setFollow(false),
  );

  useLayoutEffect(() => {
    // React just wrote `--now` from the record; put the live clock back before the frame paints.
    if (rootRef.current) setDrawnNow(rootRef.current, map.toDrawn(running ? Math.max(record.endedAt, now()) : record.endedAt));
  });

  const rendered: Lane[] = lanes.slice(range.first, Math.min(range.end, laneCount));
  for (const extra of [tabRow, activeLane?.row, chosenLane?.row]) {
    const lane = extra === undefined ? undefined : lanes[extra];
    if (lane && (lane.row < range.first || lane.row >= range.end) && !rendered.includes(lane)) rendered.push(lane);
  }

  const rootStyle = {
    '--t0': String(scale.drawnStart),
    '--ppm': String(scale.pxPerMs),
    '--label-w': `${labelWidth}px`,
    '--track-w': `${trackWidth}px`,
    '--row-h': `${ROW_HEIGHT}px`,
  } as CSSProperties;

  const cardAbove = activeLane !== undefined && activeLane.row > 4 && activeLane.row >= laneCount - 6;
  const nameChars = Math.floor((labelWidth - 34) / 7.3);
  const labels = useMemo(() => laneLabels(callLanes, nameChars), [callLanes, nameChars]);
  const showOverview = zoom > 1 || rowCount * ROW_HEIGHT > viewportRows;

  return (
    <section ref={rootRef} className="tl" style={rootStyle} aria-label="Timeline" data-testid="timeline" data-running={running ? 'true' : 'false'} data-zoom={zoom} onKeyDown={gestures.onKeyDown}>
      <TimelineToolbar
        zoom={zoom}
        canZoomIn={zoom < MAX_ZOOM}
        collapseIdle={collapseIdle}
        idleGaps={layout.gaps.length}
        critical={showCritical}
        follow={zoom > 1 && running ? follow : null}
        onZoom={zoomBy}
        onFit={fit}
        onToggleCollapse={() => setCollapseIdle((on) => !on)}
        onToggleCritical={() => setShowCritical((on) => !on)}
        executor={showExecutor}
        onToggleExecutor={() => setShowExecutor((on) => !on)}
        onToggleFollow={() => setFollow((on) => !on)}
        turnsFolded={wholeLayout.lanes.length > FILTER_ABOVE ? turnsFolded : null}
        onToggleFoldTurns={() => setTurnsFolded(!turnsFolded)}
        description={description}
        readoutRef={readoutRef}
        filter={
          wholeLayout.lanes.length > FILTER_ABOVE || query !== '' ? (
            <LaneFilter query={query} onQuery={setQuery} matches={lanes} total={wholeLayout.lanes.length} every={wholeLayout.lanes} chosenId={chosen?.id ?? null} onReveal={revealLane} />
          ) : null
        }
      />
      {showExecutor && <ExecutorDiagram state={executorState(record)} />}
      {showOverview && (
        <TimelineOverview
          lanes={lanes}
          background={background}
          startMs={record.startedAt}
          endMs={endMs}
          map={map}
          scrollerRef={scrollerRef}
          labelWidth={labelWidth}
          extent={{ contentWidth: labelWidth + trackWidth, contentHeight: HEADER_HEIGHT + Math.max(1, rowCount) * ROW_HEIGHT, viewWidth: size.width, viewHeight: size.height }}
        />
      )}
      <div ref={scrollerRef} className="tl-scroller" tabIndex={0} aria-label="Call lanes (scrollable)" onScroll={(event) => {
          gestures.onScroll();
          setScrollRow(Math.floor(event.currentTarget.scrollTop / ROW_HEIGHT));
          // A zoom gesture's steps are ahead of the scale React draws with: its window waits for the redraw.
          if (!event.currentTarget.closest('[data-zooming]')) scrolledTo(event.currentTarget.scrollLeft);
        }}>
        <div className="tl-content">
          <TimelineHeader stream={layout.stream} ticks={layout.ticks} gaps={layout.gaps} marks={layout.marks} map={map} simulated={streamIsSimulated(record)} activeBlock={hovered?.id ?? chosen?.id ?? null} pxPerMs={scale.pxPerMs} />
          <div ref={bodyRef} className="tl-body" style={{ height: Math.max(1, rowCount) * ROW_HEIGHT }} {...body}>
            <TimelineFrames batches={layout.batches} capMarkers={layout.capMarkers} gaps={layout.gaps} turnStarts={layout.turnStarts} marks={layout.marks} map={map} range={range} rows={rowCount} />
            <div
              ref={listRef}
              className={`tl-list${path ? ' tl-list--critical' : ''}`}
              role="list"
              aria-label={callLanes.length < laneCount ? `Turns and tool calls (${laneCount} rows), in display order` : `Tool calls (${laneCount}), in display order`}
              {...list}
            >
              {rendered.map((lane) =>
                lane.fold ? (
                  <TurnFoldLane key={`turn:${lane.fold.turn}`} fold={lane.fold} row={lane.row} map={map} tabbable={lane.row === tabRow} nameChars={nameChars} onToggle={toggleTurn} />
                ) : (
                  <TimelineLane
                    key={lane.call.id}
                    lane={lane}
                    map={map}
                    tabbable={lane.row === tabRow}
                    describedBy={activeLane === lane ? cardId : undefined}
                    blocking={blockers.has(lane.call.id)}
                    selected={chosen?.id === lane.call.id}
                    critical={path?.calls.has(lane.call.id) ?? false}
                    tagSide={layout.tagSides.get(lane.call.id) ?? 'right'}
                    label={labels.get(lane.call.id)!}
                    ran={ranSpans?.get(lane.call.id)?.span}
                    guess={guesses?.get(lane.call.id)}
                  />
                ),
              )}
            </div>
            <BackgroundLanes lanes={background} map={map} labelOf={labelOf} />
            <CauseLayer links={links} rowOf={rowOf} x={scale.x} width={trackWidth} rows={rowCount} range={range} viewTop={scrollRow * ROW_HEIGHT} focus={focusIds} critical={path?.links ?? null} taken={takenBoxes} />
            {laneCount === 0 && <p className="tl-empty">{laneQuery ? 'No call matches the filter.' : running ? 'No tool calls yet: the model is still writing.' : 'No tool calls yet. Press Run (Space): each call the model streams gets a lane here, queued → executing → completed → yielded.'}</p>}
            <div ref={hoverLineRef} className="tl-hover-line" aria-hidden="true" />
            {activeLane && active && (
              <CallCard
                id={cardId}
                call={activeLane.call}
                labelOf={labelOf}
                left={Math.max(0, Math.min(active.x, labelWidth + trackWidth - CARD_WIDTH))}
                top={(cardAbove ? activeLane.row : activeLane.row + 1) * ROW_HEIGHT}
                above={cardAbove}
              />
            )}
          </div>
          <div className="tl-now" hidden={!running} aria-hidden="true" data-testid="now-line" style={{ ['--now' as string]: String(map.toDrawn(record.endedAt)) }} />
        </div>
      </div>
      <WhyLine answer={answer} labelOf={labelOf} onChoose={choose} />
    </section>
  );
}

import { batchName } from '../../tools/orchestration/batchName';

import type { RunRecord, TurnRecord } from '../../run/record';
import { axisTicks, type AxisTick } from './axisTicks';
import { capMoments, type CapMoment } from './concurrencyCap';
import { layoutLanes, turnKey, type BatchFrame, type Lane, type LaneLayout } from './laneLayout';
import { mergeStreamSegments, streamSegments, type StreamSegment } from './streamBars';
import { placeFrameLabel, placeOutcomeTag, labelWidth, spacedOut, TURN_MARK_SPACING_PX, TURN_SPACING_PX, type FrameLabelSide, type LabelSide } from './labelPlacement';
import { backgroundLanes, timelineMarks, type BackgroundLane, type TimelineMark } from './timelineMarks';
import { collapsedTimeMap, createScale, LINEAR_TIME, type IdleGap, type TimeMap, type TimeScale, type TimelineView } from './timeScale';
import { OUTCOME_MARK } from './callText';

/*
 * The whole picture of a run for one view, as plain data (no React, no DOM): the page draws it,
 * the tests check its maths.
 */

export { axisTicks, formatMs, formatTick, niceStep, type AxisTick } from './axisTicks';
export { capMoments, DEFAULT_MAX_CONCURRENCY, maxConcurrencyOf, type CapMoment } from './concurrencyCap';
export {
  callSegments,
  callSpanEnd,
  callState,
  layoutLanes,
  turnKey,
  type BarSegment,
  type BatchFrame,
  type CallState,
  type Lane,
  type LaneLayout,
  type SegmentKind,
} from './laneLayout';
export { streamSegments, type StreamSegment } from './streamBars';
export { backgroundLanes, timelineMarks, type BackgroundLane, type MarkKind, type TimelineMark } from './timelineMarks';
export { labelWidth, placeFrameLabel, placeMarks, placeOutcomeTag, shortName, type FrameLabelSide, type LabelSide } from './labelPlacement';
export {
  collapsedTimeMap,
  createScale,
  LESSON_FOLD,
  LINEAR_TIME,
  mergeSpans,
  SESSION_FOLD,
  type IdleFold,
  type IdleGap,
  type TimeMap,
  type TimeScale,
  type TimelineView,
  type TimeSpan,
} from './timeScale';

/** A cap moment with the rows of the turn it happened in. */
export interface CapMarker extends CapMoment {
  readonly firstRow: number;
  readonly lastRow: number;
}

/** A batch frame with where its label goes. */
export interface PlacedFrame extends BatchFrame {
  readonly labelSide: FrameLabelSide;
}

/** Where a main-agent turn's lanes begin, and when it began (the timeline divides turns there). */
export interface TurnStart {
  readonly turn: number;
  readonly firstRow: number;
  readonly at: number;
  /** Its line across the lanes is drawn: false when an earlier turn's line is under {@link TURN_SPACING_PX} away. */
  readonly line: boolean;
  /** Its first row names it (a folded turn's row): the rule above needs no label. */
  readonly named?: boolean;
}

/** Everything the timeline draws for one view of a run. */
export interface TimelineLayout {
  readonly scale: TimeScale;
  readonly ticks: readonly AxisTick[];
  /** The main agent's stream bars, turn after turn (sub-agents' sit in their Agent call's lane). */
  readonly stream: readonly StreamSegment[];
  readonly lanes: readonly Lane[];
  readonly batches: readonly PlacedFrame[];
  readonly capMarkers: readonly CapMarker[];
  readonly gaps: readonly IdleGap[];
  /** The marks row: turns, the cap, mode changes, the stream's ends, notices. */
  readonly marks: readonly TimelineMark[];
  /** Background shells, one lane each, after the calls' lanes. */
  readonly background: readonly BackgroundLane[];
  readonly turnStarts: readonly TurnStart[];
  /** Where each unsuccessful call's outcome tag goes (by call id). */
  readonly tagSides: ReadonlyMap<string, LabelSide>;
  /** The span each outcome tag takes in the track, left to right (by call id): the cause words keep clear of it. */
  readonly tagSpans: ReadonlyMap<string, readonly [number, number]>;
}

/** The text of a call's outcome tag. */
export function outcomeTagText(outcome: keyof typeof OUTCOME_MARK): string {
  return `${OUTCOME_MARK[outcome]} ${outcome}`;
}

/**
 * Every moment something changed: stream and block edges, and each call's transitions, waits,
 * permission and progress. Time between two of them is idle: nothing new to see, even while a
 * call executes (a long `sleep`), so that is what collapsing shortens.
 */
export function activityMoments(record: RunRecord): number[] {
  const moments: number[] = [record.startedAt];
  if (record.status === 'ended') moments.push(record.endedAt);
  const add = (at: number | null | undefined): void => {
    if (typeof at === 'number') moments.push(at);
  };
  const visit = (turn: TurnRecord): void => {
    add(turn.startedAt);
    add(turn.endedAt);
    add(turn.streamStartedAt);
    add(turn.streamEndedAt);
    for (const block of turn.blocks) {
      add(block.startedAt);
      add(block.stoppedAt);
    }
    for (const call of turn.calls) {
      for (const at of [call.queuedAt, call.executingAt, call.runStartedAt, call.completedAt, call.yieldedAt]) add(at);
      for (const wait of call.waits) {
        add(wait.from);
        add(wait.to);
      }
      add(call.permission?.askedAt);
      add(call.permission?.answeredAt);
      for (const progress of call.progress) add(progress.at);
      for (const child of call.children ?? []) visit(child);
    }
  };
  for (const turn of record.turns) visit(turn);
  return moments;
}

/** The time map of a view: linear, or with idle gaps collapsed. */
export function timeMapOf(record: RunRecord, collapseIdleOverMs: number | undefined, shownMs = collapseIdleOverMs): TimeMap {
  if (collapseIdleOverMs === undefined || !(collapseIdleOverMs > 0)) return LINEAR_TIME;
  return collapsedTimeMap(
    activityMoments(record).map((at) => ({ start: at, end: at })),
    collapseIdleOverMs,
    shownMs,
  );
}

/** The view that shows the whole run (or all of it so far) over `widthPx`. */
export function fitView(record: RunRecord, widthPx: number, nowMs = record.endedAt): TimelineView {
  const endMs = Math.max(record.endedAt, nowMs, record.startedAt + 1);
  return { widthPx, startMs: record.startedAt, endMs };
}

/**
 * Lays a run out for a view. Unfinished spans end at `nowMs` (default: the record's end, the
 * latest event). Pass `map` to reuse a time map (it must be `timeMapOf` the same record and view),
 * and `rows` to reuse the lanes (`layoutLanes` of the same record and `nowMs`: they do not change
 * with the view, so a zoom keeps every lane object, and what is memoised on them).
 */
export function layoutTimeline(record: RunRecord, view: TimelineView, nowMs = record.endedAt, map?: TimeMap, rows?: LaneLayout): TimelineLayout {
  const timeMap = map ?? timeMapOf(record, view.collapseIdleOverMs);
  const scale = createScale(view, timeMap);
  const { lanes, batches, turnRows } = rows ?? layoutLanes(record, nowMs);
  const moments = capMoments(record, nowMs);
  const capMarkers = moments.flatMap((moment): CapMarker[] => {
    const rows = turnRows.get(turnKey(moment.turn, moment.agent));
    return rows ? [{ ...moment, ...rows }] : [];
  });
  const width = scale.widthPx;
  const tagSides = new Map<string, LabelSide>();
  const tagSpans = new Map<string, [number, number]>();
  const rowTags = new Map<number, [number, number]>();
  for (const lane of lanes) {
    const { call } = lane;
    if (!lane.outcome || lane.outcome === 'success' || call.completedAt === null) continue;
    const text = outcomeTagText(lane.outcome);
    const x0 = scale.x(call.queuedAt);
    const x1 = scale.x(Math.max(call.completedAt, call.yieldedAt ?? call.completedAt));
    const side = placeOutcomeTag(x0, x1, text, width);
    tagSides.set(call.id, side);
    const w = labelWidth(text);
    const span: [number, number] = side === 'right' ? [x1 + 4, x1 + 4 + w] : side === 'left' ? [x0 - 4 - w, x0 - 4] : [x1 - w, x1];
    tagSpans.set(call.id, span);
    rowTags.set(lane.row, span);
  }
  const placedFrames = batches.map((frame): PlacedFrame => ({
    ...frame,
    labelSide: placeFrameLabel(scale.x(frame.from), scale.x(frame.to), frameLabel(frame), width, rowTags.get(frame.firstRow) ?? null),
  }));
  // Turns a few pixels apart share one line (and their marks, grouped wider, one mark).
  const turnGroups = spacedOut(record.turns, (turn) => scale.x(turn.startedAt), TURN_SPACING_PX);
  const lined = new Set(turnGroups.map((group) => group[0]!.index));
  const turnStarts = record.turns.flatMap((turn): TurnStart[] => {
    const rows = turnRows.get(turnKey(turn.index, undefined));
    return rows ? [{ turn: turn.index, firstRow: rows.firstRow, at: turn.startedAt, line: lined.has(turn.index) }] : [];
  });
  return {
    scale,
    ticks: axisTicks(scale),
    stream: mergeStreamSegments(record.turns.flatMap((turn) => streamSegments(turn, nowMs)), scale.x),
    lanes,
    batches: placedFrames,
    capMarkers,
    gaps: timeMap.gaps,
    marks: timelineMarks(record, moments, scale, spacedOut(record.turns, (turn) => scale.x(turn.startedAt), TURN_MARK_SPACING_PX)),
    background: backgroundLanes(record, lanes.length, nowMs),
    turnStarts,
    tagSides,
    tagSpans,
  };
}

/** A batch frame's label: `concurrent · batch 1`, `serial · batch 2`. */
export function frameLabel(frame: Pick<BatchFrame, 'label' | 'batch'>): string {
  return `${frame.label} · ${batchName(frame.batch)}`;
}

/** A half-open range of rows, `[first, end)`. */
export interface RowRange {
  readonly first: number;
  readonly end: number;
}

/**
 * The rows to render for a scroll position: those in the viewport, plus `overscan` rows on each
 * side so a quick scroll does not show blank rows before the next render.
 */
export function visibleLanes(scrollTop: number, viewportHeight: number, rowHeight: number, laneCount = Infinity, overscan = 6): RowRange {
  const height = Math.max(1, rowHeight);
  const top = Math.max(0, scrollTop);
  const first = Math.max(0, Math.floor(top / height) - overscan);
  const end = Math.min(laneCount, Math.ceil((top + Math.max(0, viewportHeight)) / height) + overscan);
  return { first: Math.min(first, Math.max(0, end)), end: Math.max(0, end) };
}

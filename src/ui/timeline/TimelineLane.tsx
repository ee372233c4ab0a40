import { memo } from 'react';
import { causeBlockers } from '../../tools/orchestration/waitCause';
import { callAriaLabel, callLabel, OUTCOME_MARK } from './callText';
import { drawnX, OPEN_CLASS, spanStyle } from './drawnPosition';
import type { Lane, SegmentKind } from './laneLayout';
import type { TimeMap } from './timeScale';

/** Row height of a lane in pixels (the virtual range and the CSS agree on it). */
export const ROW_HEIGHT = 28;

/** What each segment kind is called in the legend and the card. */
export const SEGMENT_NAME: Record<SegmentKind, string> = {
  queued: 'queued',
  latency: 'simulated latency and checks',
  asking: 'asking permission',
  executing: 'running',
  'completed-awaiting-yield': 'done, awaiting yield',
  'yielded-marker': 'yielded',
};

export interface TimelineLaneProps {
  lane: Lane;
  map: TimeMap;
  /** The lane that Tab reaches (roving tabindex: one lane in the tab order). */
  tabbable: boolean;
  /** The id of the card describing this lane, when it shows. */
  describedBy: string | undefined;
  /** This call stands in the way of the lane people are looking at (hovered or focused). */
  blocking: boolean;
}

function TimelineLaneView({ lane, map, tabbable, describedBy, blocking }: TimelineLaneProps) {
  const { call, depth, row, state, outcome } = lane;
  const tone = outcome ?? 'none';
  const finished = call.completedAt;
  const open = call.waits.at(-1);
  const waitingFor = open && open.to === null ? causeBlockers(open.cause) : [];
  return (
    <div
      data-testid="call"
      data-call-id={call.id}
      data-state={state}
      data-outcome={outcome ?? ''}
      data-batch={call.batch}
      data-row={row}
      data-depth={depth}
      data-wait-kind={open && open.to === null ? open.cause.kind : undefined}
      data-waiting-for={waitingFor.length > 0 ? waitingFor.join(' ') : undefined}
      data-blocking={blocking || undefined}
      role="listitem"
      aria-label={callAriaLabel(call)}
      aria-describedby={describedBy}
      tabIndex={tabbable ? 0 : -1}
      className={`tl-lane tl-lane--${state} tl-lane--outcome-${tone}${blocking ? ' tl-lane--blocking' : ''}`}
      style={{ top: row * ROW_HEIGHT }}
    >
      <div className="tl-label" style={{ paddingLeft: 8 + depth * 16 }} aria-hidden="true">
        {depth > 0 && <span className="tl-depth">↳</span>}
        <span className="tl-mark">{outcome ? OUTCOME_MARK[outcome] : state === 'queued' ? '…' : '▸'}</span>
        <span className="tl-name">{callLabel(call)}</span>
      </div>
      <div className="tl-track" aria-hidden="true">
        {lane.stream?.map((segment, i) => (
          <span key={`s${i}`} className={`tl-substream tl-stream--${segment.kind}${segment.open ? ` ${OPEN_CLASS}` : ''}`} style={spanStyle(map, segment.from, segment.to, segment.open)} />
        ))}
        {lane.segments.map((segment, i) => (
          <span
            key={i}
            className={`tl-seg tl-seg--${segment.kind}${segment.kind === 'executing' || segment.kind === 'completed-awaiting-yield' ? ` tl-tone--${tone}` : ''}${segment.open ? ` ${OPEN_CLASS}` : ''}`}
            style={segment.kind === 'yielded-marker' ? { left: drawnX(map.toDrawn(segment.from)) } : spanStyle(map, segment.from, segment.to, segment.open)}
          />
        ))}
        {outcome && outcome !== 'success' && finished !== null && (
          <span className={`tl-outcome-tag tl-tone--${outcome}`} style={{ left: drawnX(map.toDrawn(finished)) }}>
            {`${OUTCOME_MARK[outcome]} ${outcome}`}
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * One call's lane. Re-renders only when its call snapshot changes (the record shares unchanged
 * call objects between records), its row moves, the time map changes or its focus role does.
 */
export const TimelineLane = memo(
  TimelineLaneView,
  (before, after) =>
    before.lane.call === after.lane.call &&
    before.lane.row === after.lane.row &&
    before.lane.depth === after.lane.depth &&
    before.lane.concurrent === after.lane.concurrent &&
    before.map === after.map &&
    before.tabbable === after.tabbable &&
    before.describedBy === after.describedBy &&
    before.blocking === after.blocking,
);

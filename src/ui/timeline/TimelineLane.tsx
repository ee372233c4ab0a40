import { memo } from 'react';
import { causeBlockers } from '../../tools/orchestration/waitCause';
import { callAriaLabel, msText, OUTCOME_MARK } from './callText';
import { drawnX, OPEN_CLASS, spanStyle } from './drawnPosition';
import type { LabelSide } from './labelPlacement';
import type { LaneLabel } from './laneLabels';
import type { Lane, SegmentKind } from './laneLayout';
import type { TimeMap } from './timeScale';
import './ranSpans.css';

/** Row height of a lane in pixels (the virtual range and the CSS agree on it). */
export const ROW_HEIGHT = 24;

/** What each segment kind is called in the legend and the card: the call's states in their own words. */
export const SEGMENT_NAME: Record<SegmentKind, string> = {
  queued: 'queued',
  latency: 'executing: simulated latency',
  asking: 'executing: asking permission',
  executing: 'executing: real work',
  'completed-awaiting-yield': 'completed, awaiting yield',
  'yielded-marker': 'yielded',
};

/** Which segments are real work (the tool ran, at its real pace) and which simulated (scripted time). */
const TIME_KIND: Partial<Record<SegmentKind, 'real' | 'simulated'>> = { executing: 'real', latency: 'simulated' };

export interface TimelineLaneProps {
  lane: Lane;
  map: TimeMap;
  /** The lane that Tab reaches (roving tabindex: one lane in the tab order). */
  tabbable: boolean;
  /** The id of the card describing this lane, when it shows. */
  describedBy: string | undefined;
  /** This call stands in the way of the lane people are looking at (hovered, focused or chosen). */
  blocking: boolean;
  /** This lane is the one chosen (clicked or focused): the sentence under the timeline is about it. */
  selected: boolean;
  /** This call is on the critical path (when it is shown). */
  critical: boolean;
  /** Where its outcome tag goes. */
  tagSide: LabelSide;
  /** Its label: what the column shows, and the whole of it for hover and focus. */
  label: LaneLabel;
  /** When the call ran in the session as it really ran (a replay of an imported session), on this run's clock. */
  ran?: readonly [number, number] | undefined;
  /** The learner's guess of this call's batch, when the run checks a guess. */
  guess?: LaneGuess | undefined;
}

/** A learner's guess of a call's batch (1 for the first), and once the run ended whether it was right. */
export interface LaneGuess {
  readonly batch: number;
  readonly right?: boolean;
}

function TimelineLaneView({ lane, map, tabbable, describedBy, blocking, selected, critical, tagSide, label, ran, guess }: TimelineLaneProps) {
  const { call, depth, row, state, outcome } = lane;
  const tone = outcome ?? 'none';
  const finished = call.completedAt;
  const open = call.waits.at(-1);
  const waitingFor = open && open.to === null ? causeBlockers(open.cause) : [];
  const { shown, full } = label;
  const permission = call.permission;
  // An interrupted call's tag ends at the Stop (inside its bar), never before the call began.
  const side: LabelSide = outcome === 'interrupted' && tagSide === 'left' ? 'inside' : tagSide;
  const classes = ['tl-lane', `tl-lane--${state}`, `tl-lane--outcome-${tone}`];
  if (blocking) classes.push('tl-lane--blocking');
  if (selected) classes.push('tl-lane--selected');
  if (critical) classes.push('tl-lane--critical');
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
      data-selected={selected || undefined}
      data-critical={critical || undefined}
      role="listitem"
      aria-label={callAriaLabel(call)}
      aria-describedby={describedBy}
      aria-current={selected || undefined}
      tabIndex={tabbable ? 0 : -1}
      className={classes.join(' ')}
      style={{ top: row * ROW_HEIGHT }}
    >
      <div className="tl-label" style={{ paddingLeft: 6 + depth * 14 }} aria-hidden="true">
        {depth > 0 && <span className="tl-depth">↳</span>}
        <span className="tl-mark">{outcome ? OUTCOME_MARK[outcome] : state === 'queued' ? '…' : '▸'}</span>
        <span className="tl-name" data-full={shown !== full ? full : undefined}>
          {shown}
        </span>
      </div>
      <div className="tl-track" aria-hidden="true">
        {guess && (
          <span className="tl-guess" data-testid="guess-mark" data-batch={guess.batch} data-right={guess.right === undefined ? undefined : String(guess.right)}>
            {`guess ${guess.batch}${guess.right === undefined ? '' : guess.right ? ' ✓' : ' ✗'}`}
          </span>
        )}
        {ran && <span className="tl-ran" data-testid="ran-span" title={`as it ran: ${msText(ran[0])}–${msText(ran[1])} ms`} style={spanStyle(map, ran[0], ran[1], false)} />}
        {lane.stream?.map((segment, i) => (
          <span key={`s${i}`} className={`tl-substream tl-stream--${segment.kind}${segment.open ? ` ${OPEN_CLASS}` : ''}`} style={spanStyle(map, segment.from, segment.to, segment.open)} />
        ))}
        {lane.segments.map((segment, i) => (
          <span
            key={i}
            className={`tl-seg tl-seg--${segment.kind}${segment.kind === 'executing' || segment.kind === 'completed-awaiting-yield' ? ` tl-tone--${tone}` : ''}${segment.open ? ` ${OPEN_CLASS}` : ''}`}
            data-time={TIME_KIND[segment.kind]}
            style={segment.kind === 'yielded-marker' ? { left: drawnX(map.toDrawn(segment.from)) } : spanStyle(map, segment.from, segment.to, segment.open)}
          />
        ))}
        {permission && (
          <span
            className={`tl-permission tl-permission--${permission.answer ?? 'open'}`}
            data-testid="permission-marker"
            data-answer={permission.answer ?? ''}
            data-scripted={permission.answeredAt === permission.askedAt ? 'true' : 'false'}
            title={`permission asked at ${msText(permission.askedAt)} ms: ${permission.answer ?? 'no answer yet'} (${permission.reason})`}
            style={{ left: drawnX(map.toDrawn(permission.askedAt)) }}
          >
            {permission.answer === 'deny' ? '⊘' : '?'}
          </span>
        )}
        {outcome && outcome !== 'success' && finished !== null && (
          <span
            className={`tl-outcome-tag tl-outcome-tag--${side} tl-tone--${outcome}`}
            style={{ left: drawnX(map.toDrawn(side === 'left' ? call.queuedAt : Math.max(finished, call.yieldedAt ?? finished))) }}
          >
            {`${OUTCOME_MARK[outcome]} ${outcome}`}
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * One call's lane. Re-renders only when its call snapshot changes (the record shares unchanged
 * call objects between records), its row moves, the time map changes or its role does.
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
    before.blocking === after.blocking &&
    before.selected === after.selected &&
    before.critical === after.critical &&
    before.tagSide === after.tagSide &&
    before.label.shown === after.label.shown &&
    before.label.full === after.label.full &&
    before.ran === after.ran &&
    before.guess?.batch === after.guess?.batch &&
    before.guess?.right === after.guess?.right,
);

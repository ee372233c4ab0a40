import type { ReactNode, Ref } from 'react';
import { TimelineLegend } from './TimelineLegend';
import { ZOOM_STEP } from './useTimelineView';

export interface TimelineToolbarProps {
  zoom: number;
  canZoomIn: boolean;
  collapseIdle: boolean;
  /** How many idle stretches collapsing removes (0: the run has none long enough). */
  idleGaps: number;
  critical: boolean;
  /** The executor diagram is shown above the lanes. */
  executor: boolean;
  /** The view follows the now line (offered while zoomed in on a run). */
  follow: boolean | null;
  onZoom: (factor: number) => void;
  onFit: () => void;
  onToggleCollapse: () => void;
  onToggleCritical: () => void;
  onToggleExecutor: () => void;
  onToggleFollow: () => void;
  /** Turns are folded into a row each (`null`: the run is short, nothing to fold). */
  turnsFolded: boolean | null;
  onToggleFoldTurns: () => void;
  /** The lesson's description, on one line (the whole of it on focus). */
  description?: string | undefined;
  /** The hover time readout, written to through a ref (not React state). */
  readoutRef: Ref<HTMLOutputElement>;
  /** The lane filter, for runs long enough to need one. */
  filter?: ReactNode;
}

/** One compact row: zoom, fit, follow, collapse idle and the critical path; the description; the key. */
export function TimelineToolbar({ readoutRef, filter, ...props }: TimelineToolbarProps) {
  const { zoom, canZoomIn, collapseIdle, idleGaps, critical, executor, follow, description } = props;
  return (
    <div className="tl-toolbar">
      <div className="tl-controls" role="group" aria-label="Timeline view">
        <button type="button" onClick={() => props.onZoom(1 / ZOOM_STEP)} disabled={zoom <= 1} aria-label="Zoom out" data-testid="timeline-zoom-out">
          −
        </button>
        <button type="button" onClick={() => props.onZoom(ZOOM_STEP)} disabled={!canZoomIn} aria-label="Zoom in" data-testid="timeline-zoom-in">
          +
        </button>
        <button type="button" onClick={props.onFit} disabled={zoom === 1} data-testid="timeline-fit" title="Fit the whole run to the width">
          Fit
        </button>
        {follow !== null && (
          <button type="button" aria-pressed={follow} onClick={props.onToggleFollow} data-testid="timeline-follow" title="Keep the now line in view">
            Follow
          </button>
        )}
        <button
          type="button"
          aria-pressed={collapseIdle}
          onClick={props.onToggleCollapse}
          data-testid="timeline-collapse-idle"
          data-gaps={collapseIdle ? idleGaps : undefined}
          title={collapseIdle ? (idleGaps > 0 ? `${idleGaps} idle stretch(es) drawn short` : 'No idle stretch long enough to shorten') : 'Draw long stretches where nothing happens short'}
        >
          Collapse idle{collapseIdle ? ` (${idleGaps})` : ''}
        </button>
        {props.turnsFolded !== null && (
          <button type="button" aria-pressed={props.turnsFolded} onClick={props.onToggleFoldTurns} data-testid="timeline-fold-turns" title="Draw each turn of several calls as one row; a click on a row unfolds it">
            Fold turns
          </button>
        )}
        <button type="button" aria-pressed={critical} onClick={props.onToggleCritical} data-testid="timeline-critical" title="Mark the chain of calls and streams that set the run's length">
          Critical path
        </button>
        <button type="button" aria-pressed={executor} onClick={props.onToggleExecutor} data-testid="timeline-executor" title="Draw the executor: the stream, the queue, the slots, the yield gate, the cascade">
          Executor
        </button>
      </div>
      {filter}
      {description !== undefined && description !== '' && (
        <p className="tl-description lesson" tabIndex={0} title={description} data-testid="timeline-description">
          {description}
        </p>
      )}
      <div className="tl-key-inline">
        <TimelineLegend compact />
      </div>
      <details className="tl-key" data-testid="timeline-key">
        <summary>Key</summary>
        <div className="tl-key-body">
          <TimelineLegend />
          <p className="muted">
            Press <kbd>?</kbd> for the keyboard shortcuts.
          </p>
        </div>
      </details>
      <output ref={readoutRef} className="tl-readout" aria-live="off" />
    </div>
  );
}

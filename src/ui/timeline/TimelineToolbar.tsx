import type { Ref } from 'react';
import type { SegmentKind } from './laneLayout';
import { SEGMENT_NAME } from './TimelineLane';

export interface TimelineToolbarProps {
  zoom: number;
  canZoomIn: boolean;
  collapseIdle: boolean;
  onZoom: (factor: number) => void;
  onFit: () => void;
  onToggleCollapse: () => void;
  /** The hover time readout, written to through a ref (not React state). */
  readoutRef: Ref<HTMLOutputElement>;
}

const LEGEND: readonly SegmentKind[] = ['queued', 'latency', 'asking', 'executing', 'completed-awaiting-yield', 'yielded-marker'];

/** Zoom, fit and collapse-idle controls, the legend of bar patterns, and the hover time. */
export function TimelineToolbar({ zoom, canZoomIn, collapseIdle, onZoom, onFit, onToggleCollapse, readoutRef }: TimelineToolbarProps) {
  return (
    <div className="tl-toolbar">
      <div className="tl-controls" role="group" aria-label="Timeline zoom">
        <button type="button" onClick={() => onZoom(1 / 1.5)} disabled={zoom <= 1} aria-label="Zoom out" data-testid="timeline-zoom-out">
          −
        </button>
        <button type="button" onClick={() => onZoom(1.5)} disabled={!canZoomIn} aria-label="Zoom in" data-testid="timeline-zoom-in">
          +
        </button>
        <button type="button" onClick={onFit} disabled={zoom === 1} data-testid="timeline-fit">
          Fit
        </button>
        <button type="button" aria-pressed={collapseIdle} onClick={onToggleCollapse} data-testid="timeline-collapse-idle">
          Collapse idle
        </button>
        <output ref={readoutRef} className="tl-readout" aria-live="off" />
      </div>
      <ul className="tl-legend" aria-label="Legend">
        {LEGEND.map((kind) => (
          <li key={kind}>
            <span className={`tl-swatch tl-seg--${kind}`} aria-hidden="true" />
            {SEGMENT_NAME[kind]}
          </li>
        ))}
        <li>
          <span className="tl-swatch tl-swatch--cap" aria-hidden="true">
            ▲
          </span>
          cap reached
        </li>
      </ul>
    </div>
  );
}

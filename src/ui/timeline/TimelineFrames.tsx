import { memo } from 'react';
import { OPEN_CLASS, spanStyle } from './drawnPosition';
import type { CapMarker, RowRange } from './layout';
import type { BatchFrame } from './laneLayout';
import type { TimeMap } from './timeScale';
import { ROW_HEIGHT } from './TimelineLane';

interface FrameProps {
  frame: BatchFrame;
  map: TimeMap;
}

const Frame = memo(
  function Frame({ frame, map }: FrameProps) {
    return (
      <div
        data-testid="batch"
        data-batch={frame.batch}
        data-concurrent={frame.concurrent ? 'true' : 'false'}
        data-turn={frame.turn}
        data-agent={frame.agent ?? ''}
        className={`tl-batch tl-batch--${frame.label}${frame.open ? ` ${OPEN_CLASS}` : ''}`}
        style={{
          ...spanStyle(map, frame.from, frame.to, frame.open),
          top: frame.firstRow * ROW_HEIGHT + 1,
          height: (frame.lastRow - frame.firstRow + 1) * ROW_HEIGHT - 2,
        }}
      >
        <span className="tl-batch-label">
          {frame.label} · b{frame.batch}
        </span>
      </div>
    );
  },
  (a, b) =>
    a.map === b.map &&
    a.frame.from === b.frame.from &&
    a.frame.to === b.frame.to &&
    a.frame.open === b.frame.open &&
    a.frame.firstRow === b.frame.firstRow &&
    a.frame.lastRow === b.frame.lastRow &&
    a.frame.batch === b.frame.batch &&
    a.frame.concurrent === b.frame.concurrent,
);

export interface TimelineFramesProps {
  batches: readonly BatchFrame[];
  capMarkers: readonly CapMarker[];
  map: TimeMap;
  /** Only frames and markers touching these rows are drawn. */
  range: RowRange;
}

/** The batch frames and the cap stretches behind the lanes (decoration: the lanes carry the text). */
export function TimelineFrames({ batches, capMarkers, map, range }: TimelineFramesProps) {
  const touches = (first: number, last: number) => last >= range.first && first < range.end;
  return (
    <div className="tl-frames" aria-hidden="true">
      {capMarkers.map((marker) =>
        touches(marker.firstRow, marker.lastRow) ? (
          <div
            key={`${marker.agent ?? ''}/${marker.turn}/${marker.at}`}
            className={`tl-cap-band${marker.open ? ` ${OPEN_CLASS}` : ''}`}
            style={{
              ...spanStyle(map, marker.at, marker.until, marker.open),
              top: marker.firstRow * ROW_HEIGHT,
              height: (marker.lastRow - marker.firstRow + 1) * ROW_HEIGHT,
            }}
          />
        ) : null,
      )}
      {batches.map((frame) =>
        touches(frame.firstRow, frame.lastRow) ? <Frame key={`${frame.agent ?? ''}/${frame.turn}/${frame.batch}`} frame={frame} map={map} /> : null,
      )}
    </div>
  );
}

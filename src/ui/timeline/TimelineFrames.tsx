import { memo, type CSSProperties } from 'react';
import { formatMs } from './axisTicks';
import { drawnX, OPEN_CLASS, spanStyle } from './drawnPosition';
import type { CapMarker, PlacedFrame, RowRange, TurnStart } from './layout';
import { frameLabel } from './layout';
import { labelWidth, SMALL_CHAR_PX, type TakenBox } from './labelPlacement';
import type { TimelineMark } from './timelineMarks';
import type { IdleGap, TimeMap } from './timeScale';
import { ROW_HEIGHT } from './TimelineLane';

/**
 * Where the frames' labels sit in the track (lanes.css: 10 px type, beside the frame's top edge,
 * 3 px out from the frame that reaches 3 px past its calls), for the cause words to keep clear of;
 * only the frames drawn (those touching `range`, as below).
 */
export function frameLabelBoxes(frames: readonly PlacedFrame[], x: (at: number) => number, range: RowRange): TakenBox[] {
  const boxes: TakenBox[] = [];
  for (const frame of frames) {
    if (frame.labelSide === 'none' || frame.lastRow < range.first || frame.firstRow >= range.end) continue;
    const width = labelWidth(frameLabel(frame), SMALL_CHAR_PX, 6);
    const y = frame.firstRow * ROW_HEIGHT + 14;
    if (frame.labelSide === 'right') boxes.push({ x0: x(frame.to) + 7, x1: x(frame.to) + 7 + width, y });
    else boxes.push({ x0: x(frame.from) - 9 - width, x1: x(frame.from) - 9, y });
  }
  return boxes;
}

interface FrameProps {
  frame: PlacedFrame;
  map: TimeMap;
}

const Frame = memo(
  function Frame({ frame, map }: FrameProps) {
    const label = frameLabel(frame);
    return (
      <div
        data-testid="batch"
        data-batch={frame.batch}
        data-concurrent={frame.concurrent ? 'true' : 'false'}
        data-turn={frame.turn}
        data-agent={frame.agent ?? ''}
        title={frame.labelSide === 'none' ? label : undefined}
        className={`tl-batch tl-batch--${frame.label}${frame.open ? ` ${OPEN_CLASS}` : ''}`}
        style={{
          ...spanStyle(map, frame.from, frame.to, frame.open),
          top: frame.firstRow * ROW_HEIGHT + 1,
          height: (frame.lastRow - frame.firstRow + 1) * ROW_HEIGHT - 2,
        }}
      >
        {frame.labelSide !== 'none' && <span className={`tl-batch-label tl-batch-label--${frame.labelSide}`}>{label}</span>}
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
    a.frame.concurrent === b.frame.concurrent &&
    a.frame.labelSide === b.frame.labelSide,
);

export interface TimelineFramesProps {
  batches: readonly PlacedFrame[];
  capMarkers: readonly CapMarker[];
  gaps: readonly IdleGap[];
  turnStarts: readonly TurnStart[];
  marks: readonly TimelineMark[];
  map: TimeMap;
  /** Only frames and markers touching these rows are drawn. */
  range: RowRange;
  /** All the rows (lanes and background lanes), for the lines that cross them all. */
  rows: number;
}

/**
 * A turn's name on its first row, just before the turn began: no call of that row starts sooner,
 * so it covers none of their bars (at the track's start when the turn began too near it).
 */
function TurnLabel({ turn, at }: { turn: number; at: number }) {
  const text = `turn ${turn}`;
  const style = { '--pill-w': `calc(${text.length}ch + 10px)`, left: `calc(var(--label-w) + max(4px, ${drawnX(at)} - 4px - var(--pill-w)))` } as CSSProperties;
  return (
    <span className="tl-turn-rule-label" style={style}>
      {text}
    </span>
  );
}

/**
 * Behind the lanes (decoration: the lanes carry the text): the batch frames, the cap stretches,
 * the idle stretches collapsed, where each turn begins (a line across, a rule between its lanes
 * and the turn before) and where the permission mode changed.
 */
export function TimelineFrames({ batches, capMarkers, gaps, turnStarts, marks, map, range, rows }: TimelineFramesProps) {
  const touches = (first: number, last: number) => last >= range.first && first < range.end;
  const height = Math.max(1, rows) * ROW_HEIGHT;
  return (
    <div className="tl-frames" aria-hidden="true">
      {gaps.map((gap) => (
        <div key={`gap${gap.from}`} className="tl-gap-band" data-testid="idle-band" title={`${formatMs(gap.to - gap.from)} idle, drawn as ${formatMs(gap.shownMs)}`} style={{ ...spanStyle(map, gap.from, gap.to, false), height }} />
      ))}
      {turnStarts.map((start) =>
        start.firstRow === 0 || !touches(start.firstRow, start.firstRow) ? null : (
          <div key={`turn${start.turn}`} className="tl-turn-rule" data-testid="turn-divider" data-turn={start.turn} style={{ top: start.firstRow * ROW_HEIGHT }}>
            {!start.named && <TurnLabel turn={start.turn} at={map.toDrawn(start.at)} />}
          </div>
        ),
      )}
      {turnStarts.map((start) =>
        start.turn === 0 || !start.line ? null : <div key={`turnline${start.turn}`} className="tl-turn-line" style={{ left: drawnX(map.toDrawn(start.at)), height }} />,
      )}
      {marks.map((mark) =>
        mark.kind === 'mode' || mark.kind === 'stop' ? (
          <div key={`${mark.kind}${mark.at}${mark.title}`} className={`tl-${mark.kind}-line`} data-testid={mark.kind === 'stop' ? 'stop-line' : undefined} style={{ left: drawnX(map.toDrawn(mark.at)), height }} />
        ) : null,
      )}
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

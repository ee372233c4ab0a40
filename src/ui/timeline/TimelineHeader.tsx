import type { AxisTick } from './axisTicks';
import { formatMs } from './axisTicks';
import { idleText } from '../../run/timeText';
import { msText } from './callText';
import { drawnX, OPEN_CLASS, spanStyle } from './drawnPosition';
import type { StreamSegment } from './streamBars';
import type { TimelineMark } from './timelineMarks';
import type { IdleGap, TimeMap } from './timeScale';

export interface TimelineHeaderProps {
  stream: readonly StreamSegment[];
  ticks: readonly AxisTick[];
  gaps: readonly IdleGap[];
  marks: readonly TimelineMark[];
  map: TimeMap;
  /** The stream's timings are scripted (a replay), not a live model's. */
  simulated: boolean;
  /** The call whose block is highlighted in the stream (the lane looked at). */
  activeBlock: string | null;
  /** Pixels per drawn millisecond: a fold says how long it is only where that fits. */
  pxPerMs: number;
}

/** About how wide the axis's small text is per character, in pixels. */
const CHAR_PX = 6.5;

/** One mark: its words (or glyph) against its time, the whole story as its title. */
function Flag({ mark, map }: { mark: TimelineMark; map: TimeMap }) {
  return (
    <span
      className={`tl-flag tl-flag--${mark.kind}${mark.alignRight ? ' tl-flag--leftwards' : ''}`}
      data-testid={mark.kind === 'cap' ? 'cap-marker' : mark.kind === 'mode' ? 'mode-change' : `mark-${mark.kind}`}
      {...Object.fromEntries(Object.entries(mark.data).map(([key, value]) => [`data-${key}`, value]))}
      title={mark.title}
      style={{ left: drawnX(map.toDrawn(mark.at)) }}
    >
      {mark.text}
    </span>
  );
}

function streamText(stream: readonly StreamSegment[], simulated: boolean): string {
  const turns = stream.filter((segment) => segment.kind === 'stream');
  if (turns.length === 0) return 'Stream: nothing streamed yet';
  return `Stream (${simulated ? 'simulated timings' : 'real time'}): ${turns
    .map((turn) => `${turn.lastTurn !== undefined ? `turns ${turn.turn}–${turn.lastTurn}` : `turn ${turn.turn}`} ${msText(turn.from)}–${turn.open ? 'now' : `${msText(turn.to)} ms`} (${turn.endReason ?? 'streaming'})`)
    .join('; ')}`;
}

/** A fold's words, as many as its width holds: "12 min idle", "12 min", or none (its title says it). */
function foldText(gap: IdleGap, pxPerMs: number): string {
  const room = (gap.shownMs * pxPerMs - 6) / CHAR_PX;
  const length = idleText(gap.to - gap.from);
  return room >= length.length + 5 ? `${length} idle` : room >= length.length ? length : '';
}

/** The sticky top of the timeline: the main stream bar, the marks row and the time axis. */
export function TimelineHeader({ stream, ticks, gaps, marks, map, simulated, activeBlock, pxPerMs }: TimelineHeaderProps) {
  return (
    <div className="tl-header">
      <div className="tl-row tl-stream-row" data-testid="stream" data-simulated={simulated ? 'true' : 'false'} role="img" aria-label={streamText(stream, simulated)}>
        <div className="tl-label tl-label--head">
          stream <span className="tl-time-kind">{simulated ? '· simulated' : '· real'}</span>
        </div>
        <div className="tl-track">
          {stream.map((segment, i) => (
            <span
              key={i}
              className={`tl-stream tl-stream--${segment.kind}${segment.open ? ` ${OPEN_CLASS}` : ''}${simulated ? ' tl-stream--simulated' : ''}${activeBlock !== null && segment.blockId === activeBlock ? ' tl-stream--active' : ''}`}
              data-kind={segment.kind}
              data-block-id={segment.blockId}
              title={segment.label}
              style={spanStyle(map, segment.from, segment.to, segment.open)}
            />
          ))}
          {marks.filter((mark) => mark.kind === 'stream-end').map((mark) => (
            <Flag key={`${mark.kind}/${mark.at}`} mark={mark} map={map} />
          ))}
        </div>
      </div>
      <div className="tl-row tl-marks-row" aria-hidden="true">
        <div className="tl-label tl-label--head">marks</div>
        <div className="tl-track">
          {marks.filter((mark) => mark.kind !== 'stream-end').map((mark) => (
            <Flag key={`${mark.kind}/${mark.at}/${mark.title}`} mark={mark} map={map} />
          ))}
        </div>
      </div>
      <div className="tl-row tl-axis" aria-hidden="true">
        <div className="tl-label tl-label--head">time</div>
        <div className="tl-track">
          {ticks.map((tick) => (
            <span key={tick.at} className={tick.atEnd ? 'tl-tick tl-tick--end' : 'tl-tick'} style={{ left: drawnX(map.toDrawn(tick.at)) }}>
              {tick.label}
            </span>
          ))}
          {gaps.map((gap) => (
            <span
              key={gap.from}
              className="tl-gap"
              data-testid="idle-gap"
              title={`${formatMs(gap.to - gap.from)} with nothing new, drawn as ${formatMs(gap.shownMs)}`}
              style={spanStyle(map, gap.from, gap.to, false)}
            >
              {foldText(gap, pxPerMs)}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}

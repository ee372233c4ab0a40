import { formatMs, type AxisTick } from './axisTicks';
import { msText } from './callText';
import { drawnX, OPEN_CLASS, spanStyle } from './drawnPosition';
import type { CapMarker } from './layout';
import type { StreamSegment } from './laneLayout';
import type { IdleGap, TimeMap } from './timeScale';

export interface TimelineHeaderProps {
  stream: readonly StreamSegment[];
  ticks: readonly AxisTick[];
  gaps: readonly IdleGap[];
  capMarkers: readonly CapMarker[];
  map: TimeMap;
}

const END_MARK: Record<string, string> = { fallback: '↺ fallback', interrupt: '■ interrupted', error: '✕ stream error' };

function streamText(stream: readonly StreamSegment[]): string {
  const turns = stream.filter((segment) => segment.kind === 'stream');
  if (turns.length === 0) return 'Stream: nothing streamed yet';
  return `Stream: ${turns
    .map((turn) => `turn ${turn.turn} ${msText(turn.from)}–${turn.open ? 'now' : `${msText(turn.to)} ms`} (${turn.endReason ?? 'streaming'})`)
    .join('; ')}`;
}

/** The sticky top of the timeline: the main stream bar and the time axis with its markers. */
export function TimelineHeader({ stream, ticks, gaps, capMarkers, map }: TimelineHeaderProps) {
  return (
    <div className="tl-header">
      <div className="tl-row tl-stream-row" data-testid="stream" role="img" aria-label={streamText(stream)}>
        <div className="tl-label tl-label--head">stream</div>
        <div className="tl-track">
          {stream.map((segment, i) => (
            <span
              key={i}
              className={`tl-stream tl-stream--${segment.kind}${segment.open ? ` ${OPEN_CLASS}` : ''}`}
              data-kind={segment.kind}
              title={segment.label}
              style={spanStyle(map, segment.from, segment.to, segment.open)}
            />
          ))}
          {stream.map((segment, i) =>
            segment.kind === 'stream' && segment.endReason && END_MARK[segment.endReason] ? (
              <span key={`end${i}`} className="tl-stream-end" style={{ left: drawnX(map.toDrawn(segment.to)) }}>
                {END_MARK[segment.endReason]}
              </span>
            ) : null,
          )}
        </div>
      </div>
      <div className="tl-row tl-axis" aria-hidden="true">
        <div className="tl-label tl-label--head">time</div>
        <div className="tl-track">
          {ticks.map((tick) => (
            <span key={tick.at} className="tl-tick" style={{ left: drawnX(map.toDrawn(tick.at)) }}>
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
              ≈ {formatMs(gap.to - gap.from)}
            </span>
          ))}
          {capMarkers.map((marker) => (
            <span
              key={`${marker.agent ?? ''}/${marker.turn}/${marker.at}`}
              className="tl-cap-marker"
              data-testid="cap-marker"
              data-at={marker.at}
              title={`concurrency cap of ${marker.cap} reached at ${msText(marker.at)} ms (peak ${marker.peak})`}
              style={{ left: drawnX(map.toDrawn(marker.at)) }}
            >
              ▲ cap {marker.cap}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}

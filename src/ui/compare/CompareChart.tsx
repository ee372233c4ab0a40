import { useEffect, useRef, useState, type RefObject } from 'react';
import { callPhases, type PhaseKind } from '../../run/callPhases';
import type { CallRecord, RunRecord, TurnRecord } from '../../run/record';
import { callLabel } from '../lesson/lessonCheck';
import { niceTicks } from './niceTicks';

const ROW = 18;
const LABEL = 170;
const PLOT_RIGHT = 70;
const TOP = 20;

/** Every call of the run, the main agent's and its sub-agents', with how deep it is. */
function flatten(turns: readonly TurnRecord[], depth = 0): { call: CallRecord; depth: number }[] {
  return turns.flatMap((turn) => turn.calls.flatMap((call) => [{ call, depth }, ...flatten(call.children ?? [], depth + 1)]));
}

const PHASE_CLASS: Record<PhaseKind, string> = {
  queued: 'is-queued',
  latency: 'is-latency',
  asking: 'is-asking',
  executing: 'is-executing',
  'completed-awaiting-yield': 'is-awaiting',
};

/**
 * One run of the comparison as a lane set on a shared time axis: the model's stream on top (its
 * tool blocks marked), a lane per call with its phases, the outcome where it was not a success,
 * and round ticks. Drawn from the record with the page's colours; every text is React's, escaped.
 */
export function CompareChart({ record, extentMs, title }: { record: RunRecord; extentMs: number; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useBoxWidth(box);
  return (
    <div ref={box} className="compare-chart-box">
      <ChartSvg record={record} extentMs={extentMs} width={width} title={title} />
    </div>
  );
}

/** The width of an element in CSS pixels, followed as it resizes (900 until it is measured). */
function useBoxWidth(box: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(900);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(320, Math.floor(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return width;
}

/** The chart drawn at `width` CSS pixels, so its text stays at the page's size whatever the pane's width. */
function ChartSvg({ record, extentMs, width, title }: { record: RunRecord; extentMs: number; width: number; title: string }) {
  const calls = flatten(record.turns);
  const extent = Math.max(1, extentMs);
  const plot = width - LABEL - PLOT_RIGHT;
  const x = (ms: number) => LABEL + (Math.min(Math.max(ms, 0), extent) / extent) * plot;
  const streamTop = TOP;
  const lanesTop = TOP + ROW + 4;
  const height = lanesTop + calls.length * ROW + 24;
  const ticks = niceTicks(extent);
  const turns = record.turns.filter((turn) => turn.agent === undefined);
  return (
    <svg className="compare-chart" viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={title}>
      {ticks.map((tick) => (
        <g key={tick.ms} className="compare-tick">
          <line x1={x(tick.ms)} x2={x(tick.ms)} y1={TOP - 4} y2={height - 18} />
          <text x={x(tick.ms)} y={height - 5} textAnchor="middle">
            {tick.label}
          </text>
        </g>
      ))}
      <text className="compare-label" x={6} y={streamTop + 13}>
        stream
      </text>
      {turns.map((turn) => (
        <g key={turn.index} data-turn={turn.index}>
          <rect className="compare-stream" x={x(turn.streamStartedAt)} y={streamTop + 3} width={Math.max(1, x(turn.streamEndedAt ?? record.endedAt) - x(turn.streamStartedAt))} height={ROW - 6} />
          {turn.blocks
            .filter((block) => block.kind === 'tool_use')
            .map((block) => (
              <rect key={block.index} className="compare-stream-tool" x={x(block.startedAt)} y={streamTop + 3} width={Math.max(1, x(block.stoppedAt ?? record.endedAt) - x(block.startedAt))} height={ROW - 6} />
            ))}
        </g>
      ))}
      {calls.map(({ call, depth }, index) => {
        const y = lanesTop + index * ROW;
        const phases = callPhases(call, record.endedAt);
        const end = phases.at(-1)?.to ?? call.queuedAt;
        const label = callLabel(call);
        return (
          <g key={call.id} data-call-id={call.id} data-outcome={call.outcome ?? ''}>
            <text className="compare-label" x={6 + depth * 10} y={y + 13}>
              {label.length > 22 ? (
                <>
                  {`${label.slice(0, 21)}…`}
                  <title>{label}</title>
                </>
              ) : (
                label
              )}
            </text>
            {phases.map((phase, i) => (
              <rect key={i} className={`compare-phase ${PHASE_CLASS[phase.kind]}`} x={x(phase.from)} y={y + 3} width={Math.max(1, x(phase.to) - x(phase.from))} height={ROW - 6} />
            ))}
            {call.outcome && call.outcome !== 'success' && (
              <text className={`compare-outcome is-${call.outcome}`} x={x(end) + 4} y={y + 13}>
                {call.outcome}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

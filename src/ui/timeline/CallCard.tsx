import { callBatchName } from '../../tools/orchestration/batchName';

import type { CallRecord } from '../../run/record';
import { causeBlockers, describeWait } from '../../tools/orchestration/waitCause';
import { callLabel, msText, safeJson, truncateBlock } from './callText';
import { callState } from './laneLayout';

const INPUT_CHARS = 600;
const RESULT_CHARS = 600;

export interface CallCardProps {
  id: string;
  call: CallRecord;
  /** Position inside the lanes area, in pixels. */
  left: number;
  top: number;
  /** Open upwards from `top` (for lanes near the bottom). */
  above: boolean;
  /** Names a call of the run by its id (the calls a wait's cause points at). */
  labelOf: (id: string) => string;
}

function at(value: number | null): string {
  return value === null ? '—' : `${msText(value)} ms`;
}

/** The hover/focus card of a lane: input, result, timings and every recorded wait reason. */
export function CallCard({ id, call, left, top, above, labelOf }: CallCardProps) {
  const timings: [string, string][] = [
    ['queued', at(call.queuedAt)],
    ['executing', at(call.executingAt)],
  ];
  if (call.runStartedAt !== null && call.runStartedAt !== call.executingAt) timings.push(['running', at(call.runStartedAt)]);
  timings.push(['completed', at(call.completedAt)], ['yielded', at(call.yieldedAt)]);
  if (call.latencyMs > 0) timings.push(['latency', `${msText(call.latencyMs)} ms`]);
  const result = call.result?.content;
  return (
    <div id={id} role="tooltip" className={`tl-card${above ? ' tl-card--above' : ''}`} style={{ left, top }} data-testid="call-card">
      <div className="tl-card-title">
        <strong>{callLabel(call)}</strong>{' '}
        <span className="tl-card-state">
          {[callState(call), call.outcome, callBatchName(call.batch), call.agent !== undefined ? `sub-agent of ${call.agent}` : null].filter(Boolean).join(' · ')}
        </span>
      </div>
      <dl className="tl-card-times">
        {timings.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {call.waits.length > 0 && (
        <ul className="tl-card-waits" aria-label="Waits">
          {call.waits.map((wait, i) => (
            <li key={i} data-wait-kind={wait.cause.kind} data-blockers={causeBlockers(wait.cause).join(' ') || undefined}>
              <span className="tl-card-when">
                {msText(wait.from)}–{wait.to === null ? '…' : msText(wait.to)} ms
              </span>{' '}
              {describeWait(wait.cause, labelOf)}
            </li>
          ))}
        </ul>
      )}
      {call.permission && (
        <p className="tl-card-permission">
          permission asked {at(call.permission.askedAt)}, answered {at(call.permission.answeredAt)}: {call.permission.answer ?? 'no answer yet'} (
          {call.permission.reason})
        </p>
      )}
      <div className="tl-card-label">input</div>
      <pre className="tl-card-pre">{truncateBlock(typeof call.input === 'string' ? call.input : safeJson(call.input, 2), INPUT_CHARS)}</pre>
      <div className="tl-card-label">result</div>
      <pre className={`tl-card-pre${call.result?.is_error ? ' tl-card-pre--error' : ''}`}>
        {result !== undefined ? truncateBlock(result, RESULT_CHARS) : call.outcome === 'discarded' ? '(discarded: no result)' : '(not yet)'}
      </pre>
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { PolicyName } from '../../scenarios/policies';
import type { Scenario } from '../../scenarios/schema';
import { differences, knownAnswers, sessionAnswers, type SessionAnswers } from './sessionAnswers';
import { auditSentences, startsKnownText } from '../../run/logWitnessText';
import type { LogAudit } from '../../scenarios/schema';
import { secondsText } from '../../run/timeText';


/** A bar as wide as its share of the largest value. */
function Bar({ value, max }: { value: number; max: number }) {
  return <span className="summary-bar" style={{ width: `${Math.max(0.5, (100 * value) / Math.max(1, max)).toFixed(1)}%` }} />;
}

type Status = { kind: 'working' } | { kind: 'done'; answers: SessionAnswers } | { kind: 'failed'; message: string };

/**
 * An imported session's answers, as `--format summary` prints them: how faithfully its own
 * preset replays it, and the session under every preset (tool time, cancellations, result order)
 * with a bar each; the turns where presets differ, in words; and one click to replay it under a
 * preset. Worked out when first shown, in this page, with recorded effects.
 */
export function SessionSummaryPanel({ scenario, onReplay, disabled }: { scenario: Scenario; onReplay: (policy: PolicyName) => void; disabled: boolean }) {
  const [status, setStatus] = useState<Status>(() => {
    const known = knownAnswers(scenario);
    return known ? { kind: 'done', answers: known } : { kind: 'working' };
  });
  const [shownFor, setShownFor] = useState(scenario);
  if (shownFor !== scenario) {
    setShownFor(scenario);
    const known = knownAnswers(scenario);
    setStatus(known ? { kind: 'done', answers: known } : { kind: 'working' });
  }

  useEffect(() => {
    if (knownAnswers(scenario)) return;
    const controller = new AbortController();
    sessionAnswers(scenario, controller.signal).then(
      (answers) => {
        if (!controller.signal.aborted) setStatus({ kind: 'done', answers });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setStatus({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [scenario]);

  return (
    <section className="session-summary" data-testid="session-summary" data-status={status.kind} aria-labelledby="session-summary-title">
      <h2 id="session-summary-title">This session under every preset</h2>
      <p className="muted">
        Each preset replays the session's calls with the results its log recorded (nothing runs, is fetched or sent): how long the tools would have taken, which calls a failure would have
        cancelled, and where results would have come back in another order.
      </p>
      {status.kind === 'working' && <p role="status">Replaying the session under every preset…</p>}
      {status.kind === 'failed' && <p role="alert">No summary: {status.message}</p>}
      {status.kind === 'done' && <Answers answers={status.answers} onReplay={onReplay} disabled={disabled} />}
    </section>
  );
}

function Answers({ answers, onReplay, disabled }: { answers: SessionAnswers; onReplay: (policy: PolicyName) => void; disabled: boolean }) {
  const { comparison, fidelity, preset, label } = answers;
  const max = Math.max(comparison.totalRealMs, ...comparison.totals.map((total) => total.toolMs));
  const realCancelled = comparison.turns.reduce((sum, turn) => sum + turn.realCancelled, 0);
  const differ = differences(comparison);
  return (
    <>
      {fidelity && (
        <p data-testid="session-fidelity">
          Under its own preset ({preset}): {fidelity.sameOutcome} of {fidelity.calls} calls end as they really did; {fidelity.startsWithin} of {fidelity.timed} start within{' '}
          {fidelity.toleranceMs} ms of their real start ({startsKnownText(fidelity)}).
        </p>
      )}
      {answers.audit && <LogAuditText audit={answers.audit} />}
      <div className="summary-scroll">
        <table className="summary-table">
          <caption>Tool time over {comparison.turns.length} responses, as it ran and under each preset</caption>
          <thead>
            <tr>
              <th scope="col">run</th>
              <th scope="col" className="summary-bar-cell">
                tool time
              </th>
              <th scope="col">of real</th>
              <th scope="col">cancelled</th>
              <th scope="col">other order</th>
              <th scope="col">
                <span className="visually-hidden">replay</span>
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="summary-real">
              <th scope="row">{label}</th>
              <td className="summary-bar-cell">
                <Bar value={comparison.totalRealMs} max={max} /> {secondsText(comparison.totalRealMs)}
              </td>
              <td>1.00×</td>
              <td>{realCancelled}</td>
              <td>—</td>
              <td />
            </tr>
            {comparison.totals.map((total, i) => (
              <tr key={total.policy} data-policy={total.policy} className={total.policy === preset ? 'summary-own' : undefined}>
                <th scope="row">
                  {total.policy}
                  {total.policy === preset && <span className="summary-tag"> its own</span>}
                </th>
                <td className="summary-bar-cell">
                  <Bar value={total.toolMs} max={max} /> {secondsText(total.toolMs)}
                </td>
                <td>{comparison.totalRealMs > 0 ? `${(total.toolMs / comparison.totalRealMs).toFixed(2)}×` : '—'}</td>
                <td>{total.cancelled}</td>
                <td>{total.orderDiffers === 0 ? '—' : `${total.orderDiffers} turn${total.orderDiffers === 1 ? '' : 's'}`}</td>
                <td>
                  <button type="button" disabled={disabled} onClick={() => onReplay(answers.policies[i]!)} title={`Replay the session under ${total.policy} and show it on the timeline`}>
                    Replay
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>Where the presets differ from the real run</h3>
      {differ.length === 0 ? (
        <p className="muted">Nowhere: every preset cancels what the session cancelled and hands results back in the same order.</p>
      ) : (
        <ul className="summary-differences" data-testid="session-differences">
          {differ.map((entry) => (
            <li key={entry.turn}>
              <strong>turn {entry.turn}</strong>: {entry.text}.
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** What the log says of itself, in one paragraph. */
function LogAuditText({ audit }: { audit: LogAudit }) {
  return <p data-testid="session-audit">What the log says of itself: {auditSentences(audit).join('; ')}.</p>;
}

import type { PolicyName } from '../../scenarios/policies';
import type { CompareFacts } from './compareFacts';
import { formatDuration } from './niceTicks';

/** One run of the comparison as the summary's row shows it. */
export interface SummaryRun {
  /** The strategy or the policy's name: the run's chart has the id `compare-run-<label>`. */
  label: string;
  strategy: string;
  policy?: PolicyName | undefined;
  facts: CompareFacts;
}

/**
 * The comparison in one table before its charts, as `replay --compare` prints it: per run its
 * makespan (with a bar, and its ratio to serial when the four strategies are compared), the calls
 * a sibling cancelled, the result order and the edits lost, a lost edit marked. Each run's name
 * links to its chart below.
 */
export function CompareSummary({ runs, serialMakespan }: { runs: readonly SummaryRun[]; serialMakespan?: number | undefined }) {
  const slowest = Math.max(1, ...runs.map((run) => run.facts.toolsMakespan));
  const anyLost = runs.some((run) => run.facts.lostEdits.length > 0);
  return (
    // On a phone the table scrolls within its box, not the page.
    <div className="compare-summary-box">
      <table className="compare-summary" data-testid="compare-summary">
        <caption>
          {runs.length} runs of one scenario{anyLost ? ': an edit was lost' : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">run</th>
            <th scope="col">makespan</th>
            <th scope="col">cancelled</th>
            <th scope="col">result order</th>
            <th scope="col">lost edits</th>
          </tr>
        </thead>
        <tbody>
          {runs.map(({ label, strategy, policy, facts }) => (
            <tr key={label} data-testid="compare-summary-row" data-run={label} data-lost-edits={facts.lostEdits.length} className={facts.lostEdits.length > 0 ? 'is-lost' : undefined}>
              <th scope="row">
                <a href={`#compare-run-${label}`}>{label}</a>
                {policy ? <span className="muted"> ({strategy})</span> : null}
              </th>
              <td>
                {formatDuration(facts.toolsMakespan)}
                {serialMakespan ? ` · ${(facts.toolsMakespan / serialMakespan).toFixed(2)}×` : ''}
                <span className="compare-summary-bar" style={{ width: `${Math.max(2, Math.round((facts.toolsMakespan / slowest) * 64))}px` }} aria-hidden="true" />
              </td>
              <td>{facts.cancelled}</td>
              <td>{facts.outOfOrder === 0 ? 'as requested' : `${facts.outOfOrder} passed an earlier one`}</td>
              <td>{facts.lostEdits.length === 0 ? 'none' : <strong>{facts.lostEdits.map((edit) => `${edit.id} (${edit.path})`).join(', ')}</strong>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { CompareChart, CompareSubjectPicker, CompareSummary, compareFacts, factSentences, FinalFiles, formatDuration } from '../compare';
import { setCompareSubject } from '../controller';
import { POLICIES } from '../../scenarios/policies';
import { usePlayground, type CompareEntry } from '../store';

/**
 * One scenario under the four strategies, or under a set of real agents' policies: first the
 * summary table (a row per run), then the runs stacked on one time axis, each run's lane set with
 * its stream, its makespan (until the last result came back, the number the lessons quote), the
 * calls a sibling cancelled, the result order and the edits lost, and the final files where the
 * runs disagree, as diffs.
 */
export function ComparePanel({ status, entries, onRun }: { status: 'idle' | 'running' | 'done'; entries: CompareEntry[]; onRun: () => void }) {
  const subject = usePlayground((state) => state.compare.subject);
  const hidden = usePlayground((state) => state.answerHidden);
  const extent = Math.max(1, ...entries.map((entry) => entry.record.endedAt));
  const facts = entries.map((entry) => compareFacts(entry.record));
  const serial = subject.kind === 'strategies' ? entries.findIndex((entry) => entry.label === 'serial') : -1;
  const serialMakespan = serial >= 0 ? facts[serial]!.toolsMakespan : undefined;
  const runLabel = status === 'running' ? 'Comparing…' : subject.kind === 'strategies' ? 'Compare the four strategies' : `Compare ${subject.policies.length} ${subject.policies.length === 1 ? 'policy' : 'policies'}`;
  return (
    <section className="compare" aria-label="Compare" data-testid="compare" data-subject={subject.kind}>
      <div className="compare-head">
        <CompareSubjectPicker subject={subject} disabled={status === 'running'} onChange={setCompareSubject} />
        <button type="button" className="primary" onClick={onRun} disabled={status === 'running' || hidden || (subject.kind === 'policies' && subject.policies.length === 0)}>
          {runLabel}
        </button>
        <span className="muted">{hidden ? 'The comparison shows the answer: it opens once you have run the lesson.' : 'Each run replays the same scenario on a fresh sandbox, without pacing.'}</span>
      </div>
      {entries.length > 0 && (
        <CompareSummary runs={entries.map((entry, i) => ({ label: entry.label, strategy: entry.strategy, policy: entry.policy, facts: facts[i]! }))} serialMakespan={serialMakespan} />
      )}
      {entries.map((entry, i) => {
        const runFacts = facts[i]!;
        const ratio = serialMakespan ? ` · ${(runFacts.toolsMakespan / serialMakespan).toFixed(2)}× serial` : '';
        const policy = entry.policy ? POLICIES[entry.policy] : undefined;
        return (
          <figure key={entry.label} id={`compare-run-${entry.label}`} className="compare-entry" data-testid="compare-run" data-strategy={entry.label} data-policy={entry.policy} data-makespan={runFacts.toolsMakespan} data-run-makespan={runFacts.makespan} data-cancelled={runFacts.cancelled} data-lost-edits={runFacts.lostEdits.length}>
            <figcaption>
              <strong>{entry.label}</strong>
              {policy ? ` (${entry.strategy})` : ''} · makespan {formatDuration(runFacts.toolsMakespan)}
              {ratio}
              {entry.record.expectations && !entry.record.expectations.passed ? ' · differs from the lesson’s expectations' : ''}
              <span className="compare-facts"> · {factSentences(runFacts).join(' · ')} · the run ends at {formatDuration(runFacts.makespan)}</span>
              {policy && <span className="compare-policy">{policy.summary}</span>}
            </figcaption>
            <CompareChart record={entry.record} extentMs={extent} title={`${entry.label}: the stream and each call on a shared time axis`} />
          </figure>
        );
      })}
      {status === 'done' && <FinalFiles entries={entries} />}
    </section>
  );
}

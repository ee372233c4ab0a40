import type { CompareEntry } from '../store';
import { recordToSvg } from './recordSvg';

/**
 * One scenario under all four strategies, stacked on one time axis with makespans and ratios (the
 * seed's "7 s vs 3 s" made visible), and the final files where the strategies disagree (the
 * parallel race's lost edit).
 */
export function ComparePanel({ status, entries, onRun }: { status: 'idle' | 'running' | 'done'; entries: CompareEntry[]; onRun: () => void }) {
  const extent = Math.max(1, ...entries.map((entry) => entry.record.endedAt));
  const serial = entries.find((entry) => entry.strategy === 'serial')?.record.endedAt;
  const paths = [...new Set(entries.flatMap((entry) => Object.keys(entry.record.files)))].sort();
  const differing = paths.filter((path) => new Set(entries.map((entry) => entry.record.files[path] ?? '(missing)')).size > 1);
  return (
    <section className="compare" aria-label="Compare strategies" data-testid="compare">
      <div className="compare-head">
        <button type="button" className="primary" onClick={onRun} disabled={status === 'running'}>
          {status === 'running' ? 'Comparing…' : 'Compare the four strategies'}
        </button>
        <span className="muted">Each strategy replays the same scenario on a fresh sandbox, without pacing.</span>
      </div>
      {entries.map((entry) => (
        <figure key={entry.strategy} className="compare-entry" data-strategy={entry.strategy} data-makespan={entry.record.endedAt}>
          <figcaption>
            <strong>{entry.strategy}</strong> · makespan {Math.round(entry.record.endedAt)} ms
            {serial ? ` · ${(entry.record.endedAt / serial).toFixed(2)}× serial` : ''}
            {entry.record.expectations && !entry.record.expectations.passed ? ' · differs from the expectations' : ''}
          </figcaption>
          {/* recordToSvg escapes every text it writes. */}
          <div className="compare-svg" dangerouslySetInnerHTML={{ __html: recordToSvg(entry.record, { extentMs: extent, width: 900 }) }} />
        </figure>
      ))}
      {status === 'done' && (
        <div className="compare-files">
          <h4>Final files</h4>
          {differing.length === 0 ? (
            <p>Every strategy left the same files.</p>
          ) : (
            differing.map((path) => (
              <div key={path} className="compare-file" data-testid="compare-file" data-path={path}>
                <p className="mono">{path} differs between strategies:</p>
                <div className="compare-file-grid">
                  {entries.map((entry) => (
                    <div key={entry.strategy} data-strategy={entry.strategy}>
                      <p className="muted">{entry.strategy}</p>
                      <pre>{entry.record.files[path] ?? '(missing)'}</pre>
                    </div>
                  ))}
                </div>
              </div>
            ))
          )}
        </div>
      )}
    </section>
  );
}

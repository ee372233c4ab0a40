import type { CompareEntry } from '../store';
import { compareFacts } from './compareFacts';
import { lineDiff } from './lineDiff';

/**
 * The files the runs left differently, each as a diff against the file a run that lost no edit
 * left: the lost edit shows as the line one run has and another does not.
 */
export function FinalFiles({ entries }: { entries: readonly CompareEntry[] }) {
  const paths = [...new Set(entries.flatMap((entry) => Object.keys(entry.record.files)))].sort();
  const differing = paths.filter((path) => new Set(entries.map((entry) => entry.record.files[path] ?? '(missing)')).size > 1);
  const reference = entries.find((entry) => compareFacts(entry.record).lostEdits.length === 0) ?? entries[0];
  return (
    <div className="compare-files">
      <h4>Final files</h4>
      {differing.length === 0 || !reference ? (
        <p>Every run left the same files.</p>
      ) : (
        differing.map((path) => {
          const base = reference.record.files[path];
          return (
            <div key={path} className="compare-file" data-testid="compare-file" data-path={path}>
              <p>
                <span className="mono">{path}</span> differs between the runs; against {reference.label}’s:
              </p>
              {entries
                .filter((entry) => entry !== reference && entry.record.files[path] !== base)
                .map((entry) => {
                  const lost = compareFacts(entry.record).lostEdits.filter((edit) => edit.path === path);
                  return (
                    <figure key={entry.label} className="compare-diff" data-testid="compare-diff" data-strategy={entry.label}>
                      <figcaption>
                        {entry.label}
                        {lost.length > 0 ? `: lost the edit of ${lost.map((edit) => edit.id).join(', ')}` : ''}
                      </figcaption>
                      <pre aria-label={`${path}: ${reference.label} → ${entry.label}`}>
                        {base === undefined || entry.record.files[path] === undefined ? (
                          <span className="diff-line is-removed">{entry.record.files[path] === undefined ? `(${entry.label} left no ${path})` : `(${reference.label} left no ${path})`}</span>
                        ) : (
                          lineDiff(base, entry.record.files[path]).map((line, i) => (
                            <span key={i} className={`diff-line is-${line.kind}`}>
                              {line.kind === 'removed' ? '- ' : line.kind === 'added' ? '+ ' : '  '}
                              {line.text}
                              {'\n'}
                            </span>
                          ))
                        )}
                      </pre>
                    </figure>
                  );
                })}
            </div>
          );
        })
      )}
    </div>
  );
}

import { usePlayground } from '../store';

const NO_FAILURES: readonly string[] = [];

/** Why a run failed, and which expectations it missed. */
export function RunProblems() {
  const message = usePlayground((state) => (state.run.status === 'error' ? state.run.message : ''));
  const failures = usePlayground((state) => state.record.expectations?.failures ?? NO_FAILURES);
  if (!message && failures.length === 0) return null;
  return (
    <div className="problems" role="alert">
      {message && <p>{message}</p>}
      {failures.length > 0 && (
        <ul>
          {failures.map((failure) => (
            <li key={failure}>{failure}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

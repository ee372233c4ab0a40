import type { LocatedError } from './scenarioText';

/** Scenario errors, one per row: where (line:column, or the path) and what. */
export function ErrorList({ errors, testId }: { errors: readonly LocatedError[]; testId: string }) {
  return (
    <ul className="scenario-errors" data-testid={testId}>
      {errors.map((error, index) => {
        const where = error.line !== undefined ? `${error.line}:${error.column ?? 1}` : error.path;
        return (
          <li key={index} data-path={error.path}>
            {where !== '' && <span className="scenario-error-where mono">{where}</span>}
            <span className="scenario-error-message">{error.message}</span>
          </li>
        );
      })}
    </ul>
  );
}

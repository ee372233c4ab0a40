import { useMemo } from 'react';
import { asItRanLabel, observedRecord } from '../../run/observedRecord';
import type { RunRecord } from '../../run/record';
import type { Scenario } from '../../scenarios/schema';

/** Which run the timeline shows for an imported session: the replay, or the session as it really ran. */
export type SessionView = 'replay' | 'as-it-ran';

/**
 * An imported session's real run, or `null` for any other scenario: its label, and its record when
 * `shown` (made once per scenario, on the first showing: opening a 2,000-call session does not wait
 * for a record nobody looks at yet).
 */
export function useAsItRan(scenario: Scenario | null, shown: boolean): { label: string; record: RunRecord | null } | null {
  const recordOf = useMemo(() => {
    let made: RunRecord | null | undefined;
    return () => (made ??= scenario ? observedRecord(scenario) : null);
  }, [scenario]);
  const label = scenario?.observed ? asItRanLabel(scenario.observed) : null;
  return label === null ? null : { label, record: shown ? recordOf() : null };
}

/** The switch between the replay and the real run, shown above the timeline of an imported session. */
export function AsItRanSwitch({ view, label, onChange }: { view: SessionView; label: string; onChange: (view: SessionView) => void }) {
  return (
    <div className="as-it-ran" role="radiogroup" aria-label="Which run the timeline shows" data-testid="as-it-ran-switch">
      <label>
        <input type="radio" name="session-view" checked={view === 'replay'} onChange={() => onChange('replay')} /> the replay
      </label>
      <label>
        <input type="radio" name="session-view" checked={view === 'as-it-ran'} onChange={() => onChange('as-it-ran')} data-testid="as-it-ran" /> {label}
      </label>
    </div>
  );
}

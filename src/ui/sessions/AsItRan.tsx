import { useMemo } from 'react';
import { asItRanLabel, observedRecord } from '../../run/observedRecord';
import type { RunRecord } from '../../run/record';
import type { Scenario } from '../../scenarios/schema';

/** Which run the timeline shows for an imported session: the replay, or the session as it really ran. */
export type SessionView = 'replay' | 'as-it-ran';

/** An imported session's real run as a record (made once per scenario), or `null` for any other scenario. */
export function useAsItRan(scenario: Scenario | null): { record: RunRecord; label: string } | null {
  return useMemo(() => {
    const record = scenario ? observedRecord(scenario) : null;
    return record && scenario?.observed ? { record, label: asItRanLabel(scenario.observed) } : null;
  }, [scenario]);
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

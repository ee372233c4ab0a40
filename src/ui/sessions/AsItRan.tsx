import { useMemo, useState } from 'react';
import { asItRanLabel, observedRecord } from '../../run/observedRecord';
import type { RunRecord } from '../../run/record';
import type { Scenario } from '../../scenarios/schema';
import { setEffects } from '../controller/settings';
import { usePlayground, type PlaygroundState } from '../store';

/** Which run the timeline shows for an imported session: the replay, or the session as it really ran. */
export type SessionView = 'replay' | 'as-it-ran';

/**
 * Which run the timeline shows: a session opens as it ran (its lanes drawn at once, with nothing
 * to wait for), and a run started shows the replay.
 */
export function useSessionView(scenario: Scenario | null, running: boolean): [SessionView, (view: SessionView) => void] {
  const [view, setView] = useState<SessionView>(scenario?.observed ? 'as-it-ran' : 'replay');
  // A new session is a new id with an observed run; edits of the same one keep the view chosen.
  const opened = scenario?.observed ? scenario.id : null;
  const [seen, setSeen] = useState({ opened, running });
  if (seen.opened !== opened || seen.running !== running) {
    setSeen({ opened, running });
    if (running && !seen.running) setView('replay');
    else if (opened !== seen.opened && opened !== null) setView('as-it-ran');
  }
  return [view, setView];
}

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
        {view === 'replay' && (
          <span className="muted" data-testid="ran-beside-note" title="The thin line under each call's bar: when that call ran in the log, from the start of its turn">
            {' '}
            (thin lines: as it ran)
          </span>
        )}
      </label>
      <label>
        <input type="radio" name="session-view" checked={view === 'as-it-ran'} onChange={() => onChange('as-it-ran')} data-testid="as-it-ran" /> {label}
      </label>
    </div>
  );
}

/** What the replay of an imported session does with its tools, in words the page shows beside the switch. */
export function effectsSentence(effects: PlaygroundState['effects']): string {
  if (effects.effects === 'recorded') return 'Each call ends as the log recorded it, when the policy lets it start: nothing runs, is fetched or sent.';
  // The log's own answers are not the person's: a call that asks is refused unless they allow it.
  const asks = ' A call that asks runs only with your answer (Ask me) or an allow rule of yours.';
  return effects.network
    ? `The calls run in the sandbox, and WebFetch, WebSearch and MCP calls go out to the network.${asks}`
    : `The calls run in the sandbox; WebFetch, WebSearch and MCP calls keep their recorded results (nothing is fetched).${asks}`;
}

/** The choice of an imported session's effects: the log's record (the default), or a re-run here. */
export function EffectsSwitch({ disabled }: { disabled: boolean }) {
  const effects = usePlayground((state) => state.effects);
  return (
    <div className="effects-switch" data-testid="effects" data-effects={effects.effects} data-network={String(effects.network)}>
      <label>
        Tools{' '}
        <select value={effects.effects} disabled={disabled} onChange={(event) => setEffects({ effects: event.target.value === 'rerun' ? 'rerun' : 'recorded' })} aria-label="What the replay does with the session's tools">
          <option value="recorded">as the log recorded</option>
          <option value="rerun">run again here</option>
        </select>
      </label>
      {effects.effects === 'rerun' && (
        <label>
          <input type="checkbox" checked={effects.network} disabled={disabled} onChange={(event) => setEffects({ network: event.target.checked })} /> let fetches out
        </label>
      )}
      <span className="effects-note">{effectsSentence(effects)}</span>
    </div>
  );
}

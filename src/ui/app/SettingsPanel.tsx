import { BASH_CONCURRENCY, CASCADES, CONCURRENT_TOOLS, POLICIES, POLICY_NAMES, type PolicyName } from '../../scenarios/policies';
import { effectiveSettings } from '../../scenarios/effectiveSettings';
import { resetOverrides, setOverrides, setPolicy } from '../controller';
import { usePlayground, type SettingsOverrides } from '../store';
import './settings.css';

type Scheduling = 'maxConcurrency' | 'resultOrder' | 'cascade' | 'bashConcurrency' | 'concurrentTools';

/** Where an effective scheduling value comes from: the person, the scenario, or the policy preset. */
function originOf(key: Scheduling, overrides: SettingsOverrides, scenario: Readonly<Record<string, unknown>>): string {
  if (overrides[key] !== undefined) return 'your change';
  if (scenario[key] !== undefined) return 'the scenario’s';
  return 'the policy’s';
}

/**
 * The run settings a person may change over the scenario's own (they apply to the next run): the
 * policy preset, with what it rests on, then each scheduling setting at its effective value (the
 * preset's unless the scenario or the person sets it), the permission mode and deferred tools.
 */
export function SettingsPanel() {
  const scenario = usePlayground((state) => state.scenario);
  const overrides = usePlayground((state) => state.overrides);
  const askMe = usePlayground((state) => state.askMe);
  const running = usePlayground((state) => state.run.status === 'running');
  if (!scenario) return null;
  const settings = effectiveSettings({ ...scenario.settings, ...overrides });
  const preset = POLICIES[settings.policy];
  const own = scenario.settings as Readonly<Record<string, unknown>>;
  const select = <K extends keyof SettingsOverrides>(key: K, label: string, values: readonly string[], hint?: string) => (
    <label>
      <span>
        {label}
        {hint && <span className="settings-origin"> ({hint})</span>}
      </span>
      <select value={String(settings[key])} disabled={running} onChange={(event) => setOverrides({ [key]: parse(event.target.value) })}>
        {values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </label>
  );
  const scheduling = (key: Scheduling, label: string, values: readonly string[]) => select(key, label, values, originOf(key, overrides, own));
  const capped = settings.maxConcurrency !== 'none';
  return (
    <section className="settings" aria-label="Settings">
      <div className="settings-policy" data-testid="policy-setting">
        <label>
          <span>
            Policy{overrides.policy !== undefined && <span className="settings-origin"> (your change; the scenario’s: {scenario.settings.policy})</span>}
          </span>
          <select value={settings.policy} disabled={running} onChange={(event) => setPolicy(event.target.value as PolicyName)}>
            {POLICY_NAMES.map((name) => (
              <option key={name} value={name}>
                {name} · {POLICIES[name].agent} {POLICIES[name].version}
              </option>
            ))}
          </select>
        </label>
        <p className="settings-preset" data-testid="policy-summary">
          {preset.summary} Its strategy: <strong>{preset.strategy}</strong> (the header’s Strategy follows it).
        </p>
        <p className="settings-source" data-testid="policy-source">
          <span className="muted">Rests on:</span> {preset.source}
        </p>
      </div>
      <fieldset className="settings-group" disabled={running}>
        <legend>Scheduling (the policy’s unless set)</legend>
        <div className="settings-row">
          <span>
            Concurrency cap<span className="settings-origin"> ({originOf('maxConcurrency', overrides, own)})</span>
          </span>
          <span className="settings-cap">
            <input
              type="number"
              min={1}
              max={64}
              aria-label="Concurrency cap"
              value={capped ? Number(settings.maxConcurrency) : ''}
              disabled={!capped}
              onChange={(event) => {
                const value = Number(event.target.value);
                if (Number.isInteger(value) && value >= 1 && value <= 64) setOverrides({ maxConcurrency: value });
              }}
            />
            <label className="check">
              <input type="checkbox" checked={!capped} onChange={(event) => setOverrides({ maxConcurrency: event.target.checked ? 'none' : 10 })} /> no cap
            </label>
          </span>
        </div>
        {scheduling('resultOrder', 'Result order', ['request', 'completion'])}
        {scheduling('cascade', 'Cascade', CASCADES)}
        {scheduling('bashConcurrency', 'Bash concurrency', BASH_CONCURRENCY)}
        {scheduling('concurrentTools', 'Concurrent tools', CONCURRENT_TOOLS)}
      </fieldset>
      {select('permissionMode', 'Permission mode', ['default', 'acceptEdits', 'bypassPermissions', 'plan'])}
      {select('deferTools', 'Deferred tools', ['false', 'true', 'auto'])}
      <label className="check">
        <input type="checkbox" checked={askMe} onChange={(event) => usePlayground.setState({ askMe: event.target.checked })} />
        <span>Ask me (open the permission and question dialogs instead of the scripted answers)</span>
      </label>
      <button type="button" disabled={running || Object.keys(overrides).length === 0} onClick={resetOverrides}>
        Back to the scenario’s settings
      </button>
    </section>
  );
}

function parse(value: string): string | boolean {
  return value === 'true' ? true : value === 'false' ? false : value;
}

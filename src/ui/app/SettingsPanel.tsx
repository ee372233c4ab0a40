import { usePlayground, type SettingsOverrides } from '../store';

/** The run settings a person may change over the scenario's own (they apply to the next run). */
export function SettingsPanel() {
  const scenario = usePlayground((state) => state.scenario);
  const overrides = usePlayground((state) => state.overrides);
  const askMe = usePlayground((state) => state.askMe);
  const running = usePlayground((state) => state.run.status === 'running');
  if (!scenario) return null;
  const settings = { ...scenario.settings, ...overrides };
  const set = (change: SettingsOverrides) => usePlayground.setState((state) => ({ overrides: { ...state.overrides, ...change } }));
  const select = <K extends keyof SettingsOverrides>(key: K, label: string, values: readonly string[]) => (
    <label>
      <span>{label}</span>
      <select value={String(settings[key])} disabled={running} onChange={(event) => set({ [key]: parse(event.target.value) })}>
        {values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <section className="settings" aria-label="Settings">
      {select('permissionMode', 'Permission mode', ['default', 'acceptEdits', 'bypassPermissions', 'plan'])}
      <label>
        <span>Concurrency cap</span>
        <input
          type="number"
          min={1}
          max={64}
          value={settings.maxConcurrency}
          disabled={running}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (Number.isInteger(value) && value >= 1 && value <= 64) set({ maxConcurrency: value });
          }}
        />
      </label>
      {select('resultOrder', 'Result order', ['request', 'completion'])}
      {select('cascade', 'Cascade', ['bash', 'any', 'none'])}
      {select('bashConcurrency', 'Bash concurrency', ['never', 'read-only'])}
      {select('deferTools', 'Deferred tools', ['false', 'true', 'auto'])}
      <label className="check">
        <input type="checkbox" checked={askMe} onChange={(event) => usePlayground.setState({ askMe: event.target.checked })} />
        <span>Ask me (open the permission dialog instead of the scripted answers)</span>
      </label>
      <button type="button" disabled={running || Object.keys(overrides).length === 0} onClick={() => usePlayground.setState({ overrides: {} })}>
        Back to the scenario’s settings
      </button>
    </section>
  );
}

function parse(value: string): string | boolean {
  return value === 'true' ? true : value === 'false' ? false : value;
}

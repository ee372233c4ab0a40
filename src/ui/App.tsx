import { useEffect, useRef, useState } from 'react';
import { STRATEGIES, type Strategy } from '../run/events';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import { validateScenario } from '../scenarios/validate';

interface Listed {
  id: string;
  title: string;
  description: string;
}

const listed: Listed[] = BUILT_IN_SCENARIOS.map((raw) => raw as Listed);

/**
 * The page for now: pick a built-in scenario and a strategy, replay it in the browser on the
 * virtual sandbox, and read the text timeline. The live timeline, Monaco and xterm come next.
 */
/** `?scenario=ID&strategy=NAME&autorun=1`, read once at start. */
function readUrl(): { scenario?: string; strategy?: Strategy; autorun: boolean } {
  const params = new URLSearchParams(window.location.search);
  const scenario = params.get('scenario') ?? undefined;
  const strategy = params.get('strategy') ?? undefined;
  return {
    ...(scenario && listed.some((s) => s.id === scenario) ? { scenario } : {}),
    ...(strategy && (STRATEGIES as readonly string[]).includes(strategy) ? { strategy: strategy as Strategy } : {}),
    autorun: params.get('autorun') === '1',
  };
}

const initial = readUrl();

export function App() {
  const [selected, setSelected] = useState(initial.scenario ?? listed[0]?.id ?? '');
  const [strategy, setStrategy] = useState<Strategy>(initial.strategy ?? 'streaming');
  const [status, setStatus] = useState<'idle' | 'running' | 'done' | 'error'>('idle');
  const [timeline, setTimeline] = useState('');
  const [message, setMessage] = useState('');
  const scenario = listed.find((s) => s.id === selected);

  const run = async () => {
    const raw = BUILT_IN_SCENARIOS.find((s) => (s as Listed).id === selected);
    const parsed = validateScenario(raw);
    if (!parsed.ok) {
      setStatus('error');
      setMessage(parsed.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
      return;
    }
    setStatus('running');
    try {
      const engine = await import('./replayInBrowser');
      const record = await engine.replayInBrowser(parsed.scenario, strategy);
      setTimeline(engine.formatTimeline(record));
      setStatus('done');
      setMessage('');
    } catch (error: unknown) {
      setStatus('error');
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };

  const autorun = useRef(initial.autorun);
  useEffect(() => {
    if (!autorun.current) return;
    autorun.current = false;
    void run();
  });

  return (
    <main className="shell">
      <header>
        <h1>Tool System Playground</h1>
        <p>
          A real agent tool registry and StreamingToolExecutor, replaying scenarios on an in-browser sandbox. This early page
          prints each run's timeline as text; the same runs are available headless with <code>npm run replay</code>.
        </p>
      </header>
      <section className="controls" aria-label="Run controls">
        <label>
          Scenario{' '}
          <select value={selected} onChange={(e) => setSelected(e.target.value)}>
            {listed.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Strategy{' '}
          <select value={strategy} onChange={(e) => setStrategy(e.target.value as Strategy)}>
            {STRATEGIES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void run()} disabled={status === 'running'}>
          Run
        </button>
        <span data-testid="run-status" data-status={status}>
          {status}
        </span>
      </section>
      {scenario && <p className="description">{scenario.description}</p>}
      {message && <pre className="error">{message}</pre>}
      {timeline && (
        <pre className="timeline" aria-label="Run timeline">
          {timeline}
        </pre>
      )}
    </main>
  );
}

import { useMemo, useState } from 'react';
import { dispatchRun, importScenario, stopRun } from '../controller';
import { download } from '../download';
import { usePlayground } from '../store';
import { createKeyStore, tabStorage, type KeyStore } from './liveKey';
import { checkLiveOptions, loadForm, MAX_TURNS_LIMIT, saveForm, type LiveForm, type LiveProblem } from './liveSettings';
import { browserStorage } from '../scenarios/storage';
import { transcriptOf } from './transcript';
import './live.css';

let keys: KeyStore | null = null;
/** One key store per page: the key outlives the panel (tab switches), not the page (unless remembered). */
function keyStore(): KeyStore {
  keys ??= createKeyStore(tabStorage());
  return keys;
}

const DEFAULT_API = 'https://api.anthropic.com';

/**
 * Live mode: a real model drives the same executor, from the current scenario's
 * workspace and settings. The key stays in memory (or this tab's sessionStorage when asked); the
 * other fields are kept for the next visit. The model's text streams in as it arrives; retries and
 * fallbacks are said here and drawn on the timeline; a finished run can be kept as a scenario.
 */
export function LivePanel() {
  // The page's localStorage, probed once (the scenario panel's own check); null where it is refused.
  const [storage] = useState(() => browserStorage() ?? null);
  const [form, setForm] = useState<LiveForm>(() => loadForm(storage));
  const [apiKey, setApiKey] = useState(() => keyStore().get());
  const [remember, setRemember] = useState(() => keyStore().remembered());
  const [problems, setProblems] = useState<LiveProblem[]>([]);
  const run = usePlayground((state) => state.run);
  const events = usePlayground((state) => state.events);
  const recording = usePlayground((state) => state.liveRecording);
  const hasScenario = usePlayground((state) => state.scenario !== null);
  const running = run.status === 'running';
  const liveRunning = running && run.kind === 'live';
  const live = run.status !== 'idle' && run.kind === 'live';
  const transcript = useMemo(() => (live ? transcriptOf(events) : []), [events, live]);

  const update = (change: Partial<LiveForm>) => {
    const next = { ...form, ...change };
    setForm(next);
    saveForm(storage, next);
  };
  const updateKey = (key: string, keep: boolean) => {
    setApiKey(key);
    setRemember(keep);
    keyStore().set(key, keep);
  };

  const start = () => {
    const options = { apiKey, model: form.model, prompt: form.prompt, baseURL: form.baseURL, system: form.system, maxTurns: form.maxTurns };
    const checked = checkLiveOptions(options);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems([]);
    // How the run goes (and why it failed) shows in the page's run state.
    dispatchRun({ kind: 'live', options: checked.options });
  };

  const endpoint = form.baseURL.trim() || DEFAULT_API;
  return (
    <section className="settings live" aria-label="Live model">
      <p className="live-notice" data-testid="live-notice">
        Live mode sends your message, this workspace’s tool results and your API key <strong>from this browser straight to {endpoint}</strong>. The key is kept{' '}
        {remember ? 'in this tab’s session storage until the tab closes' : 'in this page’s memory only (gone on reload)'}; it is never put in a link, an export, a
        recording or a log.
      </p>
      <label>
        <span>API key</span>
        <input type="password" autoComplete="off" spellCheck={false} value={apiKey} placeholder="sk-ant-…" onChange={(event) => updateKey(event.target.value, remember)} data-testid="live-key" />
      </label>
      <label className="check">
        <input type="checkbox" checked={remember} onChange={(event) => updateKey(apiKey, event.target.checked)} />
        <span>Remember for this tab</span>
      </label>
      <button type="button" disabled={apiKey === ''} onClick={() => updateKey('', false)}>
        Forget the key
      </button>
      <label>
        <span>Model</span>
        <input type="text" spellCheck={false} value={form.model} onChange={(event) => update({ model: event.target.value })} data-testid="live-model" />
      </label>
      <label>
        <span>Base URL</span>
        <input type="url" spellCheck={false} value={form.baseURL} placeholder={DEFAULT_API} onChange={(event) => update({ baseURL: event.target.value })} data-testid="live-base-url" />
      </label>
      <label className="stacked">
        <span>System prompt (empty: the playground’s own)</span>
        <textarea rows={3} value={form.system} onChange={(event) => update({ system: event.target.value })} />
      </label>
      <label className="stacked">
        <span>Your message</span>
        <textarea rows={4} value={form.prompt} onChange={(event) => update({ prompt: event.target.value })} data-testid="live-prompt" />
      </label>
      <label>
        <span>Turn limit</span>
        <input
          type="number"
          min={1}
          max={MAX_TURNS_LIMIT}
          value={form.maxTurns}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (Number.isInteger(value) && value >= 1 && value <= MAX_TURNS_LIMIT) update({ maxTurns: value });
          }}
        />
      </label>
      {problems.length > 0 && (
        <ul className="live-problems" role="alert" data-testid="live-problems">
          {problems.map((problem) => (
            <li key={`${problem.field}:${problem.message}`}>{problem.message}</li>
          ))}
        </ul>
      )}
      <div className="live-actions">
        <button type="button" className="primary" disabled={running || !hasScenario} onClick={start} data-testid="live-start">
          Start live run
        </button>
        <button type="button" disabled={!liveRunning} onClick={stopRun}>
          Stop
        </button>
      </div>
      <p className="muted">The run starts from the open scenario’s files and settings. Permission asks open the dialog: a live run has no scripted answers.</p>
      {transcript.length > 0 && (
        <ol className="live-transcript" aria-label="The model’s output" aria-live="polite" data-testid="live-transcript">
          {transcript.map((turn) => (
            <li key={turn.turn} data-turn={turn.turn} data-ended={turn.ended ?? ''}>
              <span className="live-turn">turn {turn.turn}</span>
              {turn.notices.map((notice, i) => (
                <p key={i} className={`live-note live-note--${notice.kind}`} data-testid="live-note" data-kind={notice.kind}>
                  {notice.kind === 'retry' ? '↻ ' : notice.kind === 'fallback' ? '↺ ' : '✕ '}
                  {notice.message}
                </p>
              ))}
              {turn.text && <p className="live-text">{turn.text}</p>}
              {turn.tools.length > 0 && <p className="live-tools">asked for {turn.tools.join(', ')}</p>}
            </li>
          ))}
        </ol>
      )}
      {recording && !running && (
        <div className="live-actions" data-testid="live-recording">
          <button type="button" onClick={() => download(`${recording.id}.scenario.json`, `${JSON.stringify(recording, null, 2)}\n`)}>
            Download the recording
          </button>
          <button type="button" onClick={() => importScenario(`${recording.id}.scenario.json`, JSON.stringify(recording, null, 2))}>
            Save as my scenario
          </button>
        </div>
      )}
    </section>
  );
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { SandboxKind } from '../sandbox/types';
import { App } from './App';
import type { RunRecord } from '../run/record';
import { afterWarmingUp, chooseSandbox, flushDrafts, setSandboxChoice, startLive, startOpening, startRun, virtualChoice, warmUpForRuns, whenPageLoaded } from './controller';
import { preloadLaterPanes } from './laterPanes';
import { browserStorage, parseUrl } from './scenarios';
import { loadScenarioValidator } from './scenarios/scenarioText';
import { usePlayground, visibleRecord } from './store';
import './theme.css';
import './app.css';
import './screens.css';

declare global {
  interface Window {
    /** For the console and for tests: the page's run, as data. */
    playground: {
      /** The current run record, as the page shows it (up to the scrubber's position). */
      record(): ReturnType<typeof visibleRecord>;
      /** Replays the current scenario; resolves with its record, or `null` when it could not start or failed. */
      run(): Promise<RunRecord | null>;
      /** The page's state (the zustand store): the run as `run.status`, `run.kind`, `run.paused`. */
      state(): ReturnType<typeof usePlayground.getState>;
      /**
       * Starts a live run with a real model, exactly as the Live panel does; resolves with its
       * record (`scenario: "live"`, `strategy: "streaming"`). The key is used for this run only.
       */
      startLive: typeof startLive;
    };
  }
}

window.playground = {
  record: () => visibleRecord(usePlayground.getState()),
  run: () =>
    warmUpForRuns()
      .then(whenPageLoaded)
      .then(() => startRun({ kind: 'replay' }))
      .catch(() => null),
  state: () => usePlayground.getState(),
  startLive: (options) => startLive(options),
};

// The engine warms up when a person first reaches for the run controls, or at the first run, which
// waits for it (controller/warmUp.ts); the panes not yet opened load after it. Monaco and xterm.js
// load when a person first reaches for an editor or the terminal (ui/onDemand.ts).
afterWarmingUp(preloadLaterPanes);

// The sandbox is chosen at start: WebContainer when the page is isolated and it boots, else the
// virtual sandbox. Runs before the boot settles use the virtual sandbox, and the badge says so.
// The badge settles within BADGE_SETTLES_MS: a WebContainer still booting then reads as the
// virtual sandbox with that reason, and the badge changes again if it comes up.
const BADGE_SETTLES_MS = 3000;
const forced = new URLSearchParams(window.location.search).get('sandbox');
setSandboxChoice(virtualChoice(undefined, forced === 'virtual' ? 'ready' : 'checking'));
let chosen = false;
setTimeout(() => {
  if (!chosen) setSandboxChoice(virtualChoice('WebContainer is still starting (its first start loads it from StackBlitz); runs use the virtual sandbox until it is ready'));
}, BADGE_SETTLES_MS);
void chooseSandbox(forced === 'virtual' || forced === 'webcontainer' ? { forced: forced as SandboxKind } : {})
  .catch((error: unknown) => virtualChoice(`WebContainer could not start: ${error instanceof Error ? error.message : String(error)}`))
  .then((choice) => {
    chosen = true;
    setSandboxChoice(choice);
  });

// The first scenario opens from the link (`&strategy=`, `&autorun=1` and `&predict=` apply to it)
// or the person's storage, once the validator is in: it loads after the first paint, which draws
// the lessons and the timeline without it. Edits typed just before a reload or a close are written
// as the page hides.
const link = parseUrl(window.location);
// A link that runs its scenario at once warms the engine up for it at once.
if (link.autorun) void warmUpForRuns();
void loadScenarioValidator()
  .then(() => startOpening(link, browserStorage()))
  .catch((error: unknown) => showStartProblem(`The page could not load its scenario checks or its first scenario (${error instanceof Error ? error.message : String(error)}); reload it to try again.`));
window.addEventListener('pagehide', flushDrafts);

/** A problem that keeps the page from opening any scenario, said at the top of the page. */
function showStartProblem(text: string): void {
  const note = document.createElement('p');
  note.setAttribute('role', 'alert');
  note.className = 'start-problem';
  note.textContent = text;
  document.body.prepend(note);
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

import type { RunRecord } from '../../run/record';
import { createEmptyRecord, withExpectations } from '../../run/reduceRun';
import type { Scenario } from '../../scenarios/schema';
import type { ManualCall } from '../app/manualCall';
import type { LiveOptions } from '../live/liveSettings';
import { activeRunOf, appendEvents, effectiveScenario, usePlayground, type ActiveRun, type PlaygroundState, type RunChanges, type RunState } from '../store';
import type { EngineRun, RunWiring } from './engineRuns';
import { frameBatcher } from './frameBatcher';
import { whenPageLoaded } from './pageLoad';
import { loadedRunEngines, loadRunEngines } from './runEngines';
import { runStrategy } from './settings';
import { prepareWorkspace } from './sandbox';
import { endRunMoments, noteRunProgress, syncWorkspace } from './workspace';
import { writeWatch } from './writeWatch';
import { notify } from './scenarioEditing';
import { checkScenarioText } from '../scenarios/scenarioText';

/** What to run: the open scenario replayed (Step starts one paused), a live model's run from it, or one tool called by hand. */
export type RunRequest = { kind: 'replay'; paused?: boolean } | { kind: 'live'; options: LiveOptions } | ({ kind: 'manual' } & ManualCall);

/** The run-related state of a page with no run yet: an empty log, its record, no ask. */
function emptyLog(): Pick<PlaygroundState, 'events' | 'completedCalls' | 'record' | 'cursor' | 'pendingAsk' | 'pendingQuestion' | 'runChanges'> {
  return { events: [], completedCalls: 0, record: createEmptyRecord(), cursor: null, pendingAsk: null, pendingQuestion: null, runChanges: null };
}

/** The run-related state of a page with no run: idle, with an empty log (a scenario just loaded). */
export function noRun(): Pick<PlaygroundState, 'run'> & ReturnType<typeof emptyLog> {
  return { run: { status: 'idle' }, ...emptyLog() };
}

/** The paths whose text differs between two file maps (added and deleted ones too). */
export function changedPaths(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((path) => before[path] !== after[path]).sort();
}

/** What the person changed of a run about to start, against the scenario as opened. */
function changesOf(state: PlaygroundState, scenario: Scenario, kind: RunRequest['kind']): RunChanges {
  return {
    strategy: runStrategy(state),
    overrides: state.overrides,
    editedPaths: changedPaths(state.workspace.opened, scenario.workspace.files),
    askedPerson: kind === 'live' || state.askMe,
    stoppedAt: null,
  };
}

/** Why a run cannot start now (no scenario open, a run going); `null` when it can. */
export function whyNoRun(state: Pick<PlaygroundState, 'scenario' | 'run'>): string | null {
  if (!state.scenario) return 'no scenario is open yet (its workspace and settings are what a run starts from)';
  if (state.run.status === 'running') return 'a run is going; stop it first';
  return null;
}

/**
 * The record the page shows once a run ended: its own fold of the run's events (the same events
 * the engine folded), with the engine's verdict added. Keeping the page's fold keeps every call
 * object the timeline and the results already drew, so the last update redraws only what changed
 * (taking the engine's record re-rendered all 1,000 results of a long run in one long task).
 */
function withVerdict(record: RunRecord): RunRecord {
  const shown = usePlayground.getState().record;
  return record.expectations ? withExpectations(shown, record.expectations) : shown;
}

/**
 * Starts a run of the open scenario, with the page's settings, on a fresh sandbox that becomes the
 * page's. Every kind goes through the same steps: the log is cleared and the run shows as running;
 * its events reach the store in frame-sized batches; when it ends, the run shows as done, or as
 * failed with why, and the record gets the engine's verdict. A run that was reset or replaced
 * before it ended leaves the store alone.
 *
 * Resolves with the engine's record (also when the record says the run failed). Rejects when no
 * run could start (the store is unchanged) or the engine threw (the store shows the error).
 */
export async function startRun(request: RunRequest): Promise<RunRecord> {
  // Loaded with the page's engine, it is here by the time a control can start a run; loaded
  // before the page's state is read when not, so that two starts cannot both pass the check.
  const { liveRun, manualRun, replayRun } = loadedRunEngines() ?? (await loadRunEngines());
  const state = usePlayground.getState();
  const refusal = whyNoRun(state);
  const scenario = effectiveScenario(state);
  if (refusal !== null || !scenario) throw new Error(refusal ?? 'no scenario is open yet');
  const abort = new AbortController();
  /** Whether this run is still the page's (a reset or an open drops it). */
  const current = () => activeRunOf(usePlayground.getState().run)?.abort === abort;
  const wrote = writeWatch();
  const batcher = frameBatcher((events) => {
    if (!current()) return;
    appendEvents(events);
    if (wrote(events)) noteRunProgress();
  });
  const wiring: RunWiring = { onEvent: (event) => batcher.push(event), signal: abort.signal };
  const engine: EngineRun =
    request.kind === 'replay'
      ? replayRun(scenario, { strategy: state.strategy ?? undefined, speed: state.speed, paused: request.paused ?? false, effects: state.effects }, wiring)
      : request.kind === 'live'
        ? liveRun(scenario, request.options, wiring)
        : manualRun(scenario, request, wiring);
  if (request.kind === 'replay') sayWhenEditsAreNotRun(state);
  const active: ActiveRun = { abort, playback: engine.playback, now: engine.now };
  const running: RunState =
    request.kind === 'replay' ? { status: 'running', kind: 'replay', paused: request.paused ?? false, active } : { status: 'running', kind: request.kind, active };
  const start = scenario.workspace.files;
  usePlayground.setState((now) => ({
    run: running,
    ...emptyLog(),
    runChanges: changesOf(now, scenario, request.kind),
    liveRecording: null,
    workspace: { ...now.workspace, files: start, runStart: start, moments: [] },
  }));
  try {
    const end = await engine.start();
    batcher.flush();
    if (current()) {
      const message = end.record.error ?? end.failure;
      const holdsRun = usePlayground.getState().workspace.holds === 'run';
      if (holdsRun) endRunMoments(end.record.files, usePlayground.getState().events.length);
      usePlayground.setState({
        run: message !== undefined ? { status: 'error', kind: request.kind, message } : { status: 'done', kind: request.kind },
        record: withVerdict(end.record),
        pendingAsk: null,
        pendingQuestion: null,
        answerHidden: false,
        ...(end.recording ? { liveRecording: end.recording } : {}),
      });
      // A run on the sandbox that holds the next run's start (a call by hand): what it wrote shows
      // in the tree at once, and the next run starts from it, as after a terminal command.
      if (!holdsRun) void syncWorkspace();
    }
    return end.record;
  } catch (error: unknown) {
    batcher.flush();
    if (current()) {
      const message = error instanceof Error ? error.message : String(error);
      usePlayground.setState({ run: { status: 'error', kind: request.kind, message }, pendingAsk: null, pendingQuestion: null });
    }
    throw error;
  }
}

/** A run asked for while the engine warms up, started once it has: one at a time (a second press is the same wish). */
let queued = false;

/**
 * Starts a run for a control (Run, Space, Step, a link's autorun, the Live panel) that does not
 * wait for it: how the run goes shows in the store. A run that cannot start does nothing (the
 * controls are off then). One asked for while the engine warms up (warmUp.ts: a person reaching
 * for the controls starts it) starts once it has.
 */
export function dispatchRun(request: RunRequest): void {
  // At once when the page has loaded (what a test of the store sees).
  if (usePlayground.getState().loading.length === 0) {
    startRun(request).catch(() => undefined);
    return;
  }
  if (queued) return;
  queued = true;
  whenPageLoaded()
    .then(() => startRun(request))
    .catch(() => undefined)
    .finally(() => {
      queued = false;
    });
}

/**
 * `window.playground.startLive`: checks the options first and refuses bad ones with every problem
 * named, before any request goes out; then starts a live run. Resolves with the run record
 * (`scenario: "live"`, `strategy: "streaming"`); the run's recording is kept for saving.
 */
export async function startLive(input: unknown): Promise<RunRecord> {
  // The options' schema (zod) loads with the first live run, not with the page.
  const { checkLiveOptions } = await import('../live/liveSettings');
  const checked = checkLiveOptions(input);
  if (!checked.ok) throw new Error(`startLive: ${checked.problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ')}`);
  const refusal = whyNoRun(usePlayground.getState());
  if (refusal !== null) throw new Error(`startLive: ${refusal}`);
  return startRun({ kind: 'live', options: checked.options });
}

/** Stop: the user's interrupt; every call without a result gets one, and the run ends. */
export function stopRun(): void {
  const { run, pendingAsk, pendingQuestion } = usePlayground.getState();
  const activeRun = activeRunOf(run);
  if (!activeRun) return;
  const at = activeRun.now();
  usePlayground.setState((state) => (state.runChanges && state.runChanges.stoppedAt === null ? { runChanges: { ...state.runChanges, stoppedAt: at } } : {}));
  activeRun.playback?.resume();
  activeRun.abort.abort();
  pendingAsk?.answer('deny', false);
  pendingQuestion?.answer(null);
}

/** Back to the scenario as opened: no run, no log, and the workspace holding what the next run starts from. */
export function resetRun(): void {
  stopRun();
  usePlayground.setState((state) => ({ run: { status: 'idle' }, ...emptyLog(), workspace: { ...state.workspace, runStart: null, moments: [] } }));
  void prepareWorkspace();
}


/**
 * A run replays the scenario last opened or applied. When the editor holds changes that are not
 * a valid scenario, the run is not of them: the page says so rather than let the run pass for them.
 */
function sayWhenEditsAreNotRun(state: PlaygroundState): void {
  const panel = state.opening?.panel;
  if (!panel || panel.text === panel.entry.text) return;
  if (checkScenarioText(panel.text).ok) return;
  notify('info', 'The editor’s text has problems, so this run is of the last valid version of the scenario. Fix them and Apply to run your changes.');
}

import type { RunEvent, Strategy } from '../run/events';
import { STRATEGIES } from '../run/events';
import type { RunRecord } from '../run/record';
import { createEmptyRecord, withExpectations } from '../run/reduceRun';
import type { Sandbox } from '../sandbox/types';
import { scriptedAnswers } from '../run/scriptedAnswers';
import type { Scenario } from '../scenarios/schema';
import { createRealClock } from '../time/clock';
import { createVirtualClock, type VirtualClock } from '../time/virtualClock';
import { createPlayback, type Playback } from '../time/playback';
import type { CanUseTool, PermissionRequest } from '../tools/types';
import { checkLiveOptions } from './live/liveSettings';
import { virtualChoice, type SandboxChoice } from './session/sandboxChoice';
import { appendEvents, effectiveScenario, initialState, usePlayground, type PlaygroundState } from './store';

/** What one page run holds on to while it runs (and its sandbox after, for the terminal). */
interface ActiveRun {
  abort: AbortController;
  /** A replay's playback (pause, step, speed); a live run has none: the model sets the pace. */
  playback: Playback | null;
  /** The time to draw as now, in ms from the run's start. */
  now(): number;
  done: Promise<RunRecord | null>;
}

let choice: SandboxChoice = virtualChoice(undefined, 'checking');
let active: ActiveRun | null = null;
let lastSandbox: Sandbox | null = null;
const sandboxListeners = new Set<(sandbox: Sandbox | null) => void>();

/** The page's sandbox choice, once known (WebContainer boots in the background). */
export function setSandboxChoice(next: SandboxChoice): void {
  choice = next;
  usePlayground.setState({ sandbox: { kind: next.kind, state: next.state, ...(next.reason !== undefined ? { reason: next.reason } : {}) } });
}

/** The sandbox of the latest run (the terminal's shell and the workspace follow it). */
export function currentSandbox(): Sandbox | null {
  return lastSandbox;
}

export function onSandboxChange(listener: (sandbox: Sandbox | null) => void): () => void {
  sandboxListeners.add(listener);
  return () => sandboxListeners.delete(listener);
}

/** Makes `sandbox` the page's current one (the terminal and the workspace follow it). */
async function adoptSandbox(sandbox: Sandbox): Promise<void> {
  const previous = lastSandbox;
  lastSandbox = sandbox;
  for (const listener of sandboxListeners) listener(sandbox);
  await previous?.dispose().catch(() => undefined);
}

/**
 * A sandbox holding the scenario's files (with the person's edits) while no run is going, so the
 * terminal can run commands on them before a run.
 */
export async function prepareWorkspace(): Promise<void> {
  const scenario = usePlayground.getState().scenario;
  if (!scenario || active) return;
  const sandbox = await choice.create();
  const { mountWorkspace } = await import('../run/runScenario');
  await mountWorkspace(sandbox, scenario.workspace.files);
  await adoptSandbox(sandbox);
}

/** A person's edit of a workspace file before a run: kept in the scenario and written to the idle sandbox. */
export function editWorkspaceFile(path: string, content: string | null): void {
  usePlayground.setState((state) => {
    if (!state.scenario) return {};
    const files = { ...state.scenario.workspace.files };
    if (content === null) delete files[path];
    else files[path] = content;
    return { scenario: { ...state.scenario, workspace: { ...state.scenario.workspace, files } } };
  });
  const sandbox = lastSandbox;
  if (!sandbox || active) return;
  void (async () => {
    const resolved = await sandbox.resolve(path);
    if (!resolved.ok) return;
    if (content === null) return sandbox.fs.rm(resolved.path);
    await sandbox.fs.mkdir(resolved.path.slice(0, resolved.path.lastIndexOf('/')));
    await sandbox.fs.writeFile(resolved.path, content);
  })().catch(() => undefined);
}

/** The current sandbox's text files (the workspace pane follows them). */
export async function snapshotCurrentFiles(): Promise<Record<string, string> | null> {
  if (!lastSandbox) return null;
  const { snapshotFiles } = await import('../run/runScenario');
  return snapshotFiles(lastSandbox).catch(() => null);
}

/** The run-related state of a page with no run yet: an empty log, its record, no message or ask. */
function emptyLog(): Pick<PlaygroundState, 'message' | 'events' | 'completedCalls' | 'record' | 'cursor' | 'pendingAsk'> {
  return { message: '', events: [], completedCalls: 0, record: createEmptyRecord(), cursor: null, pendingAsk: null };
}

/** Opens a validated scenario (the run, if any, is stopped and the log cleared). */
export function openScenario(scenario: Scenario, source: PlaygroundState['source']): void {
  stopRun();
  usePlayground.setState({
    scenario,
    source,
    status: 'idle',
    ...emptyLog(),
    addedAllowRules: [],
    compare: { status: 'idle', entries: [] },
  });
}

export function setStrategy(strategy: Strategy): void {
  usePlayground.setState({ strategy });
}

/**
 * How often, at most, a run's events reach React. The now line and the open bars move every frame
 * on their own (a CSS variable, outside React); what waits for a flush is new lanes, states and
 * results, which read fine at 30 updates a second and leave the frames between them to the
 * browser's own drawing (a 1,000-call replay dropped frames when every frame re-rendered).
 */
const FLUSH_INTERVAL_MS = 32;

/** Batches events into store updates, on animation frames, at most one per {@link FLUSH_INTERVAL_MS}. */
function frameBatcher(): { push(event: RunEvent): void; flush(): void } {
  let buffer: RunEvent[] = [];
  let scheduled = false;
  let lastFlush = -Infinity;
  const flush = () => {
    scheduled = false;
    lastFlush = performance.now();
    const events = buffer;
    buffer = [];
    appendEvents(events);
  };
  const schedule = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (callback: (time: number) => void) => setTimeout(() => callback(performance.now()), 16);
  const onFrame = (time: number) => {
    if (time - lastFlush < FLUSH_INTERVAL_MS) schedule(onFrame);
    else flush();
  };
  return {
    push(event) {
      buffer.push(event);
      if (!scheduled) {
        scheduled = true;
        schedule(onFrame);
      }
    },
    flush,
  };
}

/**
 * Answers asks: the scenario's script, or the dialog when "ask me" is on (a live run has no script:
 * it always asks). "Allow always" holds for the run.
 */
function pageCanUseTool(scenario: Scenario, options: { alwaysAsk?: boolean } = {}): CanUseTool {
  const always = new Set<string>();
  const keyOf = (request: PermissionRequest) =>
    request.toolName === 'Bash' ? `Bash(${(request.input as { command?: string }).command ?? ''})` : request.toolName;
  const scripted = scriptedAnswers(scenario.settings);
  return (request) => {
    if (always.has(keyOf(request))) return Promise.resolve('allow');
    if (!options.alwaysAsk && !usePlayground.getState().askMe) return scripted(request);
    return new Promise((resolve) => {
      usePlayground.setState({
        pendingAsk: {
          request,
          answer(answer, alwaysAllow) {
            if (answer === 'allow' && alwaysAllow) {
              always.add(keyOf(request));
              usePlayground.setState((state) => ({ addedAllowRules: [...new Set([...state.addedAllowRules, keyOf(request)])] }));
            }
            usePlayground.setState({ pendingAsk: null });
            resolve(answer);
          },
        },
      });
    });
  };
}

/** Runs one scenario under one strategy on a fresh sandbox, paced by `playback`. */
async function replay(
  scenario: Scenario,
  strategy: Strategy,
  clock: VirtualClock,
  options: { onEvent?: (event: RunEvent) => void; signal: AbortSignal; canUseTool?: CanUseTool; keepSandbox?: boolean },
): Promise<RunRecord> {
  const { runScenario } = await import('../run/runScenario');
  const sandbox = await choice.create();
  if (options.keepSandbox) await adoptSandbox(sandbox);
  try {
    return await clock.runUntil(
      runScenario({
        scenario,
        sandbox,
        strategy,
        clock,
        signal: options.signal,
        ...(options.onEvent ? { onEvent: options.onEvent } : {}),
        ...(options.canUseTool ? { canUseTool: options.canUseTool } : {}),
      }),
    );
  } finally {
    if (!options.keepSandbox) await sandbox.dispose().catch(() => undefined);
  }
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

/** Starts the current scenario (Run). Resolves with the record when the run ends. */
export async function startRun(): Promise<RunRecord | null> {
  const state = usePlayground.getState();
  const scenario = effectiveScenario(state);
  if (!scenario || active) return null;
  const abort = new AbortController();
  const playback = createPlayback({ speed: state.speed, paused: state.paused });
  const batcher = frameBatcher();
  usePlayground.setState({ status: 'running', runKind: 'replay', ...emptyLog(), liveRecording: null });
  const clock = createVirtualClock({ pacer: playback });
  const done = replay(scenario, state.strategy, clock, {
    onEvent: (event) => batcher.push(event),
    signal: abort.signal,
    canUseTool: pageCanUseTool(scenario),
    keepSandbox: true,
  });
  active = { abort, playback, now: () => clock.displayNow(), done };
  try {
    const record = await done;
    batcher.flush();
    usePlayground.setState({
      record: withVerdict(record),
      status: record.error !== undefined ? 'error' : 'done',
      message: record.error ?? '',
      pendingAsk: null,
    });
    return record;
  } catch (error: unknown) {
    batcher.flush();
    usePlayground.setState({ status: 'error', message: error instanceof Error ? error.message : String(error), pendingAsk: null });
    return null;
  } finally {
    if (active?.done === done) active = null;
  }
}

/**
 * Starts a live run (issue 6): the current scenario's workspace (with the person's edits) and
 * settings, driven by a real model through the Messages API. Resolves with the run record
 * (`scenario: "live"`, `strategy: "streaming"`); keeps the run's recording for saving. Bad options
 * are refused with every problem named, before any request goes out.
 */
export async function startLive(input: unknown): Promise<RunRecord> {
  const checked = checkLiveOptions(input);
  if (!checked.ok) throw new Error(`startLive: ${checked.problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ')}`);
  const { options } = checked;
  const state = usePlayground.getState();
  const scenario = effectiveScenario(state);
  if (!scenario) throw new Error('startLive: no scenario is open yet (its workspace and settings are what the live run starts from)');
  if (active) throw new Error('startLive: a run is going; stop it first');
  const abort = new AbortController();
  const batcher = frameBatcher();
  const clock = createRealClock();
  let origin = clock.now();
  const done = (async (): Promise<RunRecord> => {
    const { runLive } = await import('../live/runLive');
    const sandbox = await choice.create();
    await adoptSandbox(sandbox);
    origin = clock.now();
    const result = await runLive({
      config: {
        apiKey: options.apiKey,
        model: options.model,
        ...(options.baseURL !== undefined ? { baseURL: options.baseURL } : {}),
        ...(options.system !== undefined ? { system: options.system } : {}),
      },
      prompt: options.prompt,
      ...(options.maxTurns !== undefined ? { maxTurns: options.maxTurns } : {}),
      workspace: scenario.workspace.files,
      settings: scenario.settings,
      sandbox,
      clock,
      onEvent: (event) => batcher.push(event),
      signal: abort.signal,
      canUseTool: pageCanUseTool(scenario, { alwaysAsk: true }),
      title: `Live: ${scenario.title}`,
    });
    usePlayground.setState({ liveRecording: result.recording });
    return result.record;
  })();
  usePlayground.setState({ status: 'running', runKind: 'live', ...emptyLog(), liveRecording: null });
  active = { abort, playback: null, now: () => clock.now() - origin, done };
  try {
    const record = await done;
    batcher.flush();
    // A request that failed for good (a refused key, retries used up) ends the run: say why.
    const failed = record.turns.findLast((turn) => turn.agent === undefined && turn.streamEndReason === 'error');
    const message = record.error ?? (failed ? `The model's request failed: ${failed.streamEndMessage ?? 'no reason given'}` : '');
    usePlayground.setState({ record: withVerdict(record), status: message ? 'error' : 'done', message, pendingAsk: null });
    return record;
  } catch (error: unknown) {
    batcher.flush();
    const message = error instanceof Error ? error.message : String(error);
    usePlayground.setState({ status: 'error', message, pendingAsk: null });
    throw error;
  } finally {
    if (active?.done === done) active = null;
  }
}

/** Stop: the user interrupt of SPEC §3.5 (every call without a result gets one). */
export function stopRun(): void {
  if (!active) return;
  const { pendingAsk } = usePlayground.getState();
  active.playback?.resume();
  active.abort.abort();
  pendingAsk?.answer('deny', false);
}

/** Back to the scenario as opened: no run, no log. */
export function resetRun(): void {
  stopRun();
  usePlayground.setState({ status: 'idle', ...emptyLog() });
}

export function togglePause(): void {
  if (active && !active.playback) return; // a live run cannot be paused: the model does not wait
  const paused = !usePlayground.getState().paused;
  usePlayground.setState({ paused });
  if (paused) active?.playback?.pause();
  else active?.playback?.resume();
}

/** Step: while paused, move to the next moment something happens; when idle, start paused. */
export function step(): void {
  if (!active) {
    usePlayground.setState({ paused: true });
    void startRun();
    return;
  }
  const { playback } = active;
  if (!playback) return;
  if (!usePlayground.getState().paused) {
    usePlayground.setState({ paused: true });
    playback.pause();
  }
  playback.step();
}

export function setSpeed(speed: number): void {
  usePlayground.setState({ speed });
  active?.playback?.setSpeed(speed);
}

/** The scrubber: show the run after `cursor` events (`null`: the end). */
export function scrub(cursor: number | null): void {
  usePlayground.setState({ cursor });
}

/** The time of the playback's "now" for the timeline (ms from the run's start). */
export function playbackNow(): number {
  return active ? active.now() : usePlayground.getState().record.endedAt;
}

/** Runs the scenario under all four strategies (fast: unpaced), for the compare view. */
export async function runCompare(): Promise<void> {
  const scenario = effectiveScenario(usePlayground.getState());
  if (!scenario) return;
  usePlayground.setState({ compare: { status: 'running', entries: [] } });
  const entries = [];
  for (const strategy of STRATEGIES) {
    // Unpaced: the compare view wants the four records, not a show.
    const clock = createVirtualClock();
    // No canUseTool: runScenario answers with the scenario's script.
    const record = await replay(scenario, strategy, clock, { signal: new AbortController().signal });
    entries.push({ strategy, record });
    usePlayground.setState({ compare: { status: 'running', entries: [...entries] } });
  }
  usePlayground.setState({ compare: { status: 'done', entries } });
}

/** For tests of the page: forget everything. */
export function resetForTests(): void {
  active = null;
  usePlayground.setState(initialState, true);
}

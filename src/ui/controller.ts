import type { RunEvent, Strategy } from '../run/events';
import { STRATEGIES } from '../run/events';
import type { RunRecord } from '../run/record';
import { createEmptyRecord } from '../run/recordReducer';
import type { Sandbox } from '../sandbox/types';
import { scriptedAnswers } from '../run/scriptedAnswers';
import type { Scenario } from '../scenarios/schema';
import { createVirtualClock, type VirtualClock } from '../time/clock';
import { createPlayback, type Playback } from '../time/playback';
import type { CanUseTool, PermissionRequest } from '../tools/types';
import { virtualChoice, type SandboxChoice } from './session/sandboxChoice';
import { appendEvents, effectiveScenario, initialState, usePlayground, type PlaygroundState } from './store';

/** What one page run holds on to while it runs (and its sandbox after, for the terminal). */
interface ActiveRun {
  abort: AbortController;
  playback: Playback;
  clock: VirtualClock;
  done: Promise<RunRecord>;
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

/** Opens a validated scenario (the run, if any, is stopped and the log cleared). */
export function openScenario(scenario: Scenario, source: PlaygroundState['source']): void {
  stopRun();
  usePlayground.setState({
    scenario,
    source,
    status: 'idle',
    message: '',
    events: [],
    completedCalls: 0,
    record: createEmptyRecord(),
    cursor: null,
    pendingAsk: null,
    addedAllowRules: [],
    compare: { status: 'idle', entries: [] },
  });
}

export function setStrategy(strategy: Strategy): void {
  usePlayground.setState({ strategy });
}

/** Batches events to one store update per animation frame: React stays out of per-event work. */
function frameBatcher(): { push(event: RunEvent): void; flush(): void } {
  let buffer: RunEvent[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const events = buffer;
    buffer = [];
    appendEvents(events);
  };
  const schedule = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (callback: () => void) => setTimeout(callback, 16);
  return {
    push(event) {
      buffer.push(event);
      if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
    },
    flush,
  };
}

/** Answers asks: the scenario's script, or the dialog when "ask me" is on. "Allow always" holds for the run. */
function pageCanUseTool(scenario: Scenario): CanUseTool {
  const always = new Set<string>();
  const keyOf = (request: PermissionRequest) =>
    request.toolName === 'Bash' ? `Bash(${(request.input as { command?: string }).command ?? ''})` : request.toolName;
  const scripted = scriptedAnswers(scenario.settings);
  return (request) => {
    if (always.has(keyOf(request))) return Promise.resolve('allow');
    if (!usePlayground.getState().askMe) return scripted(request);
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

/** Starts the current scenario (Run). Resolves with the record when the run ends. */
export async function startRun(): Promise<RunRecord | null> {
  const state = usePlayground.getState();
  const scenario = effectiveScenario(state);
  if (!scenario || active) return null;
  const abort = new AbortController();
  const playback = createPlayback({ speed: state.speed, paused: state.paused });
  const batcher = frameBatcher();
  usePlayground.setState({ status: 'running', message: '', events: [], completedCalls: 0, record: createEmptyRecord(), cursor: null, pendingAsk: null });
  const clock = createVirtualClock({ pacer: playback });
  const done = replay(scenario, state.strategy, clock, {
    onEvent: (event) => batcher.push(event),
    signal: abort.signal,
    canUseTool: pageCanUseTool(scenario),
    keepSandbox: true,
  });
  active = { abort, playback, clock, done };
  try {
    const record = await done;
    batcher.flush();
    usePlayground.setState({
      record,
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

/** Stop: the user interrupt of SPEC §3.5 (every call without a result gets one). */
export function stopRun(): void {
  if (!active) return;
  const { pendingAsk } = usePlayground.getState();
  active.playback.resume();
  active.abort.abort();
  pendingAsk?.answer('deny', false);
}

/** Back to the scenario as opened: no run, no log. */
export function resetRun(): void {
  stopRun();
  usePlayground.setState({ status: 'idle', message: '', events: [], completedCalls: 0, record: createEmptyRecord(), cursor: null, pendingAsk: null });
}

export function togglePause(): void {
  const paused = !usePlayground.getState().paused;
  usePlayground.setState({ paused });
  if (paused) active?.playback.pause();
  else active?.playback.resume();
}

/** Step: while paused, move to the next moment something happens; when idle, start paused. */
export function step(): void {
  if (!active) {
    usePlayground.setState({ paused: true });
    void startRun();
    return;
  }
  if (!usePlayground.getState().paused) {
    usePlayground.setState({ paused: true });
    active.playback.pause();
  }
  active.playback.step();
}

export function setSpeed(speed: number): void {
  usePlayground.setState({ speed });
  active?.playback.setSpeed(speed);
}

/** The scrubber: show the run after `cursor` events (`null`: the end). */
export function scrub(cursor: number | null): void {
  usePlayground.setState({ cursor });
}

/** The time of the playback's "now" for the timeline (ms from the run's start). */
export function playbackNow(): number {
  return active ? active.clock.displayNow() : usePlayground.getState().record.endedAt;
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

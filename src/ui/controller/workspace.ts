import type { Scenario } from '../../scenarios/schema';
import { activeRunOf, usePlayground, type ActiveRun } from '../store';
import { snapshotOf } from './sandbox';

/*
 * The workspace follows the page's sandbox, whatever changes it: the editor writes to it, the
 * terminal's commands are read back after they ran, and a run's files are read as its calls
 * complete. Before a run the sandbox holds what the next run starts from, so every change carries
 * over; after a run it holds the run's result, and the next run starts again from the files it
 * started from, unless the person keeps these (`keepWorkspaceForNextRun`).
 */

/** Writes to and reads of the page's sandbox, one after another: a read never misses an earlier write. */
let queue: Promise<unknown> = Promise.resolve();
function enqueue<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

function withFiles(scenario: Scenario, files: Readonly<Record<string, string>>): Scenario {
  return { ...scenario, workspace: { ...scenario.workspace, files: { ...files } } };
}

function edited(files: Readonly<Record<string, string>>, path: string, content: string | null): Record<string, string> {
  const next = { ...files };
  if (content === null) delete next[path];
  else next[path] = content;
  return next;
}

/** Whether two file maps hold the same paths with the same texts. */
export function sameFiles(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

/**
 * A person's edit of a workspace file (`null` deletes it): written to the page's sandbox, and, while
 * the sandbox holds what the next run starts from, to the scenario's files too. An edit reported
 * after a run started (the editor's last keys, flushed as it locks) goes to the next run.
 */
export function editWorkspaceFile(path: string, content: string | null): void {
  const { run, workspace, scenario } = usePlayground.getState();
  if (!scenario) return;
  const activeRun = activeRunOf(run);
  const toStart = activeRun !== null || workspace.holds === 'start';
  usePlayground.setState((state) => ({
    ...(toStart && state.scenario ? { scenario: withFiles(state.scenario, edited(state.scenario.workspace.files, path, content)) } : {}),
    ...(activeRun ? {} : { workspace: { ...state.workspace, files: edited(state.workspace.files, path, content) } }),
  }));
  const sandbox = usePlayground.getState().sandbox.current;
  if (!sandbox || activeRun) return;
  void enqueue(async () => {
    const resolved = await sandbox.resolve(path);
    if (!resolved.ok) return;
    if (content === null) return sandbox.fs.rm(resolved.path);
    await sandbox.fs.mkdir(resolved.path.slice(0, resolved.path.lastIndexOf('/')));
    await sandbox.fs.writeFile(resolved.path, content);
  }).catch(() => undefined);
}

/**
 * Reads the page's sandbox back into the workspace (after a terminal command); while it holds what
 * the next run starts from, the scenario's files follow. Nothing while a run is going: the run's
 * own reads follow it then.
 */
export function syncWorkspace(): Promise<void> {
  return enqueue(async () => {
    const { sandbox, run } = usePlayground.getState();
    const current = sandbox.current;
    if (!current || run.status === 'running') return;
    const files = await snapshotOf(current);
    const now = usePlayground.getState();
    if (!files || now.sandbox.current !== current || now.run.status === 'running' || sameFiles(files, now.workspace.files)) return;
    usePlayground.setState((state) => ({
      workspace: { ...state.workspace, files },
      ...(state.workspace.holds === 'start' && state.scenario ? { scenario: withFiles(state.scenario, files) } : {}),
    }));
  });
}

/** How long the terminal stays quiet before its changes are read back. */
const SHELL_QUIET_MS = 120;
let shellTimer: ReturnType<typeof setTimeout> | undefined;

/** The terminal ran something (or printed after a command): read the sandbox back once it is quiet. */
export function noteShellActivity(): void {
  if (shellTimer !== undefined) clearTimeout(shellTimer);
  shellTimer = setTimeout(() => {
    shellTimer = undefined;
    void syncWorkspace();
  }, SHELL_QUIET_MS);
}

/** After a run: the next run starts from the files the workspace holds now, instead of the ones the last run started from. */
export function keepWorkspaceForNextRun(): void {
  usePlayground.setState((state) =>
    state.scenario && state.run.status !== 'running' ? { scenario: withFiles(state.scenario, state.workspace.files), workspace: { ...state.workspace, holds: 'start' } } : {},
  );
}

/** At most four reads a second: a thousand-call run must not re-read the workspace per call. */
const MOMENT_INTERVAL_MS = 250;
let momentTimer: ReturnType<typeof setTimeout> | undefined;
let lastMoment = 0;
/** How long the last read of the workspace took. */
let lastReadMs = 0;

/**
 * A call of the running run that may have written completed: read the run's sandbox (at most every
 * 250 ms, and at most a fifth of the time: a large workspace takes long to read) and keep the
 * files as a moment of the run, tagged with how many events the log held when the read began.
 */
export function noteRunProgress(): void {
  if (momentTimer !== undefined) return;
  const wait = Math.max(0, lastMoment + Math.max(MOMENT_INTERVAL_MS, 5 * lastReadMs) - performance.now());
  momentTimer = setTimeout(() => {
    momentTimer = undefined;
    lastMoment = performance.now();
    const { run, sandbox, events } = usePlayground.getState();
    const activeRun = activeRunOf(run);
    if (!activeRun || !sandbox.current) return;
    void readMoment(activeRun, events.length);
  }, wait);
}

async function readMoment(run: ActiveRun, at: number): Promise<void> {
  const current = usePlayground.getState().sandbox.current;
  if (!current) return;
  const started = performance.now();
  const files = await snapshotOf(current);
  lastReadMs = performance.now() - started;
  if (!files || activeRunOf(usePlayground.getState().run) !== run) return;
  usePlayground.setState((state) => {
    const last = state.workspace.moments.at(-1);
    const unchanged = last !== undefined && sameFiles(last.files, files);
    // Nothing written since the last moment: no new state, so nothing on the page draws again.
    if (unchanged && sameFiles(state.workspace.files, files)) return state;
    const moments = unchanged ? state.workspace.moments : [...state.workspace.moments, { at, files }];
    return { workspace: { ...state.workspace, files, moments } };
  });
}

/** The run ended with `files` after `at` events: its last moment, and what the workspace holds. */
export function endRunMoments(files: Readonly<Record<string, string>>, at: number): void {
  if (momentTimer !== undefined) clearTimeout(momentTimer);
  momentTimer = undefined;
  usePlayground.setState((state) => ({ workspace: { ...state.workspace, files, moments: [...state.workspace.moments, { at, files }] } }));
}

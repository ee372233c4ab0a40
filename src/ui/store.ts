import type { EffectsChoice } from '../run/effects';
import type { FolderReport } from '../run/folderReport';
import { create } from 'zustand';
import type { RunEvent, Strategy } from '../tools/events';
import type { RunRecord } from '../run/record';
import { buildRecord, createEmptyRecord } from '../run/reduceRun';
import type { Sandbox } from '../sandbox/types';
import type { PolicyName } from '../scenarios/policies';
import type { Scenario, ScenarioSettings } from '../scenarios/schema';
import type { Playback } from '../time/playback';
import type { PermissionRequest, UserQuestion } from '../tools/types';
import { virtualChoice, type SandboxChoice } from './controller/sandboxChoice';
import type { DraftWriter } from './scenarios/draftWriter';
import type { PanelState } from './scenarios/panelState';
import type { ScenarioStore } from './scenarios/storage';

/** What a run is: a scenario replayed, a live model's run from the scenario's workspace, or a tool called by hand. */
export type RunKind = 'replay' | 'live' | 'manual';

/**
 * What the running run holds on to, for Stop, Pause, Step, speed and the timeline's now line.
 * Not data (an abort controller, a playback, a clock): no component draws it.
 */
export interface ActiveRun {
  abort: AbortController;
  /** A replay's playback (pause, step, speed); a live run has none: the model sets the pace. */
  playback: Playback | null;
  /** The time to draw as now, in ms from the run's start. */
  now: () => number;
}

/**
 * The page's run, as one value: nothing run yet (or reset), running, ended, or failed with why.
 * Only a running run has handles (`active`), so none can outlive it or exist without it. Only a
 * replay can pause (a live model does not wait), so only its running state says whether it is.
 */
export type RunState =
  | { status: 'idle' }
  | { status: 'running'; kind: 'replay'; paused: boolean; active: ActiveRun }
  | { status: 'running'; kind: 'live' | 'manual'; active: ActiveRun }
  | { status: 'done'; kind: RunKind }
  | { status: 'error'; kind: RunKind; message: string };

export type RunStatus = RunState['status'];

/** The sandbox the page runs on: which kind it makes, and the one the terminal and the workspace follow. */
export interface SandboxSlice {
  /** Which sandbox each run gets (WebContainer boots in the background; the badge shows the choice). */
  choice: SandboxChoice;
  /** The latest run's sandbox, or an idle one holding the scenario's files; `null` before either. */
  current: Sandbox | null;
}

/** A permission ask waiting for the person at the page. */
export interface PendingAsk {
  request: PermissionRequest;
  answer(answer: 'allow' | 'deny', always: boolean): void;
}

/** AskUserQuestion's questions waiting for the person at the page; `null` answers "nobody answered". */
export interface PendingQuestion {
  toolUseId: string;
  questions: readonly UserQuestion[];
  answer(answers: Record<string, string[]> | null): void;
}

/** The files of one moment of a run: the log held `at` events when they were read. */
export interface FileMoment {
  at: number;
  files: Readonly<Record<string, string>>;
}

/**
 * The workspace the file tree shows: the page's sandbox as last read, whatever changed it (the
 * terminal, a run's tools, the editor), and what the next run starts from.
 */
export interface WorkspaceSlice {
  /** The page's sandbox's text files as last read. */
  files: Readonly<Record<string, string>>;
  /**
   * `start`: the sandbox holds what the next run starts from, so a change to it carries over;
   * `run`: it holds a run's result, and the next run starts again from `scenario.workspace.files`.
   */
  holds: 'start' | 'run';
  /** The scenario's files as it was opened: before a run the tree marks the person's changes against them. */
  opened: Readonly<Record<string, string>>;
  /** The files the shown run started from; `null` with no run shown. */
  runStart: Readonly<Record<string, string>> | null;
  /** The run's files as read while it went and at its end, oldest first (what scrubbing shows). */
  moments: readonly FileMoment[];
}

/** A learner's guess of the first response's calls, made before Run. */
export interface Prediction {
  scenarioId: string;
  /** Each call's batch, 1 for the first. */
  batches: Record<string, number>;
  /** The call ids in the order the learner expects their results back. */
  order: string[];
}

/** What the person did to the shown run that the lesson did not script (the lesson check says so). */
export interface RunChanges {
  /** The run's settings over the scenario's as opened (overrides, and the strategy). */
  strategy: Strategy;
  overrides: SettingsOverrides;
  /** Files the person changed before the run, against the scenario as opened. */
  editedPaths: readonly string[];
  /** Whether the person answered asks themselves (the dialog) rather than the script. */
  askedPerson: boolean;
  /** When the person pressed Stop, in ms of the run; `null` if they did not. */
  stoppedAt: number | null;
}

/** What the page loads before a run may start (`controller/pageLoad.ts`). */
export type PagePart = 'engine' | 'editor' | 'terminal' | 'settle';

/** What a link asked of the first scenario the page loads (`&strategy=`, `&autorun=1`, `&predict=`). */
export interface LinkWishes {
  /** The strategy to load it with instead of its policy's. */
  strategy: Strategy | null;
  /** Run it at once. */
  autorun: boolean;
  /** `hide`: hide its answer until a run of it ended (a classroom link). */
  predict: 'open' | 'hide' | null;
}

/**
 * Scenario opening: what the scenario panel shows (the entry in its editor, the person's own
 * scenarios and drafts, its notices), the storage those are kept in, and what the link asked of
 * the first scenario loaded. An imported session log is held here in memory only.
 */
export interface OpeningSlice {
  panel: PanelState;
  /** Where the person's scenarios, drafts and last opened entry are kept. */
  shelf: ScenarioStore;
  /** Writes the editor's text as a draft shortly after typing stops. */
  drafts: DraftWriter;
  /** The link's wishes, until the first scenario loaded; then `null`. */
  link: LinkWishes | null;
}

/** The settings a person may change on the page, over the scenario's own. */
export type SettingsOverrides = Partial<
  Pick<ScenarioSettings, 'permissionMode' | 'policy' | 'maxConcurrency' | 'resultOrder' | 'cascade' | 'bashConcurrency' | 'concurrentTools' | 'deferTools'>
>;

/** One run in the compare view: a strategy's, or a policy preset's (under its own strategy). */
export interface CompareEntry {
  /** What the lane set is called: the strategy, or the preset's name. */
  label: string;
  strategy: Strategy;
  /** The preset it ran under, when the comparison is of policies. */
  policy?: PolicyName;
  record: RunRecord;
}

/** What the compare view runs: the four strategies, or a set of policy presets. */
export type CompareSubject = { kind: 'strategies' } | { kind: 'policies'; policies: readonly PolicyName[] };

/** A folder's report as it is made: how many of its sessions are done, and the report so far. */
export interface FolderReportState {
  readonly total: number;
  readonly done: number;
  readonly running: boolean;
  readonly report: FolderReport | null;
}

/**
 * The page's state. The run is kept as its event log; the record shown is a fold of the log up to
 * the scrubber's position (`cursor`, or all of it), so step back, scrub and replay need no
 * snapshots: log the events, derive the state.
 */
export interface PlaygroundState {
  scenario: Scenario | null;
  /** Where the current scenario came from. */
  source: 'built-in' | 'user' | 'shared' | 'session';
  /**
   * The strategy the person (or a link) asked for; `null`: the policy's own. Only the choice is
   * kept: which strategy a run uses is `resolveSchedule`'s to say (`runStrategy`), as in the engine.
   */
  strategy: Strategy | null;
  overrides: SettingsOverrides;
  /** The current (or last) run's state; a running one holds its handles. */
  run: RunState;
  /** The last live run as a scenario that replays it, until the next run starts. */
  liveRecording: Scenario | null;
  events: RunEvent[];
  /** How many `call_completed` events the log holds (the workspace re-reads the sandbox on a change). */
  completedCalls: number;
  /** The record of the whole log (the live one while running). */
  record: RunRecord;
  /** The scrubber: show the record after this many events; `null` follows the end. */
  cursor: number | null;
  /** The replay speed (a multiple of the scenario's timings); it carries over to the next run. */
  speed: number;
  /** Open the permission dialog for every ask instead of the scenario's scripted answers. */
  askMe: boolean;
  /**
   * What an imported session's tools do in a replay: replay the log's record (the default; nothing
   * runs, is fetched or sent), or run again in the sandbox, with the network only when let out.
   */
  effects: Required<EffectsChoice>;
  /** A dropped folder of sessions, reported across them (`sessions/folderDrop.ts`); `null` when none is shown. */
  folderReport: FolderReportState | null;
  pendingAsk: PendingAsk | null;
  pendingQuestion: PendingQuestion | null;
  /** Rules the person added with "allow always", per run session. */
  addedAllowRules: string[];
  sandbox: SandboxSlice;
  workspace: WorkspaceSlice;
  /** What the person changed of the shown run against the lesson; `null` with no run shown. */
  runChanges: RunChanges | null;
  compare: { status: 'idle' | 'running' | 'done'; subject: CompareSubject; entries: CompareEntry[] };
  /** Scenario opening (`controller/opening.ts`); `null` until the page started it. */
  opening: OpeningSlice | null;
  /** The lesson's answer (its text, its expectations, the comparison) is hidden until a run ended. */
  answerHidden: boolean;
  prediction: Prediction | null;
  /** What the page is still loading that a run would stall on; Run waits until it is empty. */
  loading: readonly PagePart[];
}

export const initialState: PlaygroundState = {
  scenario: null,
  source: 'built-in',
  strategy: null,
  overrides: {},
  run: { status: 'idle' },
  liveRecording: null,
  events: [],
  completedCalls: 0,
  record: createEmptyRecord(),
  cursor: null,
  speed: 1,
  askMe: false,
  effects: { effects: 'recorded', network: false },
  folderReport: null,
  pendingAsk: null,
  pendingQuestion: null,
  addedAllowRules: [],
  sandbox: { choice: virtualChoice(undefined, 'checking'), current: null },
  workspace: { files: {}, holds: 'start', opened: {}, runStart: null, moments: [] },
  runChanges: null,
  compare: { status: 'idle', subject: { kind: 'strategies' }, entries: [] },
  opening: null,
  answerHidden: false,
  prediction: null,
  loading: [],
};

export const usePlayground = create<PlaygroundState>(() => initialState);

/** Whether the run is a replay standing paused (the Pause button's state). */
export function isPaused(run: RunState): boolean {
  return run.status === 'running' && run.kind === 'replay' && run.paused;
}

/** The running run's handles; `null` when no run is going. */
export function activeRunOf(run: RunState): ActiveRun | null {
  return run.status === 'running' ? run.active : null;
}

/** The last scrubbed position folded, per event log: every pane that draws it shares one fold. */
const scrubbed = new WeakMap<readonly RunEvent[], { cursor: number; record: RunRecord }>();

/**
 * The record the page draws: the whole run, or the run up to the scrubber. The same inputs give the
 * same object, so it works as a store selector.
 */
export function visibleRecord(state: Pick<PlaygroundState, 'events' | 'record' | 'cursor'>): RunRecord {
  const { events, cursor } = state;
  if (cursor === null || cursor >= events.length) return state.record;
  const kept = scrubbed.get(events);
  if (kept?.cursor === cursor) return kept.record;
  const record = buildRecord(events.slice(0, Math.max(0, cursor)));
  scrubbed.set(events, { cursor, record });
  return record;
}

/** Appends a batch of events (one per animation frame at most) to the log and the live record. */
export function appendEvents(events: readonly RunEvent[]): void {
  if (events.length === 0) return;
  usePlayground.setState((state) => {
    const log = state.events.concat(events);
    const completed = events.reduce((count, event) => count + (event.type === 'call_completed' ? 1 : 0), 0);
    return { events: log, completedCalls: state.completedCalls + completed, record: buildRecord(events, state.record) };
  });
}

/** The effective settings: the scenario's, with the page's overrides and added rules. */
export function effectiveScenario(state: Pick<PlaygroundState, 'scenario' | 'overrides' | 'addedAllowRules'>): Scenario | null {
  const { scenario } = state;
  if (!scenario) return null;
  const allow = [...scenario.settings.allow, ...state.addedAllowRules.filter((rule) => !scenario.settings.allow.includes(rule))];
  return { ...scenario, settings: { ...scenario.settings, ...state.overrides, allow } };
}

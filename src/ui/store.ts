import { create } from 'zustand';
import type { RunEvent, Strategy } from '../run/events';
import type { RunRecord } from '../run/record';
import { buildRecord, createEmptyRecord } from '../run/recordReducer';
import type { Scenario, ScenarioSettings } from '../scenarios/schema';
import type { PermissionRequest } from '../tools/types';
import type { SandboxChoice } from './session/sandboxChoice';

export type RunStatus = 'idle' | 'running' | 'done' | 'error';

/** A permission ask waiting for the person at the page. */
export interface PendingAsk {
  request: PermissionRequest;
  answer(answer: 'allow' | 'deny', always: boolean): void;
}

/** A scenario's text another pane asks the scenario panel to import, as if it were a chosen file. */
export interface ScenarioImportRequest {
  fileName: string;
  text: string;
}

/** The settings a person may change on the page, over the scenario's own. */
export type SettingsOverrides = Partial<
  Pick<ScenarioSettings, 'permissionMode' | 'maxConcurrency' | 'resultOrder' | 'cascade' | 'bashConcurrency' | 'deferTools'>
>;

/** One strategy's run in the compare view. */
export interface CompareEntry {
  strategy: Strategy;
  record: RunRecord;
}

/**
 * The page's state. The run is kept as its event log; the record shown is a fold of the log up to
 * the scrubber's position (`cursor`, or all of it), so step back, scrub and replay need no
 * snapshots (UX.md: log events, derive state).
 */
export interface PlaygroundState {
  scenario: Scenario | null;
  /** Where the current scenario came from. */
  source: 'built-in' | 'user' | 'shared';
  strategy: Strategy;
  overrides: SettingsOverrides;
  status: RunStatus;
  /** What the current (or last) run is: a scenario replay, or a live model's run. */
  runKind: 'replay' | 'live';
  /** The last live run as a scenario that replays it (issue 6), until the next run. */
  liveRecording: Scenario | null;
  message: string;
  events: RunEvent[];
  /** How many `call_completed` events the log holds (the workspace re-reads the sandbox on a change). */
  completedCalls: number;
  /** The record of the whole log (the live one while running). */
  record: RunRecord;
  /** The scrubber: show the record after this many events; `null` follows the end. */
  cursor: number | null;
  speed: number;
  paused: boolean;
  /** Open the permission dialog for every ask instead of the scenario's scripted answers. */
  askMe: boolean;
  pendingAsk: PendingAsk | null;
  /** Rules the person added with "allow always", per run session. */
  addedAllowRules: string[];
  sandbox: Pick<SandboxChoice, 'kind' | 'state' | 'reason'>;
  compare: { status: 'idle' | 'running' | 'done'; entries: CompareEntry[] };
  /** A scenario waiting for the scenario panel to import it (the panel takes it, once). */
  scenarioImport: ScenarioImportRequest | null;
}

export const initialState: PlaygroundState = {
  scenario: null,
  source: 'built-in',
  strategy: 'streaming',
  overrides: {},
  status: 'idle',
  runKind: 'replay',
  liveRecording: null,
  message: '',
  events: [],
  completedCalls: 0,
  record: createEmptyRecord(),
  cursor: null,
  speed: 1,
  paused: false,
  askMe: false,
  pendingAsk: null,
  addedAllowRules: [],
  sandbox: { kind: 'virtual', state: 'checking' },
  compare: { status: 'idle', entries: [] },
  scenarioImport: null,
};

export const usePlayground = create<PlaygroundState>(() => initialState);

/** The record the page draws: the whole run, or the run up to the scrubber. */
export function visibleRecord(state: Pick<PlaygroundState, 'events' | 'record' | 'cursor'>): RunRecord {
  if (state.cursor === null || state.cursor >= state.events.length) return state.record;
  return buildRecord(state.events.slice(0, Math.max(0, state.cursor)));
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

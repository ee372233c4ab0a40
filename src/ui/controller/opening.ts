import type { Scenario } from '../../scenarios/schema';
import { createDraftWriter, type DraftTimers } from '../scenarios/draftWriter';
import { builtInEntry, draftKey, resolveInitialEntry, type OpenEntry, type ScenarioEntry } from '../scenarios/entries';
import { importScenarioFile } from '../scenarios/importExport';
import { BUILT_IN_ENTRIES } from '../scenarios/library';
import { initialPanelState, type Notice } from '../scenarios/panelState';
import { checkScenarioText, rememberScenarioText } from '../scenarios/scenarioText';
import { openScenarioStore, type StorageLike } from '../scenarios/storage';
import type { UrlState } from '../scenarios/urlState';
import { reportFolderSessions } from '../sessions/folderDrop';
import { holdsSessionLog, openSessionFiles, sessionFilesOf, sessionsOf } from '../sessions/sessionFiles';
import { usePlayground, type PlaygroundState } from '../store';
import { lessonComparison } from './compare';
import { dispatchRun, noRun, stopRun } from './runs';
import { prepareWorkspace } from './sandbox';
import { notify, openingSlice, refreshStored, report, updatePanel } from './scenarioEditing';

/*
 * Opening a scenario, for every pane: the link or the last session at start, a pick from the
 * list, Apply, an imported scenario file, a session log (dropped, picked or watched). Each opens
 * the entry in the scenario panel's editor and, when it is valid, loads it into the page.
 */

const SHARED_INVALID = 'The shared scenario has problems (listed under the editor); fix them and press Apply.';
const RESTORED = 'Your unsaved edits of this scenario are back in the editor: Apply runs them, Revert drops them.';
const RUNNING = 'A run is going on: stop it to open another scenario.';

/** A session log imported by the page (dropped, picked or watched): opened in memory only, never stored. */
export interface ImportedSession {
  /** The log's file name, for the notice. */
  fileName: string;
  id: string;
  json: string;
  /** The scenario `json` was written from, as the importer validated it. */
  scenario: Scenario;
  /** How many calls it holds, as every place says it (`188 calls, 2 by sub-agents`). */
  calls: string;
  /** The agent and version that wrote it, e.g. "Claude Code 2.1.39". */
  label: string;
  /** The lines the importer could not use, one per line; empty when none. */
  problems: string;
  /** A newer import of a session already open (a watched log grew): no notices again. */
  quiet?: boolean;
}

const sourceOf = (entry: OpenEntry): ScenarioEntry['source'] => (entry.source === 'new' ? 'user' : entry.source);
const running = () => usePlayground.getState().run.status === 'running';

/**
 * Starts scenario opening with the page's URL and storage: the link's scenario (`?scenario=`,
 * `#s=`), else the one open last time, else the first lesson, with its draft if one was kept;
 * loaded into the page when valid. What the link asks of it (`&strategy=`, `&autorun=1`,
 * `&predict=`) waits for the first scenario loaded. `timers` drive the draft writer (tests).
 */
export async function startOpening(url: UrlState, storage: StorageLike | undefined, timers?: DraftTimers): Promise<void> {
  const { store: shelf, problems } = openScenarioStore(storage);
  const mine = shelf.loadUserScenarios();
  const initial = await resolveInitialEntry(url, shelf.loadLastOpened(), mine);
  const { entry } = initial;
  const text = shelf.loadDraft(draftKey(entry)) ?? entry.text;
  const checked = checkScenarioText(entry.text);
  const notices: Pick<Notice, 'tone' | 'text'>[] = [...problems, ...initial.problems].map((problem) => ({ tone: 'error', text: problem }));
  if (entry.source === 'shared' && !checked.ok) notices.push({ tone: 'error', text: SHARED_INVALID });
  if (text !== entry.text) notices.push({ tone: 'info', text: RESTORED });
  const drafts = createDraftWriter(
    shelf,
    (result) => {
      // A writer whose slice was replaced (opening started anew: a test's next page) reports to no one.
      if (usePlayground.getState().opening?.shelf !== shelf) return;
      report(result, 'Your edits');
      refreshStored();
    },
    undefined,
    timers,
  );
  usePlayground.setState({
    opening: {
      panel: initialPanelState(entry, text, mine, shelf.draftKeys(), notices),
      shelf,
      drafts,
      link: { strategy: url.strategy ?? null, autorun: url.autorun, predict: url.predict ?? null },
    },
    // The link's strategy shows at once, and the first scenario loaded keeps it.
    ...(url.strategy ? { strategy: url.strategy } : {}),
  });
  if (checked.ok) loadEntry({ id: checked.scenario.id, scenario: checked.scenario, source: sourceOf(entry) });
}

/**
 * Resolves once scenario opening has started (the first scenario resolved, which loads after the
 * first paint): what a file dropped, picked or watched in the first moments waits for, so that
 * the first scenario does not open over it.
 */
export function whenOpeningStarted(): Promise<void> {
  if (usePlayground.getState().opening) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = usePlayground.subscribe((state) => {
      if (!state.opening) return;
      stop();
      resolve();
    });
  });
}

/** Opens a built-in lesson, its text loaded first (the page's first paint holds only the lessons' titles). */
export async function openBuiltIn(id: string): Promise<void> {
  let entry: OpenEntry | undefined;
  try {
    await whenOpeningStarted();
    entry = await builtInEntry(id);
  } catch (error: unknown) {
    notify('error', `The lesson "${id}" could not be loaded (${error instanceof Error ? error.message : String(error)}); reload the page to try again.`);
    return;
  }
  if (entry) openScenario(entry);
}

/**
 * Opens an entry in the editor, with its draft if one was kept, and, when its saved text is valid
 * and `load` is not false, in the page too. Not while a run is going (a notice says so).
 * `written` is the scenario the text was written from when it is already validated (an imported
 * session's): the text is then not validated again.
 */
export function openScenario(entry: OpenEntry, options: { load?: boolean; written?: Scenario } = {}): void {
  const { load = true, written } = options;
  const { shelf, drafts } = openingSlice();
  if (load && running()) {
    notify('info', RUNNING);
    return;
  }
  if (written) rememberScenarioText(entry.text, written);
  drafts.flush();
  const draft = entry.source === 'session' ? undefined : shelf.loadDraft(draftKey(entry));
  updatePanel({ type: 'open', entry, text: draft ?? entry.text });
  if (entry.source === 'built-in' || entry.source === 'user') report(shelf.saveLastOpened(draftKey(entry)), 'The last opened scenario');
  const checked = checkScenarioText(entry.text);
  if (load && checked.ok) loadEntry({ id: checked.scenario.id, scenario: checked.scenario, source: sourceOf(entry) });
  if (draft !== undefined && draft !== entry.text) notify('info', RESTORED);
}

/** Apply: loads the editor's text into the page, when it is valid and no run is going. */
export function applyScenarioText(): void {
  if (running()) return;
  const { panel } = openingSlice();
  const checked = checkScenarioText(panel.text);
  if (!checked.ok) {
    notify('error', `Not applied: the editor has ${checked.errors.length === 1 ? 'a problem' : `${checked.errors.length} problems`} (listed under it).`);
    return;
  }
  loadEntry({ id: checked.scenario.id, scenario: checked.scenario, source: sourceOf(panel.entry) });
}

/**
 * Opens an imported session log as an entry held in memory only (no storage, no drafts), saying
 * what was left out of it. A quiet one (a watched log grew) is opened without notices, and not
 * while a run is going: the next lines bring it again.
 */
export function openSession(session: ImportedSession): void {
  if (running()) {
    if (!session.quiet) notify('info', 'A run is going on: stop it, then open the session log again.');
    return;
  }
  updatePanel({ type: 'dismiss-import' });
  // The importer validated the scenario: the editor's text is not validated again.
  openScenario({ source: 'session', id: session.id, text: session.json }, { written: session.scenario });
  if (session.quiet) return;
  notify(
    'info',
    `Opened ${session.fileName} (${session.label}, ${session.calls}) as “${session.id}”. It stays in this page: nothing of it is stored or sent (Save as mine keeps it in this browser), and its replay runs nothing: each call ends as the log recorded it, when the policy lets it start.`,
  );
  if (session.problems !== '') notify('error', `Lines left out of the import:\n${session.problems}`);
}

/**
 * Imports a scenario's text (a chosen or dropped file, a live run's recording) as one of the
 * person's own, under a free id, and opens it; a refused one is shown with every error and
 * changes nothing.
 */
export function importScenario(fileName: string, text: string): void {
  const { shelf } = openingSlice();
  const imported = importScenarioFile(text, { builtIn: BUILT_IN_ENTRIES.map((e) => e.id), user: shelf.loadUserScenarios().map((s) => s.id) });
  if (!imported.ok) {
    updatePanel({ type: 'import-failed', fileName, errors: imported.errors });
    return;
  }
  updatePanel({ type: 'dismiss-import' });
  report(shelf.saveUserScenario({ id: imported.id, json: imported.json }), 'The imported scenario');
  refreshStored();
  notify('info', imported.renamed?.notice ?? `Imported “${imported.id}” into your scenarios.`);
  openScenario({ source: 'user', id: imported.id, text: imported.json });
}

/** Import…: the files picked are a session log (opened in memory) or a scenario file (imported). */
export async function importScenarioFiles(files: readonly File[]): Promise<void> {
  await whenOpeningStarted();
  const sessions = await sessionsOf(await sessionFilesOf(files));
  if (sessions.length > 1) {
    // Several sessions picked at once: one report across them.
    await reportFolderSessions(sessions);
    return;
  }
  if (await holdsSessionLog(files)) {
    const opening = await openSessionFiles(files);
    if (!opening.ok) updatePanel({ type: 'import-failed', fileName: files[0]!.name, errors: [{ path: '', message: opening.message }] });
    else openSession({ fileName: (sessions[0]?.main ?? files[0]!).name, ...opening });
    return;
  }
  const file = files[0];
  if (!file) return;
  let text: string;
  try {
    text = await file.text();
  } catch (error: unknown) {
    updatePanel({ type: 'import-failed', fileName: file.name, errors: [{ path: '', message: `The file could not be read: ${error instanceof Error ? error.message : String(error)}` }] });
    return;
  }
  importScenario(file.name, text);
}

/**
 * Loads a validated scenario into the page: the run, if any, is stopped and the log cleared, and
 * the settings, the workspace and the comparison start from the scenario's. The first scenario
 * loaded takes what the link asked of it.
 */
export function loadScenario(scenario: Scenario, source: PlaygroundState['source']): void {
  stopRun();
  const files = scenario.workspace.files;
  usePlayground.setState((state) => {
    const { policy: _policy, ...overrides } = state.overrides;
    const link = state.opening?.link ?? null;
    return {
      scenario,
      source,
      // The scenario's policy's own strategy, unless a link named one for it.
      strategy: link?.strategy ?? null,
      // A classroom link hides its lesson's answer until a run of it ended.
      answerHidden: link?.predict === 'hide',
      prediction: state.prediction?.scenarioId === scenario.id ? state.prediction : null,
      // A policy chosen for one scenario is not carried to the next: each lesson's is its point.
      overrides,
      ...noRun(),
      addedAllowRules: [],
      workspace: { files, holds: 'start', opened: files, runStart: null, moments: [] },
      compare: { status: 'idle', subject: lessonComparison(scenario), entries: [] },
      ...(state.opening && link ? { opening: { ...state.opening, link: null } } : {}),
    };
  });
}

/** Loads an entry the editor validated; its files go into an idle sandbox for the terminal, and a link's autorun runs it. */
function loadEntry(entry: ScenarioEntry): void {
  const autorun = usePlayground.getState().opening?.link?.autorun ?? false;
  loadScenario(entry.scenario, entry.source);
  void prepareWorkspace();
  if (autorun) dispatchRun({ kind: 'replay' });
}

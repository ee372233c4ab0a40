import { useDeferredValue, useEffect, useEffectEvent, useMemo, useReducer, useRef, useState, type ChangeEvent, type Dispatch } from 'react';
import scenarioJsonSchema from '../../../public/scenario.schema.json';
import type { Strategy } from '../../run/events';
import type { Scenario } from '../../scenarios/schema';
import { takeScenarioImport } from './importRequest';
import { useSessionOpening } from './useSessionOpening';
import { holdsSessionLog, openSessionFiles } from '../sessions/sessionFiles';
import { LazyCodeEditor } from '../monaco';
import { download } from '../download';
import { usePlayground } from '../store';
import { createDraftWriter } from './draftWriter';
import { builtInEntry, draftKey, newEntry, resolveInitialEntry, takenIds, type OpenEntry, type ScenarioEntry } from './entries';
import { ErrorList } from './ErrorList';
import { ImportErrorPanel, NoticeList, ShareLinkField } from './Messages';
import { exportScenarioFile, importScenarioFile } from './importExport';
import { BUILT_IN_ENTRIES, suggestId } from './library';
import { initialPanelState, panelReducer, type Notice, type PanelAction } from './panelState';
import { ScenarioActions } from './ScenarioActions';
import { ScenarioList } from './ScenarioList';
import { checkScenarioText, rememberScenarioText } from './scenarioText';
import { browserStorage, openScenarioStore, type ScenarioStore, type StorageLike, type UserScenario, type WriteResult } from './storage';
import { builtInUrl, parseUrl, shareUrl, type UrlState } from './urlState';
import './scenarios.css';

const EDITOR_SCHEMA = { uri: 'scenario.schema.json', schema: scenarioJsonSchema };
const SHARED_INVALID = 'The shared scenario has problems (listed under the editor); fix them and press Apply.';
const RESTORED = 'Your unsaved edits of this scenario are back in the editor: Apply runs them, Revert drops them.';

export interface ScenarioPanelProps {
  /** The id of the scenario the app has loaded; the list marks it with aria-current. */
  currentId: string;
  /** Called with a valid scenario to load: on start (from the URL or the last session), on a pick from the list, on Apply. */
  onOpen: (entry: ScenarioEntry) => void;
  /** While a run is going on, nothing new is loaded (Apply and the list say so); editing goes on. */
  running: boolean;
  /** The URL as read at start (`parseUrl(window.location)` unless given). */
  initialUrl?: UrlState;
  /** The strategy the app has selected, written into share links. */
  strategy?: Strategy;
  /** Where scenarios and drafts are kept; the browser's localStorage unless given. */
  storage?: StorageLike;
  /** The page address share links start from; `window.location.href` unless given. */
  baseUrl?: string;
}

const ENTRY_LABEL: Record<OpenEntry['source'], string> = {
  new: 'a new scenario',
  'built-in': 'the lesson',
  shared: 'the shared scenario',
  user: 'your scenario',
  session: 'the imported session',
};

const sourceOf = (entry: OpenEntry): ScenarioEntry['source'] => (entry.source === 'new' ? 'user' : entry.source);

/** Shows a failed write, and any problem the store met meanwhile, as notices. */
function reportTo(dispatch: Dispatch<PanelAction>, store: ScenarioStore, result: WriteResult, what: string): void {
  if (!result.ok) dispatch({ type: 'notify', tone: 'error', text: `${what} could not be kept in this browser: ${result.error}.` });
  for (const problem of store.takeProblems()) dispatch({ type: 'notify', tone: 'error', text: problem });
}

const readLocation = (): UrlState =>
  typeof window === 'undefined' ? { autorun: false, watch: false, problems: [] } : parseUrl({ search: window.location.search, hash: window.location.hash });

/**
 * The scenario picker and editor: the built-in lessons, the user's own scenarios, a JSON editor
 * with a live error list, and import, export and share. It owns its storage; the app only hears
 * of valid scenarios, through `onOpen`. Other panes ask it to import a scenario through the store
 * (`requestScenarioImport`).
 */
export function ScenarioPanel({ currentId, onOpen, running, initialUrl, strategy, storage, baseUrl }: ScenarioPanelProps) {
  const [start] = useState(() => {
    const { store, problems } = openScenarioStore(storage ?? browserStorage());
    const mine = store.loadUserScenarios();
    const initial = resolveInitialEntry(initialUrl ?? readLocation(), store.loadLastOpened(), mine);
    const { entry } = initial;
    const text = store.loadDraft(draftKey(entry)) ?? entry.text;
    const notices: Pick<Notice, 'tone' | 'text'>[] = [...problems, ...initial.problems].map((problem) => ({ tone: 'error', text: problem }));
    if (entry.source === 'shared' && !checkScenarioText(entry.text).ok) notices.push({ tone: 'error', text: SHARED_INVALID });
    if (text !== entry.text) notices.push({ tone: 'info', text: RESTORED });
    return { store, state: initialPanelState(entry, text, mine, store.draftKeys(), notices) };
  });
  const { store } = start;
  const [state, dispatch] = useReducer(panelReducer, start.state);
  const [runOnOpen, setRunOnOpen] = useState(true);
  const deferredText = useDeferredValue(state.text);
  const check = useMemo(() => checkScenarioText(deferredText), [deferredText]);
  const dirty = state.text !== state.entry.text;
  // A shared entry's key hashes its whole text: once per entry, not per render.
  const key = useMemo(() => draftKey(state.entry), [state.entry]);

  const report = (result: WriteResult, what: string) => reportTo(dispatch, store, result, what);
  const refreshStored = () => dispatch({ type: 'stored', mine: store.loadUserScenarios(), drafts: store.draftKeys() });

  const [drafts] = useState(() =>
    createDraftWriter(store, (result) => {
      reportTo(dispatch, store, result, 'Your edits');
      dispatch({ type: 'stored', mine: store.loadUserScenarios(), drafts: store.draftKeys() });
    }),
  );
  // Edits typed just before a reload or a close are written as the page hides.
  useEffect(() => {
    const flush = () => drafts.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [drafts]);

  // The first scenario reaches the app once; a ref keeps StrictMode's second mount from sending it again.
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    const { entry } = start.state;
    const checked = checkScenarioText(entry.text);
    if (checked.ok) onOpen({ id: checked.scenario.id, scenario: checked.scenario, source: sourceOf(entry) });
  }, [onOpen, start]);

  const edit = (text: string) => {
    dispatch({ type: 'edit', text });
    // An imported session stays in memory: its edits are not kept as drafts either.
    if (state.entry.source !== 'session') drafts.schedule(key, text, state.entry.text);
  };

  /**
   * Opens an entry in the editor, with its draft if one was kept, and, when `load` and its saved
   * text is valid, in the app too. `written` is the scenario the text was written from when it is
   * already validated (an imported session's): the text is then not validated again.
   */
  const open = (entry: OpenEntry, load = true, written?: Scenario) => {
    if (load && running) {
      dispatch({ type: 'notify', tone: 'info', text: 'A run is going on: stop it to open another scenario.' });
      return;
    }
    if (written) rememberScenarioText(entry.text, written);
    drafts.flush();
    const draft = entry.source === 'session' ? undefined : store.loadDraft(draftKey(entry));
    dispatch({ type: 'open', entry, text: draft ?? entry.text });
    if (entry.source === 'built-in' || entry.source === 'user') report(store.saveLastOpened(draftKey(entry)), 'The last opened scenario');
    const checked = checkScenarioText(entry.text);
    if (load && checked.ok) onOpen({ id: checked.scenario.id, scenario: checked.scenario, source: sourceOf(entry) });
    if (draft !== undefined && draft !== entry.text) dispatch({ type: 'notify', tone: 'info', text: RESTORED });
  };

  const apply = () => {
    if (running) return;
    const checked = checkScenarioText(state.text);
    if (!checked.ok) {
      dispatch({ type: 'notify', tone: 'error', text: `Not applied: the editor has ${checked.errors.length === 1 ? 'a problem' : `${checked.errors.length} problems`} (listed under it).` });
      return;
    }
    onOpen({ id: checked.scenario.id, scenario: checked.scenario, source: sourceOf(state.entry) });
  };

  const saveAsMine = () => {
    const checked = checkScenarioText(state.text);
    if (!checked.ok) {
      dispatch({ type: 'notify', tone: 'error', text: 'Not saved: fix the problems listed under the editor first (Export keeps unfinished work as a file).' });
      return;
    }
    const own = state.entry.source === 'user' ? state.entry.id : undefined;
    const taken = takenIds(state.mine.filter((s) => s.id !== own));
    const id = suggestId(checked.scenario.id, taken);
    const json = id === checked.scenario.id ? state.text : JSON.stringify({ ...checked.value, id }, null, 2);
    const result = store.saveUserScenario({ id, json });
    report(result, 'The scenario');
    if (!result.ok) return;
    drafts.cancel();
    store.clearDraft(key);
    const entry: OpenEntry = { source: 'user', id, text: json };
    dispatch({ type: 'open', entry, text: json });
    report(store.saveLastOpened(draftKey(entry)), 'The last opened scenario');
    refreshStored();
    const renamed = id === checked.scenario.id ? '' : ` as “${id}”, since “${checked.scenario.id}” is taken`;
    dispatch({ type: 'notify', tone: 'info', text: `Saved to your scenarios${renamed}.` });
  };

  const revert = () => {
    drafts.cancel();
    report(store.clearDraft(key), 'Your edits');
    dispatch({ type: 'edit', text: state.entry.text });
    refreshStored();
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = ''; // so choosing the same file again imports it again
    if (holdsSessionLog(files)) {
      const opening = await openSessionFiles(files);
      if (!opening.ok) dispatch({ type: 'import-failed', fileName: files[0]!.name, errors: [{ path: '', message: opening.message }] });
      else openSession({ fileName: files[0]!.name, ...opening });
      return;
    }
    const file = files[0];
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch (error: unknown) {
      dispatch({ type: 'import-failed', fileName: file.name, errors: [{ path: '', message: `The file could not be read: ${error instanceof Error ? error.message : String(error)}` }] });
      return;
    }
    importText(file.name, text);
  };

  /** Imports a scenario's text as the person's own (a chosen file, or a live run's recording). */
  const importText = (fileName: string, text: string) => {
    const imported = importScenarioFile(text, { builtIn: BUILT_IN_ENTRIES.map((e) => e.id), user: store.loadUserScenarios().map((s) => s.id) });
    if (!imported.ok) {
      dispatch({ type: 'import-failed', fileName, errors: imported.errors });
      return;
    }
    dispatch({ type: 'dismiss-import' });
    report(store.saveUserScenario({ id: imported.id, json: imported.json }), 'The imported scenario');
    refreshStored();
    dispatch({ type: 'notify', tone: 'info', text: imported.renamed?.notice ?? `Imported “${imported.id}” into your scenarios.` });
    open({ source: 'user', id: imported.id, text: imported.json });
  };
  const openSession = useSessionOpening(running, dispatch, (entry, scenario) => open(entry, true, scenario));

  // Other panes (the Live panel's "Save as my scenario") import through the same path, by a
  // request left in the store.
  const importWaiting = usePlayground((playground) => playground.scenarioImport !== null);
  const importRequested = useEffectEvent(() => {
    const request = takeScenarioImport();
    if (request) importText(request.fileName, request.text);
  });
  useEffect(() => {
    if (importWaiting) importRequested();
  }, [importWaiting]);

  const exportFile = () => {
    const file = exportScenarioFile(state.text);
    download(file.filename, file.text);
    if (!check.ok) dispatch({ type: 'notify', tone: 'info', text: `Exported ${file.filename} as it stands; it still has problems.` });
  };

  const copyShareLink = async () => {
    const checked = checkScenarioText(state.text);
    if (!checked.ok) {
      dispatch({ type: 'notify', tone: 'error', text: 'No link made: fix the problems listed under the editor first.' });
      return;
    }
    const base = baseUrl ?? window.location.href;
    // A session's link carries the whole log's content (file texts, results) to whoever opens it.
    if (state.entry.source === 'session' || checked.scenario.observed) {
      const kib = Math.max(1, Math.round(new TextEncoder().encode(state.text).length / 1024));
      const ok = window.confirm(`This link would carry the whole imported session (${kib} KiB: the files, commands and results your log holds) to anyone who opens it. Make the link anyway?`);
      if (!ok) {
        dispatch({ type: 'notify', tone: 'info', text: 'No link made: the session stays in this page.' });
        return;
      }
    }
    const options = { autorun: runOnOpen, ...(strategy ? { strategy } : {}) };
    const unchangedBuiltIn = state.entry.source === 'built-in' && !dirty;
    const url = unchangedBuiltIn ? builtInUrl(base, state.entry.id, options) : shareUrl(base, state.text, options);
    try {
      await navigator.clipboard.writeText(url);
      dispatch({ type: 'shared', url, copied: true });
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is shown to copy by hand.
      dispatch({ type: 'shared', url, copied: false });
    }
  };

  const deleteMine = (scenario: UserScenario) => {
    const userKey = draftKey({ source: 'user', id: scenario.id, text: scenario.json });
    const draft = store.loadDraft(userKey);
    report(store.deleteUserScenario(scenario.id), 'The deletion');
    store.clearDraft(userKey);
    refreshStored();
    dispatch({ type: 'notify', tone: 'info', text: `Deleted “${scenario.id}”.`, undo: { scenario, ...(draft === undefined ? {} : { draft }) } });
  };

  const undoDelete = (id: number, undo: { scenario: UserScenario; draft?: string }) => {
    report(store.saveUserScenario(undo.scenario), 'The scenario');
    if (undo.draft !== undefined) report(store.saveDraft(draftKey({ source: 'user', id: undo.scenario.id, text: undo.scenario.json }), undo.draft), 'Its edits');
    refreshStored();
    dispatch({ type: 'dismiss', id });
  };

  const entryLabel = ENTRY_LABEL[state.entry.source];
  const modelPath = `scenarios/${key.replace(/[^a-z0-9-]+/gi, '-')}.scenario.json`;

  return (
    <section className="scenarios" aria-labelledby="scenarios-heading" data-testid="scenario-panel">
      <h2 id="scenarios-heading">Scenarios</h2>
      {state.notices.length > 0 && (
        <NoticeList notices={state.notices} onUndo={(notice) => notice.undo && undoDelete(notice.id, notice.undo)} onDismiss={(id) => dispatch({ type: 'dismiss', id })} />
      )}
      <div className="scenarios-body">
        <ScenarioList
          currentId={currentId}
          openKey={key}
          mine={state.mine}
          drafts={state.drafts}
          onOpenBuiltIn={(id) => {
            const entry = builtInEntry(id);
            if (entry) open(entry);
          }}
          onOpenMine={(scenario) => open({ source: 'user', id: scenario.id, text: scenario.json })}
          onDelete={deleteMine}
        />
        <div className="scenario-editor">
          <p className="scenario-editing" data-testid="scenario-editing" data-dirty={dirty}>
            Editing {entryLabel} <code>{state.entry.id}</code>
            {dirty && <span className="scenario-badge">{state.restored ? 'restored edits' : 'unsaved edits'}</span>}
          </p>
          <div className="scenario-editor-frame" aria-label="Scenario JSON" role="group">
            <LazyCodeEditor value={state.text} language="json" onChange={edit} path={modelPath} jsonSchema={EDITOR_SCHEMA} testId="scenario-editor" />
          </div>
          <div className="scenario-check" data-testid="scenario-check" data-valid={check.ok}>
            <p className={check.ok ? 'scenario-valid' : 'scenario-invalid'} aria-live="polite">
              {check.ok ? 'No problems: Apply loads it.' : `${check.errors.length === 1 ? '1 problem' : `${check.errors.length} problems`}; Apply stays off until they are fixed.`}
            </p>
            {!check.ok && <ErrorList errors={check.errors} testId="scenario-errors" />}
          </div>
          <ScenarioActions
            running={running}
            valid={check.ok}
            dirty={dirty}
            runOnOpen={runOnOpen}
            onApply={apply}
            onSave={saveAsMine}
            onRevert={revert}
            onNew={() => open(newEntry(state.mine), false)}
            onImport={(event) => void importFile(event)}
            onExport={exportFile}
            onShare={() => void copyShareLink()}
            onRunOnOpen={setRunOnOpen}
          />
          {state.share && <ShareLinkField share={state.share} />}
          {state.importErrors && <ImportErrorPanel failure={state.importErrors} onDismiss={() => dispatch({ type: 'dismiss-import' })} />}
        </div>
      </div>
    </section>
  );
}

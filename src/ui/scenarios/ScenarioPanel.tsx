import { useDeferredValue, useMemo, useState, type ChangeEvent } from 'react';
import type { Strategy } from '../../tools/events';
import {
  applyScenarioText,
  deleteMine,
  editScenarioText,
  importScenarioFiles,
  notify,
  openBuiltIn,
  openScenario,
  revertEdits,
  saveAsMine,
  undoDelete,
  updatePanel,
} from '../controller';
import { LazyCodeEditor } from '../monaco';
import { download } from '../download';
import { usePlayground } from '../store';
import { draftKey, newEntry, type OpenEntry } from './entries';
import { ErrorList } from './ErrorList';
import { ImportErrorPanel, NoticeList, ShareLinkField } from './Messages';
import { exportScenarioFile } from './importExport';
import type { PanelState } from './panelState';
import { ScenarioActions } from './ScenarioActions';
import { ScenarioList } from './ScenarioList';
import { checkScenarioText } from './scenarioText';
import { builtInUrl, shareUrl } from './urlState';
import './scenarios.css';

/** The scenario's JSON schema for the editor, loaded with it. */
const EDITOR_SCHEMA = { uri: 'scenario.schema.json', load: () => import('../../../public/scenario.schema.json').then((module) => module.default as unknown) };

export interface ScenarioPanelProps {
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

/**
 * The scenario picker and editor: the built-in lessons, the person's own scenarios, a JSON editor
 * with a live error list, and import, export and share. It draws the store's opening slice and
 * calls its actions (`controller/opening.ts`, `controller/scenarioEditing.ts`); storage, links,
 * drafts and imports are theirs. Nothing shows before the page started opening.
 */
export function ScenarioPanel({ baseUrl }: ScenarioPanelProps) {
  const panel = usePlayground((playground) => playground.opening?.panel);
  const currentId = usePlayground((playground) => playground.scenario?.id ?? '');
  const running = usePlayground((playground) => playground.run.status === 'running');
  const strategy = usePlayground((playground) => playground.strategy);
  return panel ? <ScenarioEditing state={panel} currentId={currentId} running={running} strategy={strategy} baseUrl={baseUrl} /> : null;
}

/** What the panel draws from the store: the opening slice's panel state and the page's scenario, run and strategy. */
export interface ScenarioEditingProps extends ScenarioPanelProps {
  state: PanelState;
  /** The id of the scenario the page has loaded; the list marks it with aria-current. */
  currentId: string;
  /** While a run is going on, nothing new is loaded (Apply and the list say so); editing goes on. */
  running: boolean;
  /** The strategy the person chose, written into share links (`null`: the policy's own, left out). */
  strategy: Strategy | null;
}

/** The panel itself, drawn from props (the markup tests render it without a store subscription). */
export function ScenarioEditing({ state, currentId, running, strategy, baseUrl }: ScenarioEditingProps) {
  const [runOnOpen, setRunOnOpen] = useState(true);
  const deferredText = useDeferredValue(state.text);
  const check = useMemo(() => checkScenarioText(deferredText), [deferredText]);
  const dirty = state.text !== state.entry.text;
  // A shared entry's key hashes its whole text: once per entry, not per render.
  const key = useMemo(() => draftKey(state.entry), [state.entry]);

  const importFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = ''; // so choosing the same file again imports it again
    void importScenarioFiles(files);
  };

  const exportFile = () => {
    const file = exportScenarioFile(state.text);
    download(file.filename, file.text);
    if (!check.ok) notify('info', `Exported ${file.filename} as it stands; it still has problems.`);
  };

  const copyShareLink = async () => {
    const checked = checkScenarioText(state.text);
    if (!checked.ok) {
      notify('error', 'No link made: fix the problems listed under the editor first.');
      return;
    }
    const base = baseUrl ?? window.location.href;
    // A session's link carries the whole log's content (file texts, results) to whoever opens it.
    if (state.entry.source === 'session' || checked.scenario.observed) {
      const kib = Math.max(1, Math.round(new TextEncoder().encode(state.text).length / 1024));
      const ok = window.confirm(`This link would carry the whole imported session (${kib} KiB: the files, commands and results your log holds) to anyone who opens it. Make the link anyway?`);
      if (!ok) {
        notify('info', 'No link made: the session stays in this page.');
        return;
      }
    }
    const options = { autorun: runOnOpen, ...(strategy ? { strategy } : {}) };
    const unchangedBuiltIn = state.entry.source === 'built-in' && !dirty;
    const url = unchangedBuiltIn ? builtInUrl(base, state.entry.id, options) : await shareUrl(base, state.text, options);
    try {
      await navigator.clipboard.writeText(url);
      updatePanel({ type: 'shared', url, copied: true });
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is shown to copy by hand.
      updatePanel({ type: 'shared', url, copied: false });
    }
  };

  const entryLabel = ENTRY_LABEL[state.entry.source];
  const modelPath = `scenarios/${key.replace(/[^a-z0-9-]+/gi, '-')}.scenario.json`;

  return (
    <section className="scenarios" aria-labelledby="scenarios-heading" data-testid="scenario-panel">
      <h2 id="scenarios-heading">Scenarios</h2>
      {state.notices.length > 0 && (
        <NoticeList notices={state.notices} onUndo={(notice) => notice.undo && undoDelete(notice.id, notice.undo)} onDismiss={(id) => updatePanel({ type: 'dismiss', id })} />
      )}
      <div className="scenarios-body">
        <ScenarioList
          currentId={currentId}
          openKey={key}
          mine={state.mine}
          drafts={state.drafts}
          onOpenBuiltIn={(id) => void openBuiltIn(id)}
          onOpenMine={(scenario) => openScenario({ source: 'user', id: scenario.id, text: scenario.json })}
          onDelete={deleteMine}
        />
        <div className="scenario-editor">
          <p className="scenario-editing" data-testid="scenario-editing" data-dirty={dirty}>
            Editing {entryLabel} <code>{state.entry.id}</code>
            {dirty && <span className="scenario-badge">{state.restored ? 'restored edits' : 'unsaved edits'}</span>}
          </p>
          <div className="scenario-editor-frame" aria-label="Scenario JSON" role="group">
            <LazyCodeEditor value={state.text} language="json" onChange={editScenarioText} path={modelPath} jsonSchema={EDITOR_SCHEMA} testId="scenario-editor" />
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
            onApply={applyScenarioText}
            onSave={saveAsMine}
            onRevert={revertEdits}
            onNew={() => openScenario(newEntry(state.mine), { load: false })}
            onImport={importFile}
            onExport={exportFile}
            onShare={() => void copyShareLink()}
            onRunOnOpen={setRunOnOpen}
          />
          {state.share && <ShareLinkField share={state.share} />}
          {state.importErrors && <ImportErrorPanel failure={state.importErrors} onDismiss={() => updatePanel({ type: 'dismiss-import' })} />}
        </div>
      </div>
    </section>
  );
}

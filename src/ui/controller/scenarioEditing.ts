import { draftKey, takenIds, type OpenEntry } from '../scenarios/entries';
import { suggestId } from '../scenarios/library';
import { panelReducer, type Notice, type PanelAction } from '../scenarios/panelState';
import { checkScenarioText } from '../scenarios/scenarioText';
import type { UserScenario, WriteResult } from '../scenarios/storage';
import { usePlayground, type OpeningSlice } from '../store';

/*
 * The scenario panel's state in the store, and what the person does in the editor: type, save as
 * their own, revert, delete and undo. Opening a scenario is `opening.ts`; both change the panel's
 * state only through `panelReducer`.
 */

/** The opening slice; a programmer error before `startOpening` filled it. */
export function openingSlice(): OpeningSlice {
  const { opening } = usePlayground.getState();
  if (!opening) throw new Error('scenario opening has not started: call startOpening first');
  return opening;
}

/** One change to the scenario panel's state. */
export function updatePanel(action: PanelAction): void {
  usePlayground.setState((state) => (state.opening ? { opening: { ...state.opening, panel: panelReducer(state.opening.panel, action) } } : {}));
}

/** A message above the editor. */
export function notify(tone: Notice['tone'], text: string, undo?: Notice['undo']): void {
  updatePanel({ type: 'notify', tone, text, ...(undo ? { undo } : {}) });
}

/** Shows a failed write, and any problem the storage met meanwhile, as notices. */
export function report(result: WriteResult, what: string): void {
  if (!result.ok) notify('error', `${what} could not be kept in this browser: ${result.error}.`);
  for (const problem of openingSlice().shelf.takeProblems()) notify('error', problem);
}

/** The list follows what storage holds: the person's scenarios and the entries with drafts. */
export function refreshStored(): void {
  const { shelf } = openingSlice();
  updatePanel({ type: 'stored', mine: shelf.loadUserScenarios(), drafts: shelf.draftKeys() });
}

/** Draft keys per entry: a shared entry's key hashes its whole text, once per entry, not per keystroke. */
const keys = new WeakMap<OpenEntry, string>();
function keyOf(entry: OpenEntry): string {
  let key = keys.get(entry);
  if (key === undefined) keys.set(entry, (key = draftKey(entry)));
  return key;
}

/** The person typed: the editor holds `text`, kept as a draft shortly after (an imported session's never is). */
export function editScenarioText(text: string): void {
  const { panel, drafts } = openingSlice();
  updatePanel({ type: 'edit', text });
  if (panel.entry.source !== 'session') drafts.schedule(keyOf(panel.entry), text, panel.entry.text);
}

/** Writes the draft being typed now (before the page hides). */
export function flushDrafts(): void {
  usePlayground.getState().opening?.drafts.flush();
}

/** Save as mine: the editor's valid text becomes one of the person's scenarios, under a free id. */
export function saveAsMine(): void {
  const { panel, shelf, drafts } = openingSlice();
  const checked = checkScenarioText(panel.text);
  if (!checked.ok) {
    notify('error', 'Not saved: fix the problems listed under the editor first (Export keeps unfinished work as a file).');
    return;
  }
  const own = panel.entry.source === 'user' ? panel.entry.id : undefined;
  const id = suggestId(checked.scenario.id, takenIds(panel.mine.filter((s) => s.id !== own)));
  const json = id === checked.scenario.id ? panel.text : JSON.stringify({ ...checked.value, id }, null, 2);
  const result = shelf.saveUserScenario({ id, json });
  report(result, 'The scenario');
  if (!result.ok) return;
  drafts.cancel();
  shelf.clearDraft(keyOf(panel.entry));
  const entry: OpenEntry = { source: 'user', id, text: json };
  updatePanel({ type: 'open', entry, text: json });
  report(shelf.saveLastOpened(draftKey(entry)), 'The last opened scenario');
  refreshStored();
  const renamed = id === checked.scenario.id ? '' : ` as “${id}”, since “${checked.scenario.id}” is taken`;
  notify('info', `Saved to your scenarios${renamed}.`);
}

/** Revert: back to the entry's saved text, its draft dropped. */
export function revertEdits(): void {
  const { panel, shelf, drafts } = openingSlice();
  drafts.cancel();
  report(shelf.clearDraft(keyOf(panel.entry)), 'Your edits');
  updatePanel({ type: 'edit', text: panel.entry.text });
  refreshStored();
}

/** Deletes one of the person's scenarios (and its draft); the notice saying so can undo it. */
export function deleteMine(scenario: UserScenario): void {
  const { shelf } = openingSlice();
  const userKey = draftKey({ source: 'user', id: scenario.id, text: scenario.json });
  const draft = shelf.loadDraft(userKey);
  report(shelf.deleteUserScenario(scenario.id), 'The deletion');
  shelf.clearDraft(userKey);
  refreshStored();
  notify('info', `Deleted “${scenario.id}”.`, { scenario, ...(draft === undefined ? {} : { draft }) });
}

/** Undo of a deletion: the scenario and its draft are stored again, and the notice goes. */
export function undoDelete(notice: number, undo: NonNullable<Notice['undo']>): void {
  const { shelf } = openingSlice();
  report(shelf.saveUserScenario(undo.scenario), 'The scenario');
  if (undo.draft !== undefined) report(shelf.saveDraft(draftKey({ source: 'user', id: undo.scenario.id, text: undo.scenario.json }), undo.draft), 'Its edits');
  refreshStored();
  updatePanel({ type: 'dismiss', id: notice });
}

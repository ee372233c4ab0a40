import { afterEach, describe, expect, it } from 'vitest';
import type { DraftTimers } from '../scenarios/draftWriter';
import { builtInEntry } from '../scenarios/entries';
import { newScenarioJson } from '../scenarios/library';
import { memoryStorage, openScenarioStore, STORAGE_KEY, type StorageLike } from '../scenarios/storage';
import { parseUrl } from '../scenarios/urlState';
import { initialState, usePlayground } from '../store';
import { openScenario, startOpening } from './opening';
import { deleteMine, editScenarioText, flushDrafts, revertEdits, saveAsMine, undoDelete } from './scenarioEditing';
import { setSpeed } from './playback';
import { startRun, stopRun } from './runs';
import { setSandboxChoice } from './sandbox';
import { virtualChoice } from './sandboxChoice';

const panel = () => usePlayground.getState().opening!.panel;
const notices = () => panel().notices.map((notice) => notice.text);

/** Timers the draft writer waits on, fired by hand. */
function handTimers() {
  let due: (() => void) | undefined;
  const timers: DraftTimers = { setTimeout: (run) => (due = run), clearTimeout: () => (due = undefined) };
  return { timers, fire: () => due?.(), pending: () => due !== undefined };
}

/** The page started on `?scenario=seed-partition` over `storage`, drafts written when `clock` fires. */
async function start(storage: StorageLike = memoryStorage(), clock = handTimers()) {
  await startOpening(parseUrl({ search: '?scenario=seed-partition', hash: '' }), storage, clock.timers);
  return { storage, clock, stored: openScenarioStore(storage).store };
}

const LESSON_KEY = 'built-in:seed-partition';
const edited = () => panel().entry.text.replace('"title": "', '"title": "Edited ');

afterEach(() => {
  stopRun();
  usePlayground.setState(initialState, true);
});

describe('a run while the editor holds a broken edit', () => {
  it('says the run is of the last valid version, not of the edit', async () => {
    await start();
    setSandboxChoice(virtualChoice(undefined));
    setSpeed(64);
    editScenarioText('{ "id": "broken", ');
    const record = await startRun({ kind: 'replay' });
    expect(record.scenario).toBe('seed-partition');
    expect(notices()).toContain('The editor’s text has problems, so this run is of the last valid version of the scenario. Fix them and Apply to run your changes.');
  });

  it('says nothing when the editor holds the scenario as opened', async () => {
    await start();
    setSandboxChoice(virtualChoice(undefined));
    setSpeed(64);
    await startRun({ kind: 'replay' });
    expect(notices().some((text) => text.includes('last valid version'))).toBe(false);
  });
});

describe('editing the open scenario', () => {
  it('keeps what is typed as a draft once typing pauses, and drops the draft when the text is back to the saved one', async () => {
    const { clock, stored } = await start();
    editScenarioText(edited());
    expect(panel().text).toMatch(/"title": "Edited /);
    expect(stored.loadDraft(LESSON_KEY)).toBeUndefined();
    clock.fire();
    expect(stored.loadDraft(LESSON_KEY)).toBe(panel().text);
    expect(panel().drafts).toEqual([LESSON_KEY]);

    editScenarioText(panel().entry.text);
    clock.fire();
    expect(stored.loadDraft(LESSON_KEY)).toBeUndefined();
    expect(panel().drafts).toEqual([]);
  });

  it('writes the draft being typed at once when the page hides or another scenario opens', async () => {
    const { clock, stored } = await start();
    editScenarioText(edited());
    flushDrafts();
    expect(stored.loadDraft(LESSON_KEY)).toMatch(/"title": "Edited /);
    editScenarioText(`${edited()} `);
    openScenario((await builtInEntry('plan-mode'))!);
    expect(clock.pending()).toBe(false);
    expect(stored.loadDraft(LESSON_KEY)).toMatch(/ $/);
  });

  it('says when a draft cannot be kept', async () => {
    const storage = memoryStorage();
    const { clock } = await start({
      ...storage,
      setItem: (key, value) => {
        if (value.includes('Edited')) throw Object.assign(new Error('full'), { name: 'QuotaExceededError' });
        storage.setItem(key, value);
      },
    });
    editScenarioText(edited());
    clock.fire();
    expect(notices()).toEqual(['Your edits could not be kept in this browser: the browser’s storage for this page is full; delete or export some scenarios.']);
  });

  it('reverts to the saved text, its draft dropped', async () => {
    const { clock, stored } = await start();
    editScenarioText(edited());
    clock.fire();
    revertEdits();
    expect(panel().text).toBe(panel().entry.text);
    expect(stored.loadDraft(LESSON_KEY)).toBeUndefined();
    expect(clock.pending()).toBe(false);
  });
});

describe('the person’s own scenarios', () => {
  it('saves valid text as theirs under a free id, opened from then on; refuses text with problems', async () => {
    const { stored } = await start();
    editScenarioText('{ "id": ');
    saveAsMine();
    expect(notices()).toEqual(['Not saved: fix the problems listed under the editor first (Export keeps unfinished work as a file).']);
    expect(stored.loadUserScenarios()).toEqual([]);

    editScenarioText(edited());
    saveAsMine();
    expect(panel().entry).toMatchObject({ source: 'user', id: 'seed-partition-2' });
    expect(panel().mine.map((scenario) => scenario.id)).toEqual(['seed-partition-2']);
    expect(notices().at(-1)).toBe('Saved to your scenarios as “seed-partition-2”, since “seed-partition” is taken.');
    expect(stored.loadDraft(LESSON_KEY)).toBeUndefined();
    expect(stored.loadLastOpened()).toBe('user:seed-partition-2');
    const saved = JSON.parse(stored.loadUserScenarios()[0]!.json) as { id: string; title: string };
    expect(saved.id).toBe('seed-partition-2');
    expect(saved.title).toMatch(/^Edited /);
  });

  it('deletes one with its draft, and the notice’s undo brings both back', async () => {
    const json = newScenarioJson('mine');
    const storage = memoryStorage();
    const { store } = openScenarioStore(storage);
    store.saveUserScenario({ id: 'mine', json });
    store.saveDraft('user:mine', 'half done');
    const { stored } = await start(storage);
    deleteMine(panel().mine[0]!);
    expect(panel().mine).toEqual([]);
    expect(stored.loadDraft('user:mine')).toBeUndefined();
    const notice = panel().notices.at(-1)!;
    expect(notice).toMatchObject({ text: 'Deleted “mine”.', undo: { scenario: { id: 'mine', json }, draft: 'half done' } });

    undoDelete(notice.id, notice.undo!);
    expect(panel().mine).toEqual([{ id: 'mine', json }]);
    expect(stored.loadDraft('user:mine')).toBe('half done');
    expect(panel().notices).toEqual([]);
    expect(JSON.parse(storage.dump()[STORAGE_KEY]!)).toMatchObject({ scenarios: [{ id: 'mine' }], drafts: { 'user:mine': 'half done' } });
  });
});

import { compressToEncodedURIComponent } from 'lz-string';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { longSession, toJsonl } from '../../../test/sessionLogs';
import { builtInEntry, newEntry } from '../scenarios/entries';
import { BUILT_IN_ENTRIES, newScenarioJson } from '../scenarios/library';
import { memoryStorage, openScenarioStore, STORAGE_KEY } from '../scenarios/storage';
import { parseUrl } from '../scenarios/urlState';
import { importSessionTexts } from '../sessions/sessionImport';
import { initialState, usePlayground } from '../store';
import { applyScenarioText, importScenario, importScenarioFiles, openBuiltIn, openScenario, openSession, startOpening, type ImportedSession } from './opening';
import { stopRun } from './runs';
import { setSandboxChoice } from './sandbox';
import { virtualChoice } from './sandboxChoice';
import { editScenarioText, flushDrafts } from './scenarioEditing';
import { runStrategy } from './settings';

const page = () => usePlayground.getState();
const panel = () => page().opening!.panel;
const notices = () => panel().notices.map((notice) => notice.text);
const link = (address: string) => {
  const url = new URL(address, 'https://play.example/');
  return parseUrl({ search: url.search, hash: url.hash });
};

const FIRST = BUILT_IN_ENTRIES[0]!.id;
const GOOD = JSON.stringify({ ...JSON.parse(newScenarioJson('imported-by-hand')), title: 'Imported by hand' }, null, 2);

/** A session log the page's importer reads: two responses of three calls. */
function importedSession(fileName = 'session.jsonl'): ImportedSession {
  const opening = importSessionTexts([{ name: fileName, text: toJsonl(longSession(2, 3)) }]);
  if (!opening.ok) throw new Error(opening.message);
  return { fileName, ...opening };
}

// A run a test started is stopped, and waited for: on a busy machine the engine it loads on demand
// may still be loading, and would finish after the file's environment is gone. The engine is
// loaded first, for a run the page dropped (another scenario opened) is not waited for.
beforeAll(() => import('../../run/runScenario'));
afterEach(async () => {
  stopRun();
  await vi.waitFor(() => expect(page().run.status).not.toBe('running'), { timeout: 20_000, interval: 20 });
  usePlayground.setState(initialState, true);
});

describe('opening at start', () => {
  it('opens the first lesson when neither the link nor storage names one, and loads it into the page', async () => {
    await startOpening(link('/'), memoryStorage());
    expect(panel().entry).toMatchObject({ source: 'built-in', id: FIRST });
    expect(panel().notices).toEqual([]);
    expect(page().scenario?.id).toBe(FIRST);
    expect(page().source).toBe('built-in');
    expect(page().opening?.link).toBeNull();
  });

  it('gives the link’s strategy and hidden answer to the first scenario loaded only', async () => {
    await startOpening(link('/?scenario=sub-agent&strategy=serial&predict=hide'), memoryStorage());
    expect(page().scenario?.id).toBe('sub-agent');
    expect(page()).toMatchObject({ strategy: 'serial', answerHidden: true });
    openScenario((await builtInEntry('seed-partition'))!);
    expect(page().scenario?.id).toBe('seed-partition');
    // No choice carried over: the next scenario runs under its own policy's strategy.
    expect(page()).toMatchObject({ strategy: null, answerHidden: false });
    expect(runStrategy(page())).toBe('streaming');
  });

  it('runs the first scenario at once when the link says autorun, and refuses to open another while it runs', async () => {
    setSandboxChoice(virtualChoice(undefined));
    await startOpening(link('/?scenario=streaming-speedup&autorun=1'), memoryStorage());
    expect(page().run).toMatchObject({ status: 'running', kind: 'replay' });
    openScenario((await builtInEntry('seed-partition'))!);
    expect(page().scenario?.id).toBe('streaming-speedup');
    expect(panel().entry.id).toBe('streaming-speedup');
    expect(notices()).toContain('A run is going on: stop it to open another scenario.');
  });

  it('keeps an invalid shared scenario in the editor unloaded, and the link’s wishes for when it is fixed and applied', async () => {
    setSandboxChoice(virtualChoice(undefined));
    const broken = JSON.stringify({ ...JSON.parse(newScenarioJson('shared-one')), title: '' });
    await startOpening(link(`/#s=${compressToEncodedURIComponent(broken)}&strategy=parallel&autorun=1`), memoryStorage());
    expect(panel().entry).toMatchObject({ source: 'shared', id: 'shared-one' });
    expect(page().scenario).toBeNull();
    expect(notices()).toEqual(['The shared scenario has problems (listed under the editor); fix them and press Apply.']);
    expect(page().strategy).toBe('parallel');

    applyScenarioText();
    expect(page().scenario).toBeNull();
    expect(notices()).toContain('Not applied: the editor has a problem (listed under it).');

    editScenarioText(newScenarioJson('shared-one'));
    applyScenarioText();
    expect(page()).toMatchObject({ source: 'shared', strategy: 'parallel', run: { status: 'running', kind: 'replay' } });
    expect(page().scenario?.id).toBe('shared-one');
  });

  it('says why a link could not be followed, and opens the scenario open last time instead', async () => {
    const storage = memoryStorage();
    await startOpening(link('/'), storage);
    openScenario((await builtInEntry('plan-mode'))!);
    await startOpening(link('/#s=garbage!!'), storage);
    expect(panel().entry.id).toBe('plan-mode');
    expect(page().scenario?.id).toBe('plan-mode');
    expect(notices()[0]).toContain('is corrupt');
  });

  it('brings back the draft of the scenario open last time, and loads its saved text, not the draft', async () => {
    const storage = memoryStorage();
    const { store } = openScenarioStore(storage);
    const draft = newScenarioJson('seed-partition').replace('"title": "', '"title": "Edited ');
    store.saveDraft('built-in:seed-partition', draft);
    store.saveLastOpened('built-in:seed-partition');
    await startOpening(link('/'), storage);
    expect(panel()).toMatchObject({ text: draft, restored: true });
    expect(notices()).toEqual(['Your unsaved edits of this scenario are back in the editor: Apply runs them, Revert drops them.']);
    expect(page().scenario?.title).not.toMatch(/^Edited/);
  });

  it('reports storage it cannot read, and still opens', async () => {
    await startOpening(link('/'), memoryStorage({ [STORAGE_KEY]: '{{{' }));
    expect(notices()[0]).toContain('set aside');
    expect(page().scenario?.id).toBe(FIRST);
  });
});

describe('opening from any pane', () => {
  it('opens a lesson from the list and remembers it for the next start', async () => {
    const storage = memoryStorage();
    await startOpening(link('/'), storage);
    openScenario((await builtInEntry('mcp-tools'))!);
    expect(panel().entry.id).toBe('mcp-tools');
    expect(page().scenario?.id).toBe('mcp-tools');
    expect(openScenarioStore(storage).store.loadLastOpened()).toBe('built-in:mcp-tools');
  });

  it('opens New in the editor only: the page keeps the scenario it has', async () => {
    await startOpening(link('/'), memoryStorage());
    openScenario(newEntry(panel().mine), { load: false });
    expect(panel().entry).toMatchObject({ source: 'new', id: 'my-scenario' });
    expect(page().scenario?.id).toBe(FIRST);
  });

  it('imports a scenario file as the person’s own, opened and loaded; a taken id gets a free one', async () => {
    const storage = memoryStorage();
    await startOpening(link('/'), storage);
    importScenario('good.json', GOOD);
    expect(panel().entry).toMatchObject({ source: 'user', id: 'imported-by-hand' });
    expect(panel().mine.map((scenario) => scenario.id)).toEqual(['imported-by-hand']);
    expect(page()).toMatchObject({ source: 'user' });
    expect(page().scenario?.title).toBe('Imported by hand');
    expect(notices()).toContain('Imported “imported-by-hand” into your scenarios.');

    importScenario('again.json', GOOD);
    expect(panel().mine.map((scenario) => scenario.id)).toEqual(['imported-by-hand', 'imported-by-hand-2']);
    expect(page().scenario?.id).toBe('imported-by-hand-2');
    expect(openScenarioStore(storage).store.loadUserScenarios()).toHaveLength(2);
    // The next start opens it again.
    await startOpening(link('/'), storage);
    expect(panel().entry).toMatchObject({ source: 'user', id: 'imported-by-hand-2' });
  });

  it('refuses a broken scenario file with every error, changing nothing; the next good import clears the refusal', async () => {
    const storage = memoryStorage();
    await startOpening(link('/'), storage);
    const before = storage.dump();
    importScenario('off.json', JSON.stringify({ id: 'Not An Id', title: 7 }));
    expect(panel().importErrors?.fileName).toBe('off.json');
    expect(panel().importErrors?.errors.map((error) => error.path)).toEqual(expect.arrayContaining(['id', 'title']));
    expect(panel().entry.id).toBe(FIRST);
    expect(page().scenario?.id).toBe(FIRST);
    expect(storage.dump()).toEqual(before);
    importScenario('good.json', GOOD);
    expect(panel().importErrors).toBeUndefined();
  });

  it('opens a session log in memory only: loaded, said so, and nothing of it stored, drafts included', async () => {
    const storage = memoryStorage();
    await startOpening(link('/'), storage);
    const session = importedSession();
    openSession(session);
    expect(panel().entry).toMatchObject({ source: 'session', id: session.id });
    expect(page()).toMatchObject({ source: 'session' });
    expect(page().scenario?.observed).toBeDefined();
    expect(notices().at(-1)).toMatch(/^Opened session\.jsonl \(Claude Code [^,]+, 3 calls\) as “/);

    editScenarioText(session.json.replace('"title": "', '"title": "Mine '));
    flushDrafts();
    expect(JSON.stringify(storage.dump())).not.toContain(session.id);
  });

  it('names the lines a session import left out; a watched log that grew opens again without a word', async () => {
    await startOpening(link('/'), memoryStorage());
    openSession({ ...importedSession(), problems: 'session.jsonl:5: not JSON' });
    expect(notices().at(-1)).toBe('Lines left out of the import:\nsession.jsonl:5: not JSON');
    const said = notices().length;
    openSession({ ...importedSession(), quiet: true });
    expect(notices()).toHaveLength(said);
    expect(page().source).toBe('session');
  });

  it('does not open a session while a run is going: a dropped one says so, a watched one waits for its next lines', async () => {
    setSandboxChoice(virtualChoice(undefined));
    await startOpening(link('/?autorun=1'), memoryStorage());
    openSession({ ...importedSession(), quiet: true });
    expect(notices()).toEqual([]);
    openSession(importedSession());
    expect(notices()).toEqual(['A run is going on: stop it, then open the session log again.']);
    expect(page().source).toBe('built-in');
  });

  it('imports picked files: a session log opens as a session, a scenario file is imported, a log no scenario can be made of is refused', async () => {
    await startOpening(link('/'), memoryStorage());
    await importScenarioFiles([new File([toJsonl(longSession(2, 3))], 'picked.jsonl')]);
    expect(panel().entry.source).toBe('session');
    await importScenarioFiles([new File([GOOD], 'good.json')]);
    expect(panel().entry).toMatchObject({ source: 'user', id: 'imported-by-hand' });
    await importScenarioFiles([new File(['{"type":"summary"}\n'], 'empty.jsonl')]);
    expect(panel().importErrors?.fileName).toBe('empty.jsonl');
    expect(panel().importErrors?.errors[0]?.message).toContain('No scenario could be made of the log');
    expect(panel().entry.id).toBe('imported-by-hand');
  });

  it('opens a file picked, or a lesson chosen, before the first scenario resolved after it, not under it', async () => {
    const picked = importScenarioFiles([new File([toJsonl(longSession(2, 3))], 'early.jsonl')]);
    const chosen = openBuiltIn('sub-agent');
    await startOpening(link('/'), memoryStorage());
    await chosen;
    expect(panel().entry.id).toBe('sub-agent');
    await picked;
    expect(panel().entry.source).toBe('session');
  });

  it('opens nothing for an id no lesson has', async () => {
    await startOpening(link('/'), memoryStorage());
    await openBuiltIn('no-such-lesson');
    expect(panel().entry.id).toBe(BUILT_IN_ENTRIES[0]!.id);
  });
});

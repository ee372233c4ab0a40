import { describe, expect, it } from 'vitest';
import { memoryStorage, openScenarioStore, STORAGE_KEY, type StorageLike } from './storage';

const now = () => 42;

describe('openScenarioStore', () => {
  it('starts empty and keeps scenarios, drafts and the last opened entry across a reopen', () => {
    const storage = memoryStorage();
    const first = openScenarioStore(storage, { now });
    expect(first.problems).toEqual([]);
    expect(first.store.loadUserScenarios()).toEqual([]);
    expect(first.store.saveUserScenario({ id: 'a', json: '{"id":"a"}' })).toEqual({ ok: true });
    first.store.saveUserScenario({ id: 'b', json: '{"id":"b"}' });
    first.store.saveUserScenario({ id: 'a', json: '{"id":"a","v":2}' });
    first.store.saveDraft('built-in:seed-partition', '{ "id": "seed-partition", oops');
    first.store.saveLastOpened('user:a');

    const again = openScenarioStore(storage, { now }).store;
    expect(again.loadUserScenarios()).toEqual([
      { id: 'a', json: '{"id":"a","v":2}' },
      { id: 'b', json: '{"id":"b"}' },
    ]);
    expect(again.loadDraft('built-in:seed-partition')).toBe('{ "id": "seed-partition", oops');
    expect(again.draftKeys()).toEqual(['built-in:seed-partition']);
    expect(again.loadLastOpened()).toBe('user:a');
    expect(Object.keys(storage.dump())).toEqual([STORAGE_KEY]);
  });

  it('deletes scenarios and clears drafts', () => {
    const { store } = openScenarioStore(memoryStorage(), { now });
    store.saveUserScenario({ id: 'a', json: '{}' });
    store.saveDraft('user:a', 'x');
    store.deleteUserScenario('a');
    store.clearDraft('user:a');
    expect(store.loadUserScenarios()).toEqual([]);
    expect(store.loadDraft('user:a')).toBeUndefined();
  });

  it('merges what another tab saved instead of overwriting it', () => {
    const storage = memoryStorage();
    const tabA = openScenarioStore(storage, { now }).store;
    const tabB = openScenarioStore(storage, { now }).store;
    tabA.saveUserScenario({ id: 'a', json: '{}' });
    tabB.saveDraft('new', 'draft');
    expect(tabA.loadUserScenarios().map((s) => s.id)).toEqual(['a']);
    expect(tabA.loadDraft('new')).toBe('draft');
  });

  it('sets foreign data aside under a backup key, starts empty and says so', () => {
    for (const foreign of ['not json {', '"a string"', '{"version":2,"things":[]}', 'null']) {
      const storage = memoryStorage({ [STORAGE_KEY]: foreign });
      const { store, problems } = openScenarioStore(storage, { now });
      expect(problems, foreign).toHaveLength(1);
      expect(problems[0]).toContain(`${STORAGE_KEY}.backup.42`);
      expect(storage.dump()[`${STORAGE_KEY}.backup.42`]).toBe(foreign);
      expect(store.loadUserScenarios()).toEqual([]);
      expect(openScenarioStore(storage, { now }).problems).toEqual([]);
    }
  });

  it('keeps the readable entries of partly damaged data and backs up the original', () => {
    const raw = JSON.stringify({
      version: 1,
      scenarios: [{ id: 'good', json: '{}' }, { id: 7 }, 'junk'],
      drafts: { 'user:good': 'text', 'user:bad': 12 },
      lastOpened: 'user:good',
    });
    const storage = memoryStorage({ [STORAGE_KEY]: raw });
    const { store, problems } = openScenarioStore(storage, { now });
    expect(problems[0]).toContain('3 entries');
    expect(storage.dump()[`${STORAGE_KEY}.backup.42`]).toBe(raw);
    expect(store.loadUserScenarios()).toEqual([{ id: 'good', json: '{}' }]);
    expect(store.loadDraft('user:good')).toBe('text');
    expect(store.loadLastOpened()).toBe('user:good');
  });

  it('reports a full quota as a result, never a throw, and keeps the earlier data', () => {
    const inner = memoryStorage();
    let full = false;
    const storage: StorageLike = {
      ...inner,
      setItem: (key, value) => {
        if (full) throw Object.assign(new Error('exceeded'), { name: 'QuotaExceededError' });
        inner.setItem(key, value);
      },
    };
    const { store } = openScenarioStore(storage, { now });
    store.saveDraft('new', 'kept');
    full = true;
    const result = store.saveDraft('new', 'x'.repeat(10));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain('full');
    expect(store.loadDraft('new')).toBe('kept');
  });

  it('reports storage that cannot be read, and a missing storage, without throwing', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    const opened = openScenarioStore(broken, { now });
    expect(opened.problems[0]).toContain('could not be read');
    expect(opened.store.loadUserScenarios()).toEqual([]);

    const none = openScenarioStore(undefined, { now });
    expect(none.problems[0]).toContain('until the page closes');
    none.store.saveDraft('new', 'still here');
    expect(none.store.loadDraft('new')).toBe('still here');
  });

  it('hands later problems out once through takeProblems', () => {
    const storage = memoryStorage();
    const { store } = openScenarioStore(storage, { now });
    storage.setItem(STORAGE_KEY, 'garbage from another tab');
    expect(store.loadUserScenarios()).toEqual([]);
    expect(store.takeProblems()).toHaveLength(1);
    expect(store.takeProblems()).toEqual([]);
  });
});

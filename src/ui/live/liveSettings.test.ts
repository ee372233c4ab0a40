import { describe, expect, it } from 'vitest';
import { createKeyStore, KEY_STORAGE_NAME } from './liveKey';
import { checkLiveOptions, DEFAULT_FORM, loadForm, saveForm, SETTINGS_STORAGE_NAME } from './liveSettings';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the live key', () => {
  it('stays in memory unless the person asks to remember it for the tab', () => {
    const session = memoryStorage();
    const keys = createKeyStore(session);
    keys.set(' sk-ant-secret ', false);
    expect(keys.get()).toBe('sk-ant-secret');
    expect(session.items.size).toBe(0);
    keys.set('sk-ant-secret', true);
    expect(session.items.get(KEY_STORAGE_NAME)).toBe('sk-ant-secret');
    // A reload of the same tab finds it again; forgetting it removes it from the tab.
    expect(createKeyStore(session).get()).toBe('sk-ant-secret');
    keys.clear();
    expect(session.items.size).toBe(0);
    expect(createKeyStore(session).remembered()).toBe(false);
  });

  it('works from memory when sessionStorage refuses it', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => { throw new Error('denied'); } };
    const keys = createKeyStore(refusing);
    keys.set('sk-1', true);
    expect(keys.get()).toBe('sk-1');
  });
});

describe('the live form', () => {
  it('keeps its fields but never a key', () => {
    const local = memoryStorage();
    saveForm(local, { ...DEFAULT_FORM, model: 'claude-x', prompt: 'hi' });
    expect(loadForm(local)).toMatchObject({ model: 'claude-x', prompt: 'hi' });
    expect(local.items.get(SETTINGS_STORAGE_NAME)).not.toMatch(/apiKey|sk-/);
  });

  it('falls back to defaults field by field for corrupt storage', () => {
    expect(loadForm(memoryStorage({ [SETTINGS_STORAGE_NAME]: '{not json' }))).toEqual(DEFAULT_FORM);
    expect(loadForm(memoryStorage({ [SETTINGS_STORAGE_NAME]: JSON.stringify({ model: 'm', maxTurns: -3 }) }))).toEqual({ ...DEFAULT_FORM, model: 'm' });
  });
});

describe('checkLiveOptions', () => {
  it('accepts the contract and drops empty optional fields', () => {
    expect(checkLiveOptions({ apiKey: 'k', model: 'm', prompt: 'p', baseURL: '', system: ' ', maxTurns: 3 })).toEqual({ ok: true, options: { apiKey: 'k', model: 'm', prompt: 'p', maxTurns: 3 } });
  });

  it('names every bad field', () => {
    const checked = checkLiveOptions({ apiKey: '', model: 7, prompt: 'p', baseURL: 'ftp://x', maxTurns: 0, temperature: 1 });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.map((problem) => problem.field)).toEqual(['apiKey', 'model', 'baseURL', 'maxTurns', 'temperature']);
    expect(checked.problems.find((problem) => problem.field === 'baseURL')?.message).toContain('http(s)');
    expect(checkLiveOptions(null).ok).toBe(false);
    expect(checkLiveOptions({ apiKey: 'k', model: 'm', prompt: 'p', baseURL: 'not a url' })).toMatchObject({ ok: false, problems: [{ field: 'baseURL' }] });
  });
});

import { isRecord } from '../../scenarios/import/formatClaim';

/** The part of the Web Storage API the store uses, so tests can pass an in-memory one. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A scenario the user saved as theirs: its id and its JSON text as written. */
export interface UserScenario {
  id: string;
  json: string;
}

/** A write that failed (the quota is full, storage is switched off) says why; it never throws. */
export type WriteResult = { ok: true } | { ok: false; error: string };

/**
 * The user's scenarios, their unsaved editor text (drafts, keyed by what the editor had open) and
 * the last opened entry, kept across reloads under one versioned key. Every method reads storage
 * afresh, so a second tab's saves are merged rather than overwritten.
 */
export interface ScenarioStore {
  loadUserScenarios(): UserScenario[];
  /** Adds the scenario, or replaces the one with the same id in place. */
  saveUserScenario(scenario: UserScenario): WriteResult;
  deleteUserScenario(id: string): WriteResult;
  /** A draft is raw editor text: it may be any text at all, broken JSON included. */
  saveDraft(key: string, text: string): WriteResult;
  loadDraft(key: string): string | undefined;
  clearDraft(key: string): WriteResult;
  /** The keys that hold a draft, so a list can mark entries with unsaved edits. */
  draftKeys(): string[];
  saveLastOpened(key: string): WriteResult;
  loadLastOpened(): string | undefined;
  /** Problems met since opening (another tab wrote unreadable data, a read failed); each is returned once. */
  takeProblems(): string[];
}

/** The store, and what went wrong opening it (unreadable data set aside, storage unavailable). */
export interface OpenedStore {
  store: ScenarioStore;
  problems: string[];
}

/** The key everything lives under; a new format gets a new key, so old data is never misread. */
export const STORAGE_KEY = 'tsp.scenarios.v1';

/** Whether `value` is the stored data's outline (its entries are checked one by one). Checked by hand: zod is not loaded with the page's first screen. */
function isStoredOutline(value: unknown): value is { version: 1; scenarios: unknown[]; drafts: Record<string, unknown>; lastOpened?: string } {
  if (!isRecord(value) || value.version !== 1 || !Array.isArray(value.scenarios) || !isRecord(value.drafts)) return false;
  return value.lastOpened === undefined || typeof value.lastOpened === 'string';
}

/** Whether `entry` is a stored scenario: a non-empty id and its text. */
function isScenarioEntry(entry: unknown): entry is UserScenario {
  return isRecord(entry) && typeof entry.id === 'string' && entry.id !== '' && typeof entry.json === 'string';
}

interface Stored {
  version: 1;
  scenarios: UserScenario[];
  drafts: Record<string, string>;
  lastOpened?: string;
}

const empty = (): Stored => ({ version: 1, scenarios: [], drafts: {} });

/**
 * Opens the store over `storage` (the page passes {@link browserStorage}). Without storage it keeps
 * everything in memory and says so. Data under the key that is not ours, or partly unreadable, is
 * copied to a backup key (named in the problem) and the readable part kept: nothing is lost silently.
 */
export function openScenarioStore(storage: StorageLike | undefined, options: { key?: string; now?: () => number } = {}): OpenedStore {
  const key = options.key ?? STORAGE_KEY;
  const now = options.now ?? Date.now;
  const pending: string[] = [];
  const report = (problem: string) => {
    if (!pending.includes(problem)) pending.push(problem);
  };
  const target = storage ?? memoryStorage();
  if (!storage) report('This browser does not let the page keep data: your scenarios and edits last only until the page closes. Export them to keep them.');

  let last: Stored = empty();
  const read = (): Stored => {
    let raw: string | null;
    try {
      raw = target.getItem(key);
    } catch (error: unknown) {
      report(`Your saved scenarios could not be read (${reason(error)}); working from this session’s copy.`);
      return last;
    }
    if (raw === null) return (last = empty());
    const { data, unreadable } = parseStored(raw);
    if (unreadable) {
      const backupKey = `${key}.backup.${now()}`;
      const written = write(target, backupKey, raw);
      report(
        written.ok
          ? `Some saved data (${unreadable}) could not be read; it was set aside under the storage key "${backupKey}" and the rest was kept.`
          : `Some saved data (${unreadable}) could not be read, and setting it aside failed (${written.error}); it will be replaced by the next save.`,
      );
      if (written.ok) write(target, key, JSON.stringify(data));
    }
    return (last = data);
  };
  const update = (change: (data: Stored) => void): WriteResult => {
    const data = read();
    change(data);
    return write(target, key, JSON.stringify(data));
  };

  read();
  const problems = pending.splice(0);
  const store: ScenarioStore = {
    loadUserScenarios: () => read().scenarios.map((s) => ({ ...s })),
    saveUserScenario: ({ id, json }) =>
      update((data) => {
        const at = data.scenarios.findIndex((s) => s.id === id);
        if (at === -1) data.scenarios.push({ id, json });
        else data.scenarios[at] = { id, json };
      }),
    deleteUserScenario: (id) =>
      update((data) => {
        data.scenarios = data.scenarios.filter((s) => s.id !== id);
      }),
    saveDraft: (draftKey, text) =>
      update((data) => {
        data.drafts[draftKey] = text;
      }),
    loadDraft: (draftKey) => read().drafts[draftKey],
    clearDraft: (draftKey) => {
      if (read().drafts[draftKey] === undefined) return { ok: true };
      return update((data) => {
        delete data.drafts[draftKey];
      });
    },
    draftKeys: () => Object.keys(read().drafts),
    saveLastOpened: (entryKey) =>
      update((data) => {
        data.lastOpened = entryKey;
      }),
    loadLastOpened: () => read().lastOpened,
    takeProblems: () => pending.splice(0),
  };
  return { store, problems };
}

/** `window.localStorage`, or `undefined` where the browser refuses it (some private modes, sandboxed frames). */
export function browserStorage(): StorageLike | undefined {
  try {
    const storage = globalThis.localStorage;
    const probe = `${STORAGE_KEY}.probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return undefined;
  }
}

/** A Storage kept in a Map: for tests, and for browsers without storage. */
export function memoryStorage(initial: Record<string, string> = {}): StorageLike & { dump(): Record<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    dump: () => Object.fromEntries(items),
  };
}

/** The stored data, keeping every readable part; `unreadable` says what had to be dropped. */
function parseStored(raw: string): { data: Stored; unreadable?: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { data: empty(), unreadable: 'the whole entry: it is not JSON' };
  }
  if (!isStoredOutline(value)) return { data: empty(), unreadable: 'the whole entry: it is not in the format this page writes' };

  const data = empty();
  let dropped = 0;
  const seen = new Set<string>();
  for (const entry of value.scenarios) {
    if (isScenarioEntry(entry) && !seen.has(entry.id)) {
      seen.add(entry.id);
      data.scenarios.push({ id: entry.id, json: entry.json });
    } else dropped++;
  }
  for (const [draftKey, text] of Object.entries(value.drafts)) {
    if (typeof text === 'string') data.drafts[draftKey] = text;
    else dropped++;
  }
  if (value.lastOpened !== undefined) data.lastOpened = value.lastOpened;
  return dropped === 0 ? { data } : { data, unreadable: `${dropped} ${dropped === 1 ? 'entry' : 'entries'}` };
}

function write(storage: StorageLike, key: string, value: string): WriteResult {
  try {
    storage.setItem(key, value);
    return { ok: true };
  } catch (error: unknown) {
    return { ok: false, error: isQuotaError(error) ? 'the browser’s storage for this page is full; delete or export some scenarios' : reason(error) };
  }
}

function isQuotaError(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  // Browsers disagree: Chrome and Safari name it QuotaExceededError (code 22), old Firefox NS_ERROR_DOM_QUOTA_REACHED (1014).
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

import type { StorageLike } from '../scenarios/storage';

/** Where the key is kept when the person asks for it: this tab's sessionStorage, nowhere else. */
export const KEY_STORAGE_NAME = 'tsp.live.apiKey';

/**
 * The person's API key for live mode. It lives in memory by default (gone on reload); with
 * "remember for this tab" it also sits in this tab's `sessionStorage` (gone when the tab closes).
 * It is never written to localStorage, a share link, an export, a recording or a log line.
 */
export interface KeyStore {
  get(): string;
  /** Whether the key is also kept in this tab's sessionStorage. */
  remembered(): boolean;
  set(key: string, remember: boolean): void;
  /** Forgets the key, in memory and in the tab. */
  clear(): void;
}

export function createKeyStore(session: StorageLike | null): KeyStore {
  const read = (): string => {
    try {
      return session?.getItem(KEY_STORAGE_NAME) ?? '';
    } catch {
      return '';
    }
  };
  let key = read();
  let remember = key !== '';
  const write = () => {
    try {
      if (remember && key !== '') session?.setItem(KEY_STORAGE_NAME, key);
      else session?.removeItem(KEY_STORAGE_NAME);
    } catch {
      // sessionStorage may be off or full: the key still works from memory for this page.
    }
  };
  return {
    get: () => key,
    remembered: () => remember,
    set(next, rememberNext) {
      key = next.trim();
      remember = rememberNext;
      write();
    },
    clear() {
      key = '';
      remember = false;
      write();
    },
  };
}

/** This tab's sessionStorage, or none where the browser refuses it. */
export function tabStorage(): StorageLike | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

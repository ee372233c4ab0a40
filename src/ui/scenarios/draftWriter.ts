import type { ScenarioStore, WriteResult } from './storage';

/** The timer functions the writer uses, injectable so tests need no real clock. */
export interface DraftTimers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** Writes the editor's text as a draft shortly after typing stops; `flush` writes it now. */
export interface DraftWriter {
  /** The editor under `key` now holds `text`; `saved` is the entry's saved text (equal text clears the draft). */
  schedule(key: string, text: string, saved: string): void;
  /** Writes a scheduled draft at once (before opening another entry, when the page hides). */
  flush(): void;
  /** Forgets a scheduled draft (after Revert or a save made it moot). */
  cancel(): void;
}

const defaultTimers: DraftTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/**
 * A draft writer over `store`. Writing on every keystroke would serialise the whole store each
 * time; a short delay keeps typing cheap, and `flush` on page hide keeps the last keystrokes.
 */
export function createDraftWriter(store: ScenarioStore, onWritten: (result: WriteResult) => void, delayMs = 400, timers: DraftTimers = defaultTimers): DraftWriter {
  let pending: { key: string; text: string; saved: string } | undefined;
  let handle: unknown;
  const stop = () => {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = undefined;
  };
  const flush = () => {
    stop();
    if (!pending) return;
    const { key, text, saved } = pending;
    pending = undefined;
    onWritten(text === saved ? store.clearDraft(key) : store.saveDraft(key, text));
  };
  return {
    schedule(key, text, saved) {
      if (pending && pending.key !== key) flush();
      pending = { key, text, saved };
      stop();
      handle = timers.setTimeout(flush, delayMs);
    },
    flush,
    cancel() {
      stop();
      pending = undefined;
    },
  };
}

/** Timers the debouncer uses; injected so tests need no real clock. */
export interface DebounceTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: DebounceTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Holds the latest text per file and commits it after `delayMs` of quiet. `flush` commits
 * everything pending at once (on blur, on switching file, on unmount) so no edit is lost;
 * `discard` drops a file's pending edit (the file was deleted).
 */
export function createEditDebouncer(commit: (path: string, content: string) => void, delayMs = 300, timers = realTimers) {
  const pending = new Map<string, string>();
  let handle: unknown;

  const flush = () => {
    if (handle !== undefined) timers.clear(handle);
    handle = undefined;
    const edits = [...pending];
    pending.clear();
    for (const [path, content] of edits) commit(path, content);
  };

  return {
    edit(path: string, content: string): void {
      pending.set(path, content);
      if (handle !== undefined) timers.clear(handle);
      handle = timers.set(flush, delayMs);
    },
    flush,
    discard(path: string): void {
      pending.delete(path);
    },
    /** The text waiting to be committed for `path`, if any. */
    pendingFor(path: string): string | undefined {
      return pending.get(path);
    },
  };
}

export type EditDebouncer = ReturnType<typeof createEditDebouncer>;

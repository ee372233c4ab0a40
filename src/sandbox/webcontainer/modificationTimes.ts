/**
 * Modification times for a file system that has none to give: WebContainer's fs API has no
 * `stat`. The adapter keeps one time per path and moves it on
 * - its own writes (`wrote`),
 * - `fs.watch` events, which also report commands' writes and touches (`changed`), and
 * - a stat that finds other content than the last one it saw (`observe`): watch events arrive
 *   after the fact, so a command's write is seen at once by the content fingerprint, not later.
 * A path first seen gets the time it was first seen. Times are strictly increasing, so two
 * changes within one millisecond still give two times.
 */
export interface ModificationTimes {
  wrote(path: string, fingerprint: string): number;
  changed(path: string): void;
  observe(path: string, fingerprint: string | undefined): number;
  /** The path and everything under it are gone (rm, rename); they start afresh when seen again. */
  forget(path: string): void;
}

export function createModificationTimes(now: () => number = Date.now): ModificationTimes {
  const known = new Map<string, { mtimeMs: number; fingerprint: string | undefined }>();
  let last = 0;
  const tick = () => (last = Math.max(now(), last + 1));
  return {
    wrote(path, fingerprint) {
      const mtimeMs = tick();
      known.set(path, { mtimeMs, fingerprint });
      return mtimeMs;
    },
    changed(path) {
      const entry = known.get(path);
      if (entry) entry.mtimeMs = tick();
    },
    observe(path, fingerprint) {
      const entry = known.get(path);
      if (!entry) {
        const mtimeMs = tick();
        known.set(path, { mtimeMs, fingerprint });
        return mtimeMs;
      }
      if (entry.fingerprint !== fingerprint) {
        entry.fingerprint = fingerprint;
        entry.mtimeMs = tick();
      }
      return entry.mtimeMs;
    },
    forget(path) {
      const prefix = `${path}/`;
      for (const key of known.keys()) if (key === path || key.startsWith(prefix)) known.delete(key);
    },
  };
}

/** A cheap content fingerprint (length and 32-bit FNV-1a): enough to notice that a file changed. */
export function fingerprintOf(bytes: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return `${bytes.byteLength}:${hash.toString(16)}`;
}

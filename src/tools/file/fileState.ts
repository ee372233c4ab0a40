/** What the session knows of one file it read: the text seen and the modification time then. */
export interface FileState {
  content: string;
  mtimeMs: number;
  /** The range last read, for the "unchanged since last read" stub; absent after a full write. */
  offset?: number;
  limit?: number;
}

const MAX_ENTRIES = 100;
const MAX_BYTES = 25 * 1024 * 1024;

/**
 * The file-state cache behind read-before-write (as the real agent's: 100 files / 25 MB, least recently used
 * out first). Keys are absolute sandbox paths.
 */
export class FileStateCache {
  private readonly entries = new Map<string, FileState>();
  private bytes = 0;

  get(path: string): FileState | undefined {
    const entry = this.entries.get(path);
    if (entry) {
      this.entries.delete(path);
      this.entries.set(path, entry);
    }
    return entry;
  }

  set(path: string, state: FileState): void {
    this.delete(path);
    this.entries.set(path, state);
    this.bytes += state.content.length;
    while (this.entries.size > MAX_ENTRIES || (this.bytes > MAX_BYTES && this.entries.size > 1)) {
      const oldest = this.entries.keys().next().value as string;
      this.delete(oldest);
    }
  }

  delete(path: string): void {
    const entry = this.entries.get(path);
    if (!entry) return;
    this.bytes -= entry.content.length;
    this.entries.delete(path);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The Sandbox port: the one surface through which tools touch files and run commands. Adapters
 * (virtual, node, webcontainer) implement it; nothing outside `src/sandbox/` imports their libraries.
 */
export type SandboxKind = 'virtual' | 'node' | 'webcontainer';

/**
 * What is at a path. `special` is a FIFO, a socket or a device: never read or written (a read of
 * one could wait for ever); only the node sandbox has them.
 */
export interface FileStat {
  size: number;
  mtimeMs: number;
  type: 'file' | 'directory' | 'symlink' | 'special';
}

export interface DirEntry {
  name: string;
  type: FileStat['type'];
}

/** One entry of a recursive listing (regular files and folders only); `path` is absolute. */
export interface WalkEntry {
  path: string;
  type: 'file' | 'directory';
}

/** File operations on absolute sandbox paths (resolve user paths with `Sandbox.resolve` first). */
export interface SandboxFs {
  readFile(path: string): Promise<string>;
  writeFile(path: string, content: string): Promise<void>;
  readdir(path: string): Promise<DirEntry[]>;
  /** `null` when nothing exists at `path`. */
  stat(path: string): Promise<FileStat | null>;
  /** Creates the folder and its parents (`mkdir -p`). */
  mkdir(path: string): Promise<void>;
  rm(path: string, options?: { recursive?: boolean }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Every file and folder under `root`, listed at once (one listing, not a readdir per folder). */
  walk(root: string): Promise<WalkEntry[]>;
  /**
   * Every file under `root` with its text, in one read: a search's fast path, where the adapter
   * can do better than a read per file (the virtual one keeps the texts until something changes).
   * Links are not followed, as in `walk`. Adapters without one leave it out. The list is never
   * changed once handed out, and an adapter that keeps it hands out the same array only while
   * nothing has changed: a search may key what it works out from the tree on the array itself.
   */
  readTree?(root: string): Promise<readonly TreeFile[]>;
}

/** A file and its text, as {@link SandboxFs.readTree} hands them out; `path` is absolute. */
export interface TreeFile {
  readonly path: string;
  readonly text: string;
}

export interface ExecOptions {
  /** Absolute working directory; defaults to the workspace root. */
  cwd?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Output as it arrives, where the adapter can stream it. */
  onOutput?: (chunk: string, stream: 'stdout' | 'stderr') => void;
}

export interface ExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Ended by `timeoutMs`. */
  timedOut: boolean;
  /** Ended by `signal`. */
  aborted: boolean;
}

/**
 * A path a tool was given, checked against the workspace: `path` as written (normalised), and
 * `real`, where it really leads, when a symbolic link inside the workspace is on the way.
 */
export type PathResolution = { ok: true; path: string; real?: string } | { ok: false; error: string };

/** An interactive shell session for the terminal pane. */
export interface InteractiveShell {
  /** Runs one line and resolves with what it printed (line shells) or streams it (real shells). */
  write(data: string): void;
  onData(listener: (data: string) => void): () => void;
  resize?(cols: number, rows: number): void;
  close(): void;
}

export interface Sandbox {
  readonly kind: SandboxKind;
  /** Absolute path of the workspace root. */
  readonly root: string;
  readonly fs: SandboxFs;
  /** Whether `exec` streams output through `onOutput` while the command runs. */
  readonly streamsOutput: boolean;
  /**
   * Resolves a tool's path argument (relative to the root, or absolute inside it). Paths that
   * leave the workspace (`..`, other absolute paths, symlinks pointing out, `~`) are refused.
   */
  resolve(path: string): Promise<PathResolution>;
  /** Names a path relative to the root, for results and the run record. */
  relative(path: string): string;
  exec(command: string, options?: ExecOptions): Promise<ExecResult>;
  /**
   * Runs the machine's ripgrep (`rg`) with `args` (no shell) in `cwd`, where the adapter has it;
   * resolves `null` when there is no `rg` to run. Grep uses it as the real agent does.
   */
  ripgrep?(args: readonly string[], options: { cwd: string; signal?: AbortSignal }): Promise<ExecResult | null>;
  shell?(): InteractiveShell;
  dispose(): Promise<void>;
}

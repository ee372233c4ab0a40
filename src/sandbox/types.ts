/**
 * The Sandbox port: the one surface through which tools touch files and run commands. Adapters
 * (virtual, node, webcontainer) implement it; nothing outside `src/sandbox/` imports their libraries.
 */
export type SandboxKind = 'virtual' | 'node' | 'webcontainer';

export interface FileStat {
  size: number;
  mtimeMs: number;
  type: 'file' | 'directory' | 'symlink';
}

export interface DirEntry {
  name: string;
  type: 'file' | 'directory' | 'symlink';
}

/** One entry of a recursive listing; `path` is absolute. */
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

/** A path a tool was given, checked against the workspace. */
export type PathResolution = { ok: true; path: string } | { ok: false; error: string };

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
  shell?(): InteractiveShell;
  dispose(): Promise<void>;
}

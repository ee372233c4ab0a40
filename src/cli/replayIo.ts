import type { PolicyName } from '../scenarios/policies';
import type { ProgressStream } from './progress';
import type { ReplayResult } from './replayOne';
import type { ReplayOptions } from './replayOptions';

/** A file of a folder that is no session the replay reads, and why. */
export interface UnreadFile {
  readonly path: string;
  readonly why: string;
}

/** Files of a folder that are no session log, counted by kind (`*.png`; `*.json, opened` for one no format claims), most first. */
export type OtherFiles = readonly { readonly kind: string; readonly count: number }[];

/** A folder's session logs, a Codex session's sub-agents' rollouts put with their parent's (`companions`, by its path), and what else the search met. */
export interface SessionGroups {
  readonly logs: string[];
  readonly companions: Map<string, string[]>;
  /** Files looked at that hold no session the replay reads, each with why. */
  readonly unread?: readonly UnreadFile[];
  readonly others?: OtherFiles;
}

/** Replays scenarios elsewhere (a worker thread), one at a time. */
export interface ReplayLane {
  run(name: string, options: ReplayOptions): Promise<ReplayResult>;
  close(): Promise<void>;
}

/** The side effects the command needs, injected so tests run it in-process. */
export interface CliIo {
  readFile(path: string): Promise<string>;
  /** A session log with its sub-agents' logs beside it (a `.jsonl` SCENARIO is imported first). */
  readSessionFiles?(path: string): Promise<{ name: string; text: string }[]>;
  /** Writes a file, making its folder when missing. */
  writeFile(path: string, text: string): Promise<void>;
  /** The `*.json` files directly inside a folder, sorted; `null` when `path` is not a folder. */
  listJsonFiles?(path: string): Promise<string[] | null>;
  /** The session logs anywhere inside a folder, sorted; `null` when `path` is not a folder. */
  findSessionLogs?(path: string): Promise<string[] | null>;
  /** The same, grouped, with what else the search met. */
  findSessionGroups?(path: string): Promise<SessionGroups | null>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Standard error as a terminal, for the progress line (none: no progress). */
  progressStream?: ProgressStream;
  env?: Readonly<Record<string, string | undefined>>;
  /** How many cores the machine has (the default `--jobs`). */
  cores?: number;
  /**
   * A lane that replays elsewhere (a worker thread). With `--jobs N`, N - 1 of them join this
   * thread in taking the next scenario; without it every scenario replays here, one by one.
   */
  lane?(): Promise<ReplayLane>;
  /** How long this process took to start, in milliseconds: about what a worker lane takes. */
  startupMs?: number;
}

/** The parsed command line of a replay. */
export interface CliArgs extends ReplayOptions {
  scenarios: string[];
  compare?: PolicyName[];
  all: boolean;
  out?: string;
  jobs?: number;
  junit?: string;
  /** Whether --format was given (a folder of session logs reports in words unless it was). */
  formatGiven?: boolean;
}

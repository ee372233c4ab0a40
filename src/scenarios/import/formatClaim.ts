/**
 * What a session format's entry in the table (sessionFormats.ts) says of itself: a name, where its
 * files live, and how it claims a file by what it holds. Light on purpose: the page and the folder
 * search ask every entry of every file they meet, and load no reader for it.
 */
import type { PolicyName } from '../policies';

/** What a format makes of a file it claims: a session to replay, or a file that goes with one (a sub-agent's log, a task's chat beside its history). */
export type FileRole = 'session' | 'part';

/** A file as the formats are asked about it: its name (a path) and its first bytes. */
export interface FileHead {
  readonly name: string;
  /** The file's first {@link HEAD_BYTES} characters (all of it when shorter). */
  readonly head: string;
  /** All of it, where the asker holds it (the importer): a one-document format parses it whole. */
  readonly text?: string;
}

/** The words a format's results use for how a call ended, where that is not an error (observedOutcome.ts). */
export interface OutcomeWords {
  /** A sibling's failure cancelled it. */
  readonly cancelled?: RegExp;
  /** The user refused it at a permission prompt. */
  readonly denied?: RegExp;
  /** The user stopped it (or the turn) while it ran. */
  readonly interrupted?: RegExp;
}

/** How much of a file the formats look at to claim it. */
export const HEAD_BYTES = 64 * 1024;

/**
 * Whether a file's head is a playground scenario (a JSON object with its `turns`, and no log's
 * `messages`): told without asking, or loading, the formats.
 */
export function isScenarioHead(head: string): boolean {
  return /^\s*\{/.test(head) && /"turns"\s*:\s*\[/.test(head) && !/"messages"\s*:\s*\[/.test(head);
}

/** One format of session log the playground knows. */
export interface SessionFormatFace {
  /** The id `observed.agent` names, e.g. "claude-code". */
  readonly id: string;
  /** Its name in words, e.g. "Claude Code". */
  readonly name: string;
  /** Where its files are, in words, for the usage texts and the README. */
  readonly where: string;
  /** Whether `file` is this format's, and as what; `undefined` when it is not. Never throws. */
  claims(file: FileHead): FileRole | undefined;
  /** The preset a log of `version` replays under (its reader may refine it by what the log shows). */
  presetFor(version: string): PolicyName;
  /** Why a file of it cannot be replayed, for a format that holds no tool calls. */
  readonly refusal?: string;
  /** How its results say a call was cancelled, refused or stopped. */
  readonly outcomeWords: OutcomeWords;
}

/** The complete JSON lines at the start of a head, parsed (a line not JSON, or cut off by the head, is left out). */
export function headLines(head: string, count = 20): unknown[] {
  const values: unknown[] = [];
  let start = 0;
  while (values.length < count && start < head.length) {
    const end = head.indexOf('\n', start);
    if (end < 0) break;
    const line = head.slice(start, end).trim();
    start = end + 1;
    if (line === '') continue;
    try {
      values.push(JSON.parse(line) as unknown);
    } catch {
      values.push(undefined);
    }
  }
  // A file of one line (no newline yet, or all of it in the head) is looked at too.
  if (values.length === 0 && start < head.length) {
    try {
      values.push(JSON.parse(head.slice(start).trim()) as unknown);
    } catch {
      // cut off by the head: only its first bytes can speak (`firstLineOpens`).
    }
  }
  return values;
}

/** The first line of a head, whole or cut off. */
export function firstLine(head: string): string {
  const start = head.length - head.trimStart().length;
  const end = head.indexOf('\n', start);
  return head.slice(start, end < 0 ? head.length : end);
}

/** Whether a value is a JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

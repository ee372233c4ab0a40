/**
 * Reading a session log without trusting it: a line that is not JSON or is too long is a problem
 * named by its line number, and the rest is read on. Every agent's JSON Lines log is read through
 * `readJsonLines`; Claude Code's entries are claude-code/logEntries.ts.
 */

/** Something in the log that could not be read or used, and where. */
export interface LogProblem {
  /** The log's name (its file), so problems of several files can be told apart. */
  readonly source: string;
  /** 1-based; 0 for a problem of the whole log. */
  readonly line: number;
  readonly message: string;
}

/** The longest line read; longer ones are a problem (a runaway line must not exhaust memory). */
export const MAX_LINE_CHARS = 20_000_000;

/**
 * Reads every line of a JSON Lines `text` with `toEntry` (an entry, what is wrong with the value,
 * or `null` for a line to pass over without a word): a blank line is skipped, a line that is not
 * JSON or is too long is a problem named by its number, and the rest is read on. Every agent's
 * log is read through it.
 */
export function readJsonLines<T>(text: string, source: string, toEntry: (value: unknown, line: number) => T | string | null): { entries: T[]; problems: LogProblem[] } {
  const entries: T[] = [];
  const problems: LogProblem[] = [];
  let start = 0;
  let number = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    number++;
    // A CRLF log's lines lose their \r (looked up, not searched for: a regular expression read every line to its end).
    const line = text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    start = end + 1;
    if (line.trim() === '') {
      if (start > text.length) break;
      continue;
    }
    if (line.length > MAX_LINE_CHARS) {
      problems.push({ source, line: number, message: `the line is ${line.length.toLocaleString('en-US')} characters long, over the ${MAX_LINE_CHARS.toLocaleString('en-US')} read; it was skipped` });
      continue;
    }
    const value = parseLine(line);
    const entry = value.ok ? toEntry(value.value, number) : value.problem;
    if (typeof entry === 'string') problems.push({ source, line: number, message: entry });
    else if (entry !== null) entries.push(entry);
  }
  return { entries, problems };
}

/** One line's JSON value, or why it is none. */
function parseLine(line: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: JSON.parse(line) as unknown };
  } catch (error: unknown) {
    const cut = line.length > 60 ? `${line.slice(0, 60)}…` : line;
    return { ok: false, problem: `not JSON (${error instanceof Error ? error.message : String(error)}; the line starts ${JSON.stringify(cut)}): a truncated or damaged line` };
  }
}

/**
 * The entries with a time each: a line without a timestamp (or with one that cannot be read) takes
 * the previous line's, or the next one's at the start of the log, and the problem names the line.
 * One such line made a response start at 1970 and the whole scenario invalid; now it is imported
 * with its neighbour's time. Entries that have no time anywhere near keep none.
 */
export function withTimes<T extends { readonly time: number | null; readonly source: string; readonly line: number }>(entries: readonly T[], problems: LogProblem[]): T[] {
  let last: number | null = null;
  const firstTime = entries.find((entry) => entry.time !== null)?.time ?? null;
  return entries.map((entry) => {
    if (entry.time !== null) {
      last = entry.time;
      return entry;
    }
    const time = last ?? firstTime;
    if (time === null) return entry;
    problems.push({ source: entry.source, line: entry.line, message: `no timestamp: taken as ${last !== null ? 'the previous' : 'the next'} line's` });
    return { ...entry, time };
  });
}

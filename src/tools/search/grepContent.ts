import type { LinearRegex } from '../linearRegex';

/**
 * Grep's matching inside one file's text, free of any sandbox: which lines match, how many, and
 * the `path:line:text` rows of content mode with their context lines. Every pattern is a
 * {@link LinearRegex}: no pattern makes a search take longer than linear time in the text.
 */

/** How to match and print one file. */
export interface ContentMatchOptions {
  /** Matches line by line. */
  lineRegex: LinearRegex;
  /** For `multiline`: matches across lines over the whole text (`^`/`$` at line breaks, `.` across them). */
  multilineRegex?: LinearRegex;
  /**
   * The line regex with `^`/`$` at line breaks, tried on the whole text first: a failure there
   * proves no line matches (there are no lookarounds, which could see the newline a line never
   * has). Files with `\r` are never prefiltered: their lines lose it, the whole text does not.
   */
  prefilterRegex?: LinearRegex;
  before: number;
  after: number;
  lineNumbers: boolean;
}

/** What one file contributed. */
export interface FileMatches {
  /** Matching lines (matches, under `multiline`). */
  count: number;
  /** Content-mode rows; empty unless asked for. */
  rows: string[];
}

/** Printed lines longer than this are cut, so one minified file cannot flood the result. */
export const MAX_ROW_CHARS = 500;

/** How far into a text a NUL makes it binary, as rg looks. */
const BINARY_SNIFF_CHARS = 8192;

/** Whether a text is binary (a NUL near its start): rg skips such files, and so does Grep. */
export function isBinary(text: string): boolean {
  const nul = text.indexOf('\u0000');
  return nul !== -1 && nul < BINARY_SNIFF_CHARS;
}

/**
 * Finds the matches of one file. `wantRows` asks for content-mode rows; without it only the count
 * is computed. Returns `undefined` when nothing matches.
 */
export function matchFile(
  text: string,
  displayPath: string,
  options: ContentMatchOptions,
  wantRows: boolean,
): FileMatches | undefined {
  if (options.prefilterRegex && !options.prefilterRegex.test(text) && !text.includes('\r')) return undefined;
  return matchLines(text, displayPath, options, wantRows);
}

/** {@link matchFile} without the prefilter: the line-by-line match of a text the prefilter let through. */
export function matchLines(text: string, displayPath: string, options: ContentMatchOptions, wantRows: boolean): FileMatches | undefined {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) if (lines[i]!.endsWith('\r')) lines[i] = lines[i]!.slice(0, -1);

  let matched: boolean[];
  let count = 0;
  if (options.multilineRegex) {
    ({ matched, count } = multilineMatches(text, options.multilineRegex, lines.length));
  } else {
    matched = new Array<boolean>(lines.length).fill(false);
    for (let i = 0; i < lines.length; i++) {
      if (options.lineRegex.test(lines[i]!)) {
        matched[i] = true;
        count++;
      }
    }
  }
  if (count === 0) return undefined;
  return { count, rows: wantRows ? rowsWithContext(lines, matched, displayPath, options) : [] };
}

/** Marks every line a multi-line match touches; counts the matches. */
function multilineMatches(text: string, regex: LinearRegex, lineCount: number): { matched: boolean[]; count: number } {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  const lineOf = (offset: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return Math.min(low, lineCount - 1);
  };
  const matched = new Array<boolean>(lineCount).fill(false);
  const spans = regex.spans(text);
  for (const [start, end] of spans) {
    const first = lineOf(start);
    const last = lineOf(Math.max(start, end - 1));
    for (let line = first; line <= last; line++) matched[line] = true;
  }
  return { matched, count: spans.length };
}

/** Rows in ripgrep's style: `path:N:text` for matches, `path-N-text` for context, `--` between groups. */
function rowsWithContext(lines: readonly string[], matched: readonly boolean[], path: string, options: ContentMatchOptions): string[] {
  const rows: string[] = [];
  const separatorsWanted = options.before > 0 || options.after > 0;
  let lastPrinted = -1;
  let printUntil = -1; // after-context of the previous match
  for (let i = 0; i < lines.length; i++) {
    if (!matched[i]) {
      if (i <= printUntil) {
        rows.push(row(path, i, lines[i]!, '-', options.lineNumbers));
        lastPrinted = i;
      }
      continue;
    }
    const from = Math.max(0, i - options.before, lastPrinted + 1);
    if (separatorsWanted && lastPrinted >= 0 && from > lastPrinted + 1) rows.push('--');
    for (let j = from; j < i; j++) rows.push(row(path, j, lines[j]!, '-', options.lineNumbers));
    rows.push(row(path, i, lines[i]!, ':', options.lineNumbers));
    lastPrinted = i;
    printUntil = i + options.after;
  }
  return rows;
}

/** One printed row: `path:N:text` for a match, `path-N-text` for context (the number left out without line numbers). */
export function row(path: string, index: number, text: string, mark: ':' | '-', lineNumbers: boolean): string {
  const shown = text.length > MAX_ROW_CHARS ? `${text.slice(0, MAX_ROW_CHARS)}… [line cut]` : text;
  return lineNumbers ? `${path}${mark}${index + 1}${mark}${shown}` : `${path}${mark}${shown}`;
}

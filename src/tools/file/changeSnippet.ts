import { numberLines, splitLines } from './lineNumbering';

/** The changed region of a file: a unified-diff hunk for the UI and numbered new lines for the model. */
export interface ChangeSnippet {
  /** A unified-diff hunk (`@@ -a,b +c,d @@`, then ` `, `-`, `+` lines). Empty when nothing changed. */
  diff: string;
  /** The new text of the changed region and its context, `cat -n` style. */
  numbered: string;
  /** First and last line (1-based, in the new text) of the numbered region. */
  firstLine: number;
  lastLine: number;
}

const CONTEXT_LINES = 3;
const MAX_SIDE_LINES = 80;

/**
 * Describes how `before` became `after` as one hunk spanning every change: the lines both share at
 * the start and the end are context, the middle is the change. Linear in the size of the texts,
 * which is all an edit preview needs; long sides are cut with a note.
 */
export function changeSnippet(before: string, after: string): ChangeSnippet {
  const old = splitLines(before);
  const now = splitLines(after);
  let prefix = 0;
  while (prefix < old.length && prefix < now.length && old[prefix] === now[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < old.length - prefix &&
    suffix < now.length - prefix &&
    old[old.length - 1 - suffix] === now[now.length - 1 - suffix]
  ) {
    suffix++;
  }
  const start = Math.max(0, prefix - CONTEXT_LINES);
  const oldEnd = Math.min(old.length, old.length - suffix + CONTEXT_LINES);
  const newEnd = Math.min(now.length, now.length - suffix + CONTEXT_LINES);
  const removed = old.slice(prefix, old.length - suffix);
  const added = now.slice(prefix, now.length - suffix);
  const unchanged = removed.length === 0 && added.length === 0;

  // Unified-diff convention: a side with no lines names the line before the hunk.
  const side = (count: number) => `${count === 0 ? start : start + 1},${count}`;
  const header = `@@ -${side(oldEnd - start)} +${side(newEnd - start)} @@`;
  const diff = unchanged
    ? ''
    : [
        header,
        ...old.slice(start, prefix).map((line) => ` ${line}`),
        ...capped(removed, '-'),
        ...capped(added, '+'),
        ...now.slice(now.length - suffix, newEnd).map((line) => ` ${line}`),
      ].join('\n');
  const region = now.slice(start, newEnd);
  const shown = region.length > MAX_SIDE_LINES + 2 * CONTEXT_LINES ? region.slice(0, MAX_SIDE_LINES) : region;
  const more = region.length - shown.length;
  return {
    diff,
    numbered: numberLines(shown, start + 1) + (more > 0 ? `\n… ${more} more changed lines` : ''),
    firstLine: start + 1,
    lastLine: start + shown.length,
  };
}

function capped(lines: readonly string[], mark: '-' | '+'): string[] {
  const shown = lines.slice(0, MAX_SIDE_LINES).map((line) => `${mark}${line}`);
  if (lines.length > MAX_SIDE_LINES) shown.push(`${mark}… ${lines.length - MAX_SIDE_LINES} more lines`);
  return shown;
}

import { inputDepthProblem } from '../../model/deepJson';
import type { LogProblem } from './logLines';

/** Where each line of `text` starts (index 0 is line 1). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 1-based line of each offset of `text` (whose `lineStarts` may be given, found once). */
export function lineLookup(text: string, starts = lineStarts(text)): (offset: number) => number {
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: unknown };

// The last document parsed, by its text: telling which agent wrote a one-document log tries
// several readers, and reading it follows; each would parse a large file whole again.
let last: { text: string; parsed: Parsed } | undefined;

/** `JSON.parse` of `text`, once for the same text however many readers ask in turn. */
function parseOnce(text: string): Parsed {
  if (last?.text === text) return last.parsed;
  let parsed: Parsed;
  try {
    parsed = { ok: true, value: JSON.parse(text) as unknown };
  } catch (error: unknown) {
    parsed = { ok: false, error };
  }
  last = { text, parsed };
  return parsed;
}

/**
 * What a log that is one JSON document is, told from its text: `ofValue` of the document when the
 * whole text parses; when it does not (a damaged file, which the reader then reports where it
 * breaks), `ofHead` of its first 4 KiB and of the whole trimmed text. A text that does not open
 * with `opens` is none of them.
 */
export function documentKind<T>(text: string, opens: '{' | '[', ofValue: (value: unknown) => T | undefined, ofHead: (head: string, start: string) => T | undefined): T | undefined {
  const start = text.trimStart();
  if (!start.startsWith(opens)) return undefined;
  const parsed = parseOnce(text);
  return parsed.ok ? ofValue(parsed.value) : ofHead(start.slice(0, 4096), start);
}

/**
 * A log that is one JSON document (a Gemini CLI chat, an OpenCode export, a Cline task file),
 * parsed; or the problem, naming the line where the JSON breaks. `described` says what the format
 * is in the message ("a Gemini CLI chat file is one"); `empty` what an empty file lacks. The
 * document is let go once read. Never throws.
 */
export function parseJsonDocument(
  text: string,
  source: string,
  described: string,
  empty = 'there is no session in it to replay',
): { ok: true; value: unknown } | { ok: false; problem: LogProblem } {
  if (text.trim() === '') return { ok: false, problem: { source, line: 0, message: `the file is empty: ${empty}` } };
  const parsed = parseOnce(text);
  last = undefined;
  if (parsed.ok) return parsed;
  const why = parsed.error instanceof Error ? parsed.error.message : String(parsed.error);
  const position = /position (\d+)/.exec(why);
  const lineOf = lineLookup(text);
  const line = position ? lineOf(Number(position[1])) : lineOf(text.trimEnd().length);
  return { ok: false, problem: { source, line, message: `not a whole JSON document (${described}): ${why}` } };
}

/** A call's arguments as a log wrote them: an object as it is; a JSON string parsed (unless it nests too deep); any other text kept. */
export function argumentsOf(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {};
  if (inputDepthProblem(value) !== undefined) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

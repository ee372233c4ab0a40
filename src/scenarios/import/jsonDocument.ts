import { inputDepthProblem } from '../../model/deepJson';
import type { LogProblem } from './logLines';

/** The 1-based line of each offset of `text`. */
export function lineLookup(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
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

/**
 * A log that is one JSON document (a Gemini CLI chat, an OpenCode export), parsed; or the problem,
 * naming the line where the JSON breaks. `what` names the format in the message ("a Gemini CLI
 * chat file"). Never throws.
 */
export function parseJsonDocument(text: string, source: string, what: string): { ok: true; value: unknown } | { ok: false; problem: LogProblem } {
  if (text.trim() === '') return { ok: false, problem: { source, line: 0, message: 'the file is empty: there is no session in it to replay' } };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error: unknown) {
    const why = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(why);
    const lineOf = lineLookup(text);
    const line = position ? lineOf(Number(position[1])) : lineOf(text.trimEnd().length);
    return { ok: false, problem: { source, line, message: `not a whole JSON document (${what} is one): ${why}` } };
  }
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

/**
 * JSON as deep as a model (or a scenario) cares to nest it, without a stack overflow: the engine's
 * own JSON functions recurse once per level, and ten thousand levels exhaust the stack.
 */

/** The deepest tool input the engine parses; deeper input is refused with an error result. */
export const MAX_INPUT_DEPTH = 100;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * How deeply the arrays and objects of a JSON text nest (strings skipped), counted in one pass
 * over its character codes (a megabyte of scenario is read whenever it is checked).
 */
export function jsonTextDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > deepest) deepest = depth;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
  }
  return deepest;
}

/** Why a tool's input text is refused before it is parsed, or `undefined` when it may be. */
export function inputDepthProblem(text: string): string | undefined {
  const depth = jsonTextDepth(text);
  return depth > MAX_INPUT_DEPTH ? `input nested ${depth} levels deep; at most ${MAX_INPUT_DEPTH} are accepted` : undefined;
}

/** An open array or object while writing: its entries, how many are written, and how it closes. */
interface Frame {
  entries: [key: string | undefined, value: unknown][];
  next: number;
  close: string;
}

/** `JSON.stringify` of plain JSON data (what a parsed file holds), at any depth. */
export function stringifyJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  const out: string[] = [];
  const stack: Frame[] = [];
  const write = (item: unknown) => {
    if (item === null || typeof item !== 'object') {
      out.push(JSON.stringify(item) ?? 'null');
    } else if (Array.isArray(item)) {
      out.push('[');
      stack.push({ entries: item.map((element): [undefined, unknown] => [undefined, element]), next: 0, close: ']' });
    } else {
      out.push('{');
      const entries = Object.entries(item).filter(([, field]) => field !== undefined && typeof field !== 'function');
      stack.push({ entries, next: 0, close: '}' });
    }
  };
  write(value);
  for (let frame = stack.at(-1); frame; frame = stack.at(-1)) {
    if (frame.next === frame.entries.length) {
      out.push(frame.close);
      stack.pop();
      continue;
    }
    const [key, item] = frame.entries[frame.next]!;
    if (frame.next > 0) out.push(',');
    frame.next++;
    if (key !== undefined) out.push(`${JSON.stringify(key)}:`);
    write(item);
  }
  return out.join('');
}

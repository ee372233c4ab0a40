/** Where a text stops being JSON, and why: `offset` is a UTF-16 index into the text. */
export interface JsonSyntaxError {
  offset: number;
  line: number;
  column: number;
  message: string;
}

class Stop extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** The deepest nesting the scanner reads: deeper text is an error. */
export const MAX_JSON_DEPTH = 512;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/**
 * Finds the first JSON syntax error in `text` with its line and column (1-based), or `null` when
 * the text is JSON. Engines word `JSON.parse` errors differently and not all give a position, so
 * the scenario loader asks this small scanner instead, and can name the usual slips (a trailing
 * comma, single quotes, a comment) in plain words.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  let i = 0;
  const found = () => (i >= text.length ? 'the end of the text' : `'${text[i]}'`);
  const fail = (reason: string): never => {
    throw new Stop(i, reason);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
    if (text.startsWith('//', i) || text.startsWith('/*', i)) fail('JSON does not allow comments');
  };

  const string = () => {
    i++;
    for (;;) {
      if (i >= text.length) fail('this string never ends: the closing \'"\' is missing');
      const char = text[i]!;
      if (char === '"') return void i++;
      if (char < ' ') fail('a line break or tab inside a string must be written as an escape (\\n, \\t)');
      if (char === '\\') {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('"\\u" must be followed by four hex digits');
          i += 6;
        } else if (next !== undefined && ESCAPES.has(next)) i += 2;
        else fail(`"\\${next ?? ''}" is not a JSON escape; write "\\\\" for a backslash`);
      } else i++;
    }
  };

  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail(`${found()} does not start a valid number`);
    i += match![0].length;
  };

  const value = (depth: number): void => {
    space();
    if (depth > MAX_JSON_DEPTH) fail('the JSON is nested too deeply');
    const char = text[i];
    if (char === '{') return members(depth);
    if (char === '[') return elements(depth);
    if (char === '"') return string();
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return number();
    for (const word of ['true', 'false', 'null']) if (text.startsWith(word, i)) return void (i += word.length);
    if (char === "'") fail('JSON strings use double quotes ("), not single quotes');
    fail(`expected a value, found ${found()}`);
  };

  const members = (depth: number) => {
    i++;
    space();
    if (text[i] === '}') return void i++;
    for (;;) {
      space();
      if (text[i] === '}') fail('a trailing comma: remove the "," before "}"');
      if (text[i] === "'") fail('property names use double quotes ("), not single quotes');
      if (text[i] !== '"') fail(`expected a property name in double quotes, found ${found()}`);
      string();
      space();
      if (text[i] !== ':') fail(`expected ":" after the property name, found ${found()}`);
      i++;
      value(depth + 1);
      space();
      if (text[i] === '}') return void i++;
      if (text[i] !== ',') fail(`expected "," or "}" after a property value, found ${found()}`);
      i++;
    }
  };

  const elements = (depth: number) => {
    i++;
    space();
    if (text[i] === ']') return void i++;
    for (;;) {
      space();
      if (text[i] === ']') fail('a trailing comma: remove the "," before "]"');
      value(depth + 1);
      space();
      if (text[i] === ']') return void i++;
      if (text[i] !== ',') fail(`expected "," or "]" after an array element, found ${found()}`);
      i++;
    }
  };

  try {
    space();
    if (i >= text.length) fail('the text is empty');
    value(0);
    space();
    if (i < text.length) fail(`unexpected ${found()} after the end of the JSON value`);
    return null;
  } catch (error: unknown) {
    if (!(error instanceof Stop)) throw error;
    return { offset: error.offset, ...lineAndColumn(text, error.offset), message: error.reason };
  }
}

/** The 1-based line and column of a UTF-16 offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

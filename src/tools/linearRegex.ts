import { RE2JS } from 're2js';

/**
 * Regular expressions from outside the playground (a model's Grep pattern, a BashOutput filter, an
 * MCP server's schema) matched in time linear in the text, whatever the pattern: a backtracking
 * engine takes exponential time on `(a+)+$` and polynomial time on `a*a*a*b`, and one such
 * pattern held a whole run (and the page's only thread) until it was killed.
 *
 * Two engines, chosen by the pattern's form, not by trying it:
 * - V8's own RegExp for patterns it cannot backtrack on: no quantifier, no alternation inside a
 *   group, no backreference or lookaround (literals, classes, anchors, top-level `a|b`). Each
 *   position of the text is tried against each alternative once. Most searches are of this form
 *   (`useState`, `TODO|FIXME`, `\bfoo\(`) and keep V8's speed.
 * - RE2 (`re2js`, an automaton, linear by construction) for everything else. It has no
 *   lookaround and no backreference, like ripgrep, whose syntax the model writes Grep patterns in;
 *   such a pattern is refused with a message that says so.
 * design.md, Bounds: time.
 */
export interface LinearRegex {
  /** Whether the pattern matches somewhere in `text`. */
  test(text: string): boolean;
  /** Every match, left to right and not overlapping, as `[start, end)` offsets. */
  spans(text: string): Array<[number, number]>;
  /** Which engine runs it (for tests and measurements). */
  readonly engine: 'v8' | 're2';
}

export interface LinearRegexOptions {
  ignoreCase?: boolean;
  /** `^` and `$` match at line breaks too. */
  multiline?: boolean;
  /** `.` matches a line break too. */
  dotAll?: boolean;
}

export type LinearRegexResult = { ok: true; regex: LinearRegex } | { ok: false; message: string };

/** Compiles `source` (JavaScript syntax) to a matcher that runs in linear time, or says why it cannot. */
export function compileLinearRegex(source: string, options: LinearRegexOptions = {}): LinearRegexResult {
  if (backtrackFree(source)) {
    try {
      return { ok: true, regex: v8Regex(new RegExp(source, `${options.ignoreCase ? 'i' : ''}${options.multiline ? 'm' : ''}${options.dotAll ? 's' : ''}`)) };
    } catch (error: unknown) {
      return { ok: false, message: messageOf(error) };
    }
  }
  try {
    const flags = (options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) | (options.multiline ? RE2JS.MULTILINE : 0) | (options.dotAll ? RE2JS.DOTALL : 0);
    return { ok: true, regex: re2Regex(RE2JS.compile(RE2JS.translateRegExp(source), flags)) };
  } catch (error: unknown) {
    // A pattern V8 rejects too is simply invalid; one only RE2 rejects uses what it leaves out.
    try {
      new RegExp(source);
    } catch (v8Error: unknown) {
      return { ok: false, message: messageOf(v8Error) };
    }
    // RE2 bounds counted repeats (1,000 at most, nested ones multiplied), as ripgrep does.
    const why = /invalid repeat count/.test(messageOf(error))
      ? 'patterns are matched in linear time, as ripgrep matches them, so a repeat count (nested ones multiplied) may be at most 1000'
      : 'patterns are matched in linear time, as ripgrep matches them, so lookarounds and backreferences are not supported';
    return { ok: false, message: `${messageOf(error)}: ${why}` };
  }
}

/**
 * Whether a backtracking engine runs `source` in linear time: no quantifier (`*`, `+`, `?`, `{`),
 * no `|` inside a group, no backreference, no lookaround or other `(?` group but `(?:`. A `{`
 * that is a literal is counted as a quantifier: the pattern then goes to RE2, which is correct too.
 */
export function backtrackFree(source: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && /[1-9k]/.test(next)) return false;
      i++;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    switch (char) {
      case '[':
        inClass = true;
        break;
      case '*':
      case '+':
      case '?':
      case '{':
        return false;
      case '(':
        if (source[i + 1] === '?') {
          if (source[i + 2] !== ':') return false;
          i += 2;
        }
        depth++;
        break;
      case ')':
        depth--;
        break;
      case '|':
        if (depth > 0) return false;
        break;
    }
  }
  return true;
}

function v8Regex(regex: RegExp): LinearRegex {
  const global = new RegExp(regex.source, `${regex.flags}g`);
  return {
    engine: 'v8',
    test: (text) => regex.test(text),
    spans(text) {
      const found: Array<[number, number]> = [];
      global.lastIndex = 0;
      for (let match = global.exec(text); match !== null; match = global.exec(text)) {
        found.push([match.index, match.index + match[0].length]);
        if (match[0].length === 0) global.lastIndex++;
      }
      return found;
    },
  };
}

function re2Regex(regex: RE2JS): LinearRegex {
  return {
    engine: 're2',
    test: (text) => regex.test(text),
    spans(text) {
      const found: Array<[number, number]> = [];
      const matcher = regex.matcher(text);
      let from = 0;
      while (from <= text.length && matcher.find(from)) {
        const start = matcher.start();
        const end = matcher.end();
        found.push([start, end]);
        from = end > start ? end : end + 1;
      }
      return found;
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

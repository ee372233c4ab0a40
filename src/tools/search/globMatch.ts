/**
 * A small glob matcher shared by Glob and Grep: `**` (any number of folders), `*` (any run of
 * characters within one path segment), `?` (one character), `{a,b}` (alternatives, nestable),
 * `[abc]` / `[a-z]` / `[!abc]` (one character of a set) and `\` (the next character literally).
 * A pattern is compiled once to a RegExp over `/`-separated relative paths. Dotfiles are matched
 * like any other name (the tools skip VCS folders themselves).
 */
export type GlobMatcher = (relativePath: string) => boolean;

/** The result of compiling a pattern: a matcher, or why the pattern is malformed. */
export type GlobCompilation = { ok: true; match: GlobMatcher } | { ok: false; error: string };

/** Options of {@link compileGlob}. */
export interface GlobOptions {
  /**
   * When the pattern has no `/`, test it against the file name alone (ripgrep's `--glob` and
   * gitignore behave so: `*.ts` matches at any depth).
   */
  matchBase?: boolean;
}

/** Compiles `pattern` into a matcher over relative paths. */
export function compileGlob(pattern: string, options: GlobOptions = {}): GlobCompilation {
  const translated = globRegexSource(pattern);
  if (!translated.ok) return translated;
  const regex = new RegExp(`^${translated.source}$`);
  if (options.matchBase && !pattern.includes('/')) {
    return { ok: true, match: (path) => regex.test(path.slice(path.lastIndexOf('/') + 1)) };
  }
  return { ok: true, match: (path) => regex.test(path) };
}

/**
 * The RegExp source of `pattern` over a whole relative path, unanchored, so several patterns can be
 * joined into one expression (`^(?:a|b)$`); or why the pattern is malformed. No backreference or
 * capture is in it: the alternatives of a join cannot interfere.
 */
export function globRegexSource(pattern: string): { ok: true; source: string } | { ok: false; error: string } {
  try {
    return { ok: true, source: translate(pattern.replace(/^\.\//, '')) };
  } catch (error: unknown) {
    return { ok: false, error: error instanceof GlobSyntaxError ? error.message : String(error) };
  }
}

/** Whether `pattern` uses any glob syntax (otherwise it names one path). */
export function hasGlobSyntax(pattern: string): boolean {
  return /[*?[{\\]/.test(pattern);
}

class GlobSyntaxError extends Error {}

const REGEX_SPECIAL = /[.+^$()|\\/[\]{}*?]/;

/** Translates glob syntax to RegExp source; alternatives recurse. */
function translate(glob: string): string {
  let out = '';
  let i = 0;
  while (i < glob.length) {
    const char = glob[i]!;
    if (char === '*') {
      if (glob[i + 1] === '*') {
        const atStart = i === 0 || glob[i - 1] === '/';
        const end = i + 2;
        if (atStart && glob[end] === '/') {
          out += '(?:[^/]*/)*'; // `**/`: zero or more folders
          i = end + 1;
          continue;
        }
        if (atStart && end === glob.length) {
          out += '[\\s\\S]*'; // a trailing `**`: everything below (a name may hold a newline, which `.` would not match)
          i = end;
          continue;
        }
        out += '[^/]*'; // `**` inside a segment acts like `*`
        i = end;
        continue;
      }
      out += '[^/]*';
      i++;
    } else if (char === '?') {
      out += '[^/]';
      i++;
    } else if (char === '[') {
      const close = findClass(glob, i);
      if (close < 0) {
        out += '\\[';
        i++;
        continue;
      }
      out += translateClass(glob.slice(i + 1, close));
      i = close + 1;
    } else if (char === '{') {
      const close = findBrace(glob, i);
      if (close < 0) throw new GlobSyntaxError(`Unclosed "{" at position ${i + 1} of the glob ${glob}`);
      const alternatives = splitAlternatives(glob.slice(i + 1, close));
      out += `(?:${alternatives.map(translate).join('|')})`;
      i = close + 1;
    } else if (char === '\\' && i + 1 < glob.length) {
      out += escape(glob[i + 1]!);
      i += 2;
    } else {
      out += escape(char);
      i++;
    }
  }
  return out;
}

function escape(char: string): string {
  return REGEX_SPECIAL.test(char) ? `\\${char}` : char;
}

/** Index of the `]` closing the class opened at `open`, or -1. A `]` first in the class is literal. */
function findClass(glob: string, open: number): number {
  let i = open + 1;
  if (glob[i] === '!' || glob[i] === '^') i++;
  if (glob[i] === ']') i++;
  for (; i < glob.length; i++) if (glob[i] === ']') return i;
  return -1;
}

function translateClass(body: string): string {
  const negated = body.startsWith('!') || body.startsWith('^');
  const members = (negated ? body.slice(1) : body).replace(/[\\\]^]/g, (c) => `\\${c}`);
  // A class never matches the separator, whatever it lists.
  return negated ? `[^/${members}]` : `(?!/)[${members}]`;
}

/** Index of the `}` closing the brace opened at `open`, honouring nesting and escapes. */
function findBrace(glob: string, open: number): number {
  let depth = 0;
  for (let i = open; i < glob.length; i++) {
    const char = glob[i];
    if (char === '\\') i++;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Splits a brace body on its top-level commas. */
function splitAlternatives(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === '\\') i++;
    else if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

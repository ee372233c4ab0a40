import { compileGlobSet, GlobSyntaxError, type GlobSetMatcher } from './globAutomaton';

/**
 * A small glob matcher shared by Glob and Grep: `**` (any number of folders), `*` (any run of
 * characters within one path segment), `?` (one character), `{a,b}` (alternatives, nestable),
 * `[abc]` / `[a-z]` / `[!abc]` (one character of a set) and `\` (the next character literally).
 * A pattern is compiled once to an automaton over `/`-separated relative paths, matched in linear
 * time (`globAutomaton.ts`). Dotfiles are matched like any other name (the tools skip VCS folders
 * themselves).
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
  let set: GlobSetMatcher;
  try {
    set = compileGlobSet([pattern.replace(/^\.\//, '')]);
  } catch (error: unknown) {
    return { ok: false, error: error instanceof GlobSyntaxError ? error.message : String(error) };
  }
  if (options.matchBase && !pattern.includes('/')) return { ok: true, match: (path) => set(path.slice(path.lastIndexOf('/') + 1)).length > 0 };
  return { ok: true, match: (path) => set(path).length > 0 };
}

/** Whether `pattern` uses any glob syntax (otherwise it names one path). */
export function hasGlobSyntax(pattern: string): boolean {
  return /[*?[{\\]/.test(pattern);
}

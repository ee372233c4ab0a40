import { posix } from '../../sandbox/posixPath';

/** How a `Bash(…)` pattern meets a command: it matches, it may (a word is known only at run time), or not. */
export type PatternVerdict = 'match' | 'no-match' | 'unknown';

/**
 * A command as Bash rules read it: its words joined by single spaces, `/bin/rm` read as `rm`;
 * `null` stands for a word known only at run time.
 */
export function commandWords(argv: readonly (string | null)[]): (string | null)[] {
  const [name, ...args] = argv;
  if (name === undefined) return [];
  return [name !== null && name.includes('/') ? posix.basename(name) : name, ...args];
}

/** The words as text, a word known only at run time shown as `‹…›`. */
export function commandDisplay(argv: readonly (string | null)[]): string {
  return commandWords(argv)
    .map((word) => word ?? '‹…›')
    .join(' ');
}

/** Whether a pattern matches a fully known command text (`npm run test:*`, `git *`, `ls -la`). */
export function bashPatternMatches(pattern: string, text: string): boolean {
  if (pattern.endsWith(':*')) {
    const prefix = pattern.slice(0, -2);
    return text === prefix || text.startsWith(`${prefix} `);
  }
  if (hasWildcard(pattern)) return patternAlternatives(pattern).some((tokens) => starMatch(tokens, text));
  return text === pattern;
}

/**
 * Whether a star-glob matches a text, in time linear in their product whatever the pattern (a
 * hostile `a*a*a*a*a*b` against a long command included): each star is taken as short as it can be,
 * and on a mismatch only the latest star grows by one character. No backtracking regular
 * expression is built from a rule.
 */
function starMatch(tokens: readonly Token[], text: string): boolean {
  let t = 0;
  let p = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (t < text.length) {
    const token = tokens[p];
    if (token !== undefined && !token.star && token.char === text[t]) {
      p++;
      t++;
    } else if (token !== undefined && token.star) {
      starAt = p++;
      resumeAt = t;
    } else if (starAt >= 0) {
      p = starAt + 1;
      t = ++resumeAt;
    } else return false;
  }
  while (tokens[p]?.star) p++;
  return p === tokens.length;
}

function hasWildcard(pattern: string): boolean {
  return /(^|[^\\])\*/.test(pattern);
}

/**
 * How a pattern meets a command whose words may be unknown. With every word known this is
 * `bashPatternMatches`. With unknown words: `match` when the pattern holds whatever they turn out
 * to be (`rm $x` against `rm:*`), `unknown` when it may (`git $x` against `git push:*`),
 * `no-match` when it cannot (`ls $x` against `rm:*`).
 */
export function bashPatternVerdict(pattern: string, argv: readonly (string | null)[]): PatternVerdict {
  const words = commandWords(argv);
  if (words.every((word) => word !== null)) return bashPatternMatches(pattern, words.join(' ')) ? 'match' : 'no-match';
  const firstHole = words.indexOf(null);
  const known = words.slice(0, firstHole).join(' ');
  const prefix = pattern.endsWith(':*') ? pattern.slice(0, -2) : /^[^*]*[^\\*] \*$/.test(pattern) ? pattern.slice(0, -2) : undefined;
  // What is known already starts with the prefix, so any ending matches.
  if (prefix !== undefined && firstHole > 0 && `${known} `.startsWith(`${prefix} `)) return 'match';
  return patternCouldMatch(pattern, words) ? 'unknown' : 'no-match';
}

type Token = { star: true } | { star: false; char: string };

/** Whether some values of the unknown words make the text match the pattern. */
function patternCouldMatch(pattern: string, words: readonly (string | null)[]): boolean {
  const text: Token[] = [];
  words.forEach((word, i) => {
    if (i > 0) text.push({ star: false, char: ' ' });
    if (word === null) text.push({ star: true });
    else for (const char of word) text.push({ star: false, char });
  });
  return patternAlternatives(pattern).some((alternative) => overlap(alternative, text));
}

function patternAlternatives(pattern: string): Token[][] {
  const literal = (text: string): Token[] => [...text].map((char) => ({ star: false, char }));
  if (pattern.endsWith(':*')) {
    const prefix = pattern.slice(0, -2);
    return [literal(prefix), [...literal(`${prefix} `), { star: true }]];
  }
  if (!hasWildcard(pattern)) return [literal(pattern)];
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\' && pattern[i + 1] === '*') {
      tokens.push({ star: false, char: '*' });
      i++;
    } else tokens.push(ch === '*' ? { star: true } : { star: false, char: ch });
  }
  const last = tokens.length - 1;
  const bare = tokens[last]?.star && !tokens[last - 1]?.star && (tokens[last - 1] as { char?: string } | undefined)?.char === ' ';
  return bare ? [tokens, tokens.slice(0, -2)] : [tokens];
}

/** Whether two star-globs (a star matches any run of characters) share a string. */
function overlap(a: Token[], b: Token[]): boolean {
  const seen = new Set<number>();
  const visit = (i: number, j: number): boolean => {
    const key = i * (b.length + 1) + j;
    if (seen.has(key)) return false;
    seen.add(key);
    if (i === a.length && j === b.length) return true;
    if (i < a.length && a[i]!.star && visit(i + 1, j)) return true;
    if (j < b.length && b[j]!.star && visit(i, j + 1)) return true;
    if (i === a.length || j === b.length) return false;
    const x = a[i]!;
    const y = b[j]!;
    if (!x.star && !y.star && x.char !== y.char) return false;
    const nextI = x.star ? i : i + 1;
    const nextJ = y.star ? j : j + 1;
    if (nextI === i && nextJ === j) return false;
    return visit(nextI, nextJ);
  };
  return visit(0, 0);
}

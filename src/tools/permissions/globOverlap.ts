import { splitAlternatives } from '../search/globAutomaton';

/**
 * Whether two path globs can name a common path: the question a rule must ask of a path it only
 * knows as a glob (`cat secre*` against `Read(secrets/**)`) or as a whole folder (`rm -r .`).
 * Both globs are read as sets of strings; the answer is whether those sets overlap.
 */

type CharClass = { kind: 'char'; char: string } | { kind: 'segment' } | { kind: 'any' };
/** One step of a glob: one character of a class, or a run of them (`*`: within a segment, `**`: across). */
type Token = { run: boolean; cls: CharClass };

/** How `**` reads: across folders (rule patterns) or like `*` (bash without globstar). */
export interface GlobDialect {
  globstar: boolean;
}

/** Whether some path matches both `a` and `b`. Braces are expanded, classes read as one character. */
export function globsOverlap(a: string, aDialect: GlobDialect, b: string, bDialect: GlobDialect): boolean {
  const left = expandBraces(a).flatMap((glob) => tokenize(glob, aDialect));
  const right = expandBraces(b).flatMap((glob) => tokenize(glob, bDialect));
  return left.some((x) => right.some((y) => overlap(x, y)));
}

/** Escapes glob syntax in a literal path. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]{}\\]/g, '\\$&');
}

function overlap(a: Token[], b: Token[]): boolean {
  const seen = new Set<number>();
  const width = b.length + 1;
  const visit = (i: number, j: number): boolean => {
    const key = i * width + j;
    if (seen.has(key)) return false;
    seen.add(key);
    if (i === a.length && j === b.length) return true;
    if (i < a.length && a[i]!.run && visit(i + 1, j)) return true;
    if (j < b.length && b[j]!.run && visit(i, j + 1)) return true;
    if (i === a.length || j === b.length) return false;
    if (!classesMeet(a[i]!.cls, b[j]!.cls)) return false;
    const nextI = a[i]!.run ? i : i + 1;
    const nextJ = b[j]!.run ? j : j + 1;
    if (nextI === i && nextJ === j) return false;
    return visit(nextI, nextJ);
  };
  return visit(0, 0);
}

function classesMeet(x: CharClass, y: CharClass): boolean {
  if (x.kind === 'char' && y.kind === 'char') return x.char === y.char;
  if (x.kind === 'char') return y.kind === 'any' || x.char !== '/';
  if (y.kind === 'char') return x.kind === 'any' || y.char !== '/';
  return true;
}

const SEGMENT: CharClass = { kind: 'segment' };
const ANY: CharClass = { kind: 'any' };

/** The token sequences a glob stands for (a `**` folder prefix is zero folders or some: two sequences). */
function tokenize(glob: string, dialect: GlobDialect): Token[][] {
  let sequences: Token[][] = [[]];
  const push = (...tokens: Token[]) => {
    for (const sequence of sequences) sequence.push(...tokens);
  };
  let i = 0;
  while (i < glob.length) {
    const ch = glob[i]!;
    if (ch === '\\' && i + 1 < glob.length) {
      push({ run: false, cls: { kind: 'char', char: glob[i + 1]! } });
      i += 2;
    } else if (ch === '*' && glob[i + 1] === '*' && dialect.globstar) {
      const atStart = i === 0 || glob[i - 1] === '/';
      if (atStart && glob[i + 2] === '/') {
        // Zero folders, or any run that ends in a slash.
        const slash: Token = { run: false, cls: { kind: 'char', char: '/' } };
        const some = sequences.map((sequence) => [...sequence, { run: true, cls: ANY }, slash]);
        sequences = [...sequences.map((sequence) => [...sequence]), ...some].slice(0, 64);
        i += 3;
      } else {
        push({ run: true, cls: atStart && i + 2 === glob.length ? ANY : SEGMENT });
        i += 2;
      }
    } else if (ch === '*') {
      push({ run: true, cls: SEGMENT });
      i++;
    } else if (ch === '?') {
      push({ run: false, cls: SEGMENT });
      i++;
    } else if (ch === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) {
        push({ run: false, cls: { kind: 'char', char: '[' } });
        i++;
      } else {
        push({ run: false, cls: SEGMENT });
        i = close + 1;
      }
    } else {
      push({ run: false, cls: { kind: 'char', char: ch } });
      i++;
    }
  }
  return sequences;
}

/** `{a,b}c` → `ac`, `bc` (nested, escapes kept), capped so a hostile pattern stays cheap. */
export function expandBraces(glob: string, limit = 64): string[] {
  let depth = 0;
  let open = -1;
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{') {
      if (depth === 0) open = i;
      depth++;
    } else if (ch === '}' && depth > 0) {
      depth--;
      if (depth === 0) {
        const alternatives = splitAlternatives(glob.slice(open + 1, i));
        if (alternatives.length < 2) continue;
        const head = glob.slice(0, open);
        const tail = glob.slice(i + 1);
        const out: string[] = [];
        for (const alternative of alternatives) {
          for (const expanded of expandBraces(`${head}${alternative}${tail}`, limit)) {
            if (out.length < limit) out.push(expanded);
          }
        }
        return out;
      }
    }
  }
  return [glob];
}

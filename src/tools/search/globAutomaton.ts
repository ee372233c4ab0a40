/*
 * Globs matched in linear time: each glob becomes a small automaton (states joined by character
 * tests and empty moves), and a path is matched by following every state it could be in at once,
 * one character at a time, never by backtracking. `a*a*a*a*a*b` against a long name costs what
 * the name's length costs (as a regular expression it would not end). Several globs share one
 * automaton, and the match says which of them accept the path. The sets of states met are made
 * into a table as they are met (a lazy DFA, as RE2 does), so the same few rules tested on thousands
 * of paths cost a lookup per character.
 */

/** Why a glob cannot be compiled. */
export class GlobSyntaxError extends Error {}

type Test = (char: string) => boolean;

const notSlash: Test = (char) => char !== '/';
const isSlash: Test = (char) => char === '/';
const anything: Test = () => true;

/**
 * How deep braces may nest in a glob. Any depth builds in one pass, but each level adds states
 * every path character may visit; no real glob nests past a few.
 */
export const MAX_BRACE_DEPTH = 64;

/** The automaton of one or more globs. */
class Automaton {
  readonly moves: { test: Test; to: number }[][] = [];
  readonly empty: number[][] = [];
  /** Which glob a state accepts for (its last state). */
  readonly accepts = new Map<number, number>();

  state(): number {
    this.moves.push([]);
    this.empty.push([]);
    return this.moves.length - 1;
  }

  move(from: number, test: Test): number {
    const to = this.state();
    this.moves[from]!.push({ test, to });
    return to;
  }

  /**
   * Adds `glob` after state `from`; its last state. One pass, whatever the nesting: an open brace
   * is a frame on a stack (the state its alternatives start from, their ends, the state they join
   * at), so no part of the pattern is read twice and no nesting deepens the call stack.
   */
  add(glob: string, from: number): number {
    const braces: { open: number; before: number; ends: number[]; join: number }[] = [];
    const lastClose = glob.lastIndexOf(']');
    let at = from;
    let i = 0;
    /** Where a path segment starts, for `**`: the glob's start, after a slash, or an alternative's start. */
    let segmentStart = true;
    const alternative = (before: number) => {
      const start = this.state();
      this.empty[before]!.push(start);
      return start;
    };
    while (i < glob.length) {
      const char = glob[i]!;
      const atStart = segmentStart;
      segmentStart = false;
      const inBrace = braces.length > 0;
      if (char === '*') {
        const double = glob[i + 1] === '*';
        if (double && atStart && glob[i + 2] === '/') {
          // `**/`: zero or more folders (each a run of non-slashes, then a slash).
          const folders = this.state();
          this.empty[at]!.push(folders);
          const name = this.move(folders, notSlash);
          this.moves[name]!.push({ test: notSlash, to: name }, { test: isSlash, to: folders });
          this.moves[folders]!.push({ test: isSlash, to: folders });
          at = folders;
          i += 3;
          segmentStart = true;
          continue;
        }
        // A trailing `**` (of the glob or of an alternative) is everything below; any other star stays within its segment.
        const after = glob[i + 2];
        const trailing = double && atStart && (after === undefined || (inBrace && (after === ',' || after === '}')));
        const loop = this.state();
        this.empty[at]!.push(loop);
        this.moves[loop]!.push({ test: trailing ? anything : notSlash, to: loop });
        at = loop;
        i += double ? 2 : 1;
      } else if (char === '?') {
        at = this.move(at, notSlash);
        i++;
      } else if (char === '[') {
        const close = i < lastClose ? findClass(glob, i) : -1;
        if (close < 0) {
          at = this.move(at, literal('['));
          i++;
          continue;
        }
        at = this.move(at, classTest(glob.slice(i + 1, close)));
        i = close + 1;
      } else if (char === '{') {
        const before = at;
        if (braces.length === MAX_BRACE_DEPTH) throw new GlobSyntaxError(`Braces nest deeper than ${MAX_BRACE_DEPTH} levels at position ${i + 1} of the glob ${glob.length > 200 ? `${glob.slice(0, 200)}…` : glob}`);
        braces.push({ open: i, before, ends: [], join: this.state() });
        at = alternative(before);
        i++;
        segmentStart = true;
      } else if (char === ',' && inBrace) {
        const brace = braces.at(-1)!;
        brace.ends.push(at);
        at = alternative(brace.before);
        i++;
        segmentStart = true;
      } else if (char === '}' && inBrace) {
        const brace = braces.pop()!;
        for (const end of [...brace.ends, at]) this.empty[end]!.push(brace.join);
        at = brace.join;
        i++;
      } else if (char === '\\' && i + 1 < glob.length) {
        at = this.move(at, literal(glob[i + 1]!));
        segmentStart = glob[i + 1] === '/';
        i += 2;
      } else {
        at = this.move(at, literal(char));
        segmentStart = char === '/';
        i++;
      }
    }
    if (braces.length > 0) throw new GlobSyntaxError(`Unclosed "{" at position ${braces[0]!.open + 1} of the glob ${glob.length > 200 ? `${glob.slice(0, 200)}…` : glob}`);
    return at;
  }
}

function literal(expected: string): Test {
  return (char) => char === expected;
}

/** Index of the `]` closing the class opened at `open`, or -1. A `]` first in the class is literal. */
function findClass(glob: string, open: number): number {
  let i = open + 1;
  if (glob[i] === '!' || glob[i] === '^') i++;
  if (glob[i] === ']') i++;
  for (; i < glob.length; i++) if (glob[i] === ']') return i;
  return -1;
}

/** One character of the class's set (`a-z` ranges, `\x` a literal x, `!`/`^` first negates); never a slash. */
function classTest(body: string): Test {
  const negated = body.startsWith('!') || body.startsWith('^');
  const members: string[] = [];
  for (let i = negated ? 1 : 0; i < body.length; i++) members.push(body[i] === '\\' && i + 1 < body.length ? body[++i]! : body[i]!);
  const singles = new Set<string>();
  const ranges: [string, string][] = [];
  for (let i = 0; i < members.length; i++) {
    const [low, dash, high] = [members[i]!, members[i + 1], members[i + 2]];
    if (dash === '-' && high !== undefined) {
      ranges.push([low, high]);
      i += 2;
    } else singles.add(low);
  }
  const inSet = (char: string) => singles.has(char) || ranges.some(([low, high]) => char >= low && char <= high);
  return (char) => char !== '/' && inSet(char) !== negated;
}

/** Splits a brace body on its top-level commas (escapes and nested braces kept whole). */
export function splitAlternatives(body: string): string[] {
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

/** How many sets of states the table keeps before it starts again (a bound on its memory). */
const MAX_SETS = 4096;

/** A matcher of several globs: the indexes (ascending) of those that accept a whole path. */
export type GlobSetMatcher = (path: string) => readonly number[];

/** Compiles `globs` into one matcher; throws {@link GlobSyntaxError} for a malformed glob. */
export function compileGlobSet(globs: readonly string[]): GlobSetMatcher {
  const automaton = new Automaton();
  const start = automaton.state();
  globs.forEach((glob, index) => {
    const first = automaton.state();
    automaton.empty[start]!.push(first);
    automaton.accepts.set(automaton.add(glob, first), index);
  });

  // The lazy DFA: each set of states met, interned by key, with its moves by character.
  let keys = new Map<string, number>();
  let sets: { states: readonly number[]; accepted: readonly number[]; next: Map<string, number> }[] = [];
  const intern = (states: Set<number>): number => {
    const sorted = [...states].sort((a, b) => a - b);
    const key = sorted.join(',');
    let id = keys.get(key);
    if (id === undefined) {
      const accepted = sorted.flatMap((state) => (automaton.accepts.has(state) ? [automaton.accepts.get(state)!] : [])).sort((a, b) => a - b);
      id = sets.push({ states: sorted, accepted, next: new Map() }) - 1;
      keys.set(key, id);
    }
    return id;
  };
  const closure = (seeds: Iterable<number>): Set<number> => {
    const reached = new Set<number>();
    const stack = [...seeds];
    while (stack.length > 0) {
      const state = stack.pop()!;
      if (reached.has(state)) continue;
      reached.add(state);
      stack.push(...automaton.empty[state]!);
    }
    return reached;
  };
  const startSet = () => intern(closure([start]));
  let first = startSet();

  return (path) => {
    if (sets.length > MAX_SETS) {
      keys = new Map();
      sets = [];
      first = startSet();
    }
    let current = first;
    for (let i = 0; i < path.length; i++) {
      const char = path[i]!;
      const set = sets[current]!;
      let next = set.next.get(char);
      if (next === undefined) {
        const targets: number[] = [];
        for (const state of set.states) for (const { test, to } of automaton.moves[state]!) if (test(char)) targets.push(to);
        next = intern(closure(targets));
        set.next.set(char, next);
      }
      current = next;
      if (sets[current]!.states.length === 0) return [];
    }
    return sets[current]!.accepted;
  };
}

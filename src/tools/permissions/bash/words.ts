import type { WordNode, WordPart } from '../../../sandbox/shellParser';
import { escapeGlob } from '../globOverlap';

/** A word after the expansions that can be done without running anything. */
export interface WordValue {
  /** The word's text; `null` when it is known only at run time. */
  text: string | null;
  /** When the word is a glob bash expands: its pattern (literal parts escaped). */
  glob?: string;
  /** For a word known only at run time: the literal text it certainly starts with (`x=` of `x=$(…)`). */
  prefix?: string;
}

/** What a word's expansion may look up: variables set earlier in the same command line. */
export interface WordScope {
  /** The literal value a variable certainly holds here, if the analysis knows it. */
  valueOf(name: string): string | undefined;
  /** The home folder `~` expands to. */
  home: string;
}

/** At most this many words come out of brace expansion; more is treated as unknown. */
const MAX_WORDS = 64;

interface Partial {
  text: string;
  glob: string;
  dynamic: boolean;
  globbed: boolean;
  /** The text before the first dynamic part. */
  known: string;
}

/**
 * Expands a word the way bash would, as far as that is possible without running anything: quotes
 * are removed, `{a,b}` and `{1..3}` expand, `~` is the home folder, and a variable set earlier on
 * the line to a literal is substituted (split on blanks when unquoted). Anything else (command
 * substitutions, unknown variables, arithmetic) makes the word unknown (`text: null`).
 */
export function expandWord(node: WordNode, scope: WordScope): WordValue[] {
  // A lone unquoted `$VAR` with a known value splits into words, as bash does.
  if (node.parts.length === 1 && node.parts[0]!.type === 'ParameterExpansion') {
    const part = node.parts[0];
    const value = part.operation === null ? scope.valueOf(part.parameter) : undefined;
    if (value !== undefined) {
      if (/[*?[]/.test(value)) return [{ text: null }];
      return value.split(/[ \t\n]+/).filter((word) => word !== '').map((text) => ({ text }));
    }
  }
  let partials: Partial[] = [{ text: '', glob: '', dynamic: false, globbed: false, known: '' }];
  for (const part of node.parts) {
    partials = combine(partials, partValues(part, scope, false));
    if (partials.length > MAX_WORDS) return [{ text: null }];
  }
  return partials.map((partial) => {
    if (partial.dynamic) return partial.known === '' ? { text: null } : { text: null, prefix: partial.known };
    if (partial.globbed && isGlob(partial.glob)) return { text: null, glob: partial.glob };
    return { text: partial.text };
  });
}

/** Whether a pattern has glob syntax bash expands: `*`, `?` or a closed `[…]` (a lone `[` is text). */
function isGlob(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\') i++;
    else if (ch === '*' || ch === '?') return true;
    else if (ch === '[' && pattern.indexOf(']', i + 2) > 0) return true;
  }
  return false;
}

/** The text of a word when it is one fixed string (no expansion into several words). */
export function literalWord(node: WordNode, scope: WordScope): string | null {
  const values = expandWord(node, scope);
  return values.length === 1 ? values[0]!.text : null;
}

function combine(left: Partial[], right: Partial[]): Partial[] {
  const out: Partial[] = [];
  for (const a of left) {
    for (const b of right) {
      const known = a.dynamic ? a.known : a.text + b.known;
      out.push({ text: a.text + b.text, glob: a.glob + b.glob, dynamic: a.dynamic || b.dynamic, globbed: a.globbed || b.globbed, known });
    }
  }
  return out;
}

const DYNAMIC: Partial = { text: '', glob: '', dynamic: true, globbed: false, known: '' };

function literal(text: string): Partial {
  return { text, glob: escapeGlob(text), dynamic: false, globbed: false, known: text };
}

function partValues(part: WordPart, scope: WordScope, quoted: boolean): Partial[] {
  switch (part.type) {
    case 'Literal':
    case 'SingleQuoted':
    case 'Escaped':
      return [literal(part.value)];
    case 'DoubleQuoted': {
      let values: Partial[] = [literal('')];
      for (const inner of part.parts) values = combine(values, partValues(inner, scope, true));
      return values;
    }
    case 'ParameterExpansion': {
      const value = part.operation === null ? scope.valueOf(part.parameter) : undefined;
      // Unquoted, a value could split or glob; only a plain one is taken as is.
      if (value !== undefined && (quoted || /^[^\s*?[]*$/.test(value))) return [literal(value)];
      return [DYNAMIC];
    }
    case 'TildeExpansion':
      return part.user === null && !quoted ? [literal(scope.home)] : [DYNAMIC];
    case 'Glob':
      return quoted ? [literal(part.pattern)] : [{ text: part.pattern, glob: part.pattern, dynamic: false, globbed: true, known: part.pattern }];
    case 'BraceExpansion': {
      if (quoted) return [DYNAMIC];
      const out: Partial[] = [];
      for (const item of part.items) {
        if (item.type === 'Word') {
          let values: Partial[] = [literal('')];
          for (const inner of item.word.parts) values = combine(values, partValues(inner, scope, false));
          out.push(...values);
        } else {
          const range = braceRange(item);
          if (range === undefined) return [DYNAMIC];
          out.push(...range.map(literal));
        }
        if (out.length > MAX_WORDS) return [DYNAMIC];
      }
      return out;
    }
    case 'CommandSubstitution':
    case 'ArithmeticExpansion':
    case 'ProcessSubstitution':
      return [DYNAMIC];
    default: {
      const exhaustive: never = part;
      return exhaustive;
    }
  }
}

function braceRange(item: { start: string | number; end: string | number; step?: number }): string[] | undefined {
  const step = Math.abs(item.step ?? 1) || 1;
  if (typeof item.start === 'number' && typeof item.end === 'number') {
    const count = Math.floor(Math.abs(item.end - item.start) / step) + 1;
    if (count > MAX_WORDS) return undefined;
    const sign = item.end >= item.start ? 1 : -1;
    return Array.from({ length: count }, (_, i) => String(item.start as number + sign * i * step));
  }
  if (typeof item.start === 'string' && typeof item.end === 'string' && item.start.length === 1 && item.end.length === 1) {
    const from = item.start.charCodeAt(0);
    const to = item.end.charCodeAt(0);
    const count = Math.floor(Math.abs(to - from) / step) + 1;
    if (count > MAX_WORDS) return undefined;
    const sign = to >= from ? 1 : -1;
    return Array.from({ length: count }, (_, i) => String.fromCharCode(from + sign * i * step));
  }
  return undefined;
}

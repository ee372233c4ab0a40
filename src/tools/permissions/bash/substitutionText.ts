/**
 * Finds the command substitutions (`$(…)` and backticks) in a piece of raw text the parser kept as
 * a string: an array subscript (`a[$(rm x)]`), a `${…}` inside arithmetic, a variable name given to
 * a builtin. `ok: false` when a substitution does not close (the caller then cannot see inside).
 */
export function substitutionBodies(text: string): { ok: true; bodies: string[] } | { ok: false } {
  const bodies: string[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return { ok: false };
      i = end + 1;
      continue;
    }
    if (ch === '`') {
      let end = i + 1;
      while (end < text.length && text[end] !== '`') end += text[end] === '\\' ? 2 : 1;
      if (end >= text.length) return { ok: false };
      bodies.push(text.slice(i + 1, end).replace(/\\([`$\\])/g, '$1'));
      i = end + 1;
      continue;
    }
    if (ch === '$' && text[i + 1] === '(' && text[i + 2] !== '(') {
      const end = closingParen(text, i + 2);
      if (end < 0) return { ok: false };
      bodies.push(text.slice(i + 2, end));
      i = end + 1;
      continue;
    }
    i++;
  }
  return { ok: true, bodies };
}

/** Whether raw text may hold a substitution or an expansion. */
export function mayExpand(text: string): boolean {
  return /\$[({[]|`/.test(text);
}

/** The index of the `)` closing a `(` whose body starts at `start`, quotes respected; -1 if none. */
function closingParen(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\') {
      i++;
    } else if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return -1;
      i = end;
    } else if (ch === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      i = end;
    } else if (ch === '(') {
      depth++;
    } else if (ch === ')') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

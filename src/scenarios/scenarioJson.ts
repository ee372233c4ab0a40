/**
 * A scenario written as the library's files are: an array or object that fits on one line of
 * {@link WIDTH} characters (its indentation and key included) stays on it, `{ "a": 1 }` and
 * `[1, 2]`; a longer one has an entry per line, indented by two spaces. An imported 2,000-call
 * session is some 5,000 lines so, against 42,000 for `JSON.stringify(value, null, 2)`: the editor
 * that shows it builds, draws and colours it by the line. The value is plain JSON data, as
 * `JSON.stringify` takes it (`undefined` fields left out); it nests no deeper than the importer
 * writes (tool inputs nested deeper than the engine parses are kept as text).
 */

/** The widest line a container is written on. */
export const WIDTH = 200;

/** `value` as readable JSON text (no final newline). */
export function writeScenarioJson(value: unknown): string {
  const out: string[] = [];
  write(value, '', 0, out);
  return out.join('');
}

/** Writes `value` at `indent`, with `taken` characters of its line already used (its key) or to come (a comma). */
function write(value: unknown, indent: string, taken: number, out: string[]): void {
  if (value === null || typeof value !== 'object') {
    out.push(JSON.stringify(value) ?? 'null');
    return;
  }
  const flat = oneLine(value, WIDTH - indent.length - taken);
  if (flat !== undefined) {
    out.push(flat);
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    out.push('[\n');
    value.forEach((item: unknown, i) => {
      const comma = i < value.length - 1 ? 1 : 0;
      out.push(inner);
      write(item === undefined || typeof item === 'function' ? null : item, inner, comma, out);
      out.push(comma ? ',\n' : '\n');
    });
    out.push(`${indent}]`);
    return;
  }
  const entries = fields(value);
  out.push('{\n');
  entries.forEach(([key, item], i) => {
    const comma = i < entries.length - 1 ? 1 : 0;
    const name = `${JSON.stringify(key)}: `;
    out.push(inner, name);
    write(item, inner, name.length + comma, out);
    out.push(comma ? ',\n' : '\n');
  });
  out.push(`${indent}}`);
}

/** The fields `JSON.stringify` writes. */
function fields(value: object): [string, unknown][] {
  return Object.entries(value).filter(([, item]) => item !== undefined && typeof item !== 'function');
}

/** The container on one line, or `undefined` when that line would be longer than `room`. */
function oneLine(value: object, room: number): string | undefined {
  // The compact text is never longer than the spaced one: a big container is ruled out at native speed.
  const compact = JSON.stringify(value);
  if (compact === undefined || compact.length > room) return undefined;
  const spaced = spacedJson(value);
  return spaced.length <= room ? spaced : undefined;
}

/** A small value on one line, spaced as the library writes it: `{ "a": [1, 2] }`. */
function spacedJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item: unknown) => (item === undefined || typeof item === 'function' ? 'null' : spacedJson(item))).join(', ')}]`;
  const entries = fields(value);
  return entries.length === 0 ? '{}' : `{ ${entries.map(([key, item]) => `${JSON.stringify(key)}: ${spacedJson(item)}`).join(', ')} }`;
}

/**
 * A scenario written as the library's files are: an array or object that fits on one line of
 * {@link WIDTH} characters (its indentation and key included) stays on it, `{ "a": 1 }` and
 * `[1, 2]`; a longer one has an entry per line, indented by two spaces. An imported 2,000-call
 * session is some 9,000 lines so, against 42,000 for `JSON.stringify(value, null, 2)`: the editor
 * that shows it builds, draws and colours it by the line. The value is plain JSON data, as
 * `JSON.stringify` takes it (`undefined` and function fields left out, `null` in their place in
 * arrays); it nests no deeper than the importer writes (tool inputs nested deeper than the engine
 * parses are kept as text).
 */

/** The widest line a container is written on. */
export const WIDTH = 200;

/** Whether `JSON.stringify` leaves the field out (or writes `null` for it in an array). */
const skipped = (item: unknown): boolean => item === undefined || typeof item === 'function';

/** `value` as readable JSON text (no final newline). */
export function writeScenarioJson(value: unknown): string {
  // One string grown piece by piece: V8 joins the pieces once, when the text is first read.
  let out = '';

  const scalar = (item: unknown) => {
    out += JSON.stringify(skipped(item) ? null : item);
  };

  /** A container that fits, on one line. */
  const flat = (item: unknown) => {
    if (item === null || typeof item !== 'object') return scalar(item);
    if (Array.isArray(item)) {
      out += '[';
      for (let i = 0; i < item.length; i++) {
        if (i > 0) out += ', ';
        flat(item[i]);
      }
      out += ']';
      return;
    }
    let first = true;
    for (const key in item) {
      const field: unknown = (item as Record<string, unknown>)[key];
      if (!Object.hasOwn(item, key) || skipped(field)) continue;
      out += `${first ? '{ ' : ', '}${JSON.stringify(key)}: `;
      flat(field);
      first = false;
    }
    out += first ? '{}' : ' }';
  };

  /** `item` at `indent`, with `taken` characters of its line used by its key or its comma. */
  const write = (item: unknown, indent: string, taken: number) => {
    if (item === null || typeof item !== 'object') return scalar(item);
    const room = WIDTH - indent.length - taken;
    if (flatLength(item, room) <= room) return flat(item);
    const inner = `${indent}  `;
    if (Array.isArray(item)) {
      out += '[\n';
      for (let i = 0; i < item.length; i++) {
        const last = i === item.length - 1;
        out += inner;
        write(item[i], inner, last ? 0 : 1);
        out += last ? '\n' : ',\n';
      }
      out += `${indent}]`;
      return;
    }
    const keys = Object.keys(item).filter((key) => !skipped((item as Record<string, unknown>)[key]));
    out += '{\n';
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const name = `${JSON.stringify(key)}: `;
      out += inner + name;
      write((item as Record<string, unknown>)[key], inner, name.length + (last ? 0 : 1));
      out += last ? '\n' : ',\n';
    });
    out += `${indent}}`;
  };

  write(value, '', 0);
  return out;
}

/**
 * How long `value` is on one line, or some length over `room` as soon as it passes it: a big
 * container is given up after `room` characters instead of being measured whole at every level.
 */
function flatLength(value: unknown, room: number): number {
  if (value === null || typeof value !== 'object') return (JSON.stringify(skipped(value) ? null : value) ?? 'null').length;
  // `[1, 2]`: the brackets, and ", " between items.
  if (Array.isArray(value)) {
    let length = 2;
    for (let i = 0; i < value.length && length <= room; i++) length += (i > 0 ? 2 : 0) + flatLength(value[i], room - length);
    return length;
  }
  // `{ "a": 1, "b": 2 }`: the braces, and two characters per field besides its key, ": " and value ("{ " or ", ", and " }").
  let length = 2;
  for (const key in value) {
    if (length > room) break;
    const field: unknown = (value as Record<string, unknown>)[key];
    if (!Object.hasOwn(value, key) || skipped(field)) continue;
    length += 2 + JSON.stringify(key).length + 2;
    length += flatLength(field, room - length);
  }
  return length;
}

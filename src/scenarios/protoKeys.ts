import { PROTO_KEY } from './checks';
import { formatPath } from './issuePath';

/** A value still to visit, and the way to it: its key under its parent (the path is built only for an error). */
interface Visit {
  readonly value: unknown;
  readonly parent: Visit | undefined;
  readonly key: string | number;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.parent !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Every `__proto__` key in a parsed scenario, as an error at its path. JSON.parse keeps such a key,
 * but a JavaScript object built from it does not (the schema drops it without a word), so a file,
 * an answer or an input field of that name would vanish. Walked without recursion: a tool input
 * may nest ten thousand levels deep. Each value is visited once and no path is copied on the way
 * (a 2,000-call scenario has some 50,000 values).
 */
export function protoKeyErrors(value: unknown): { path: string; message: string }[] {
  const errors: { path: string; message: string }[] = [];
  const stack: Visit[] = [{ value, parent: undefined, key: '' }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const node = item.value;
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) stack.push({ value: node[i], parent: item, key: i });
      continue;
    }
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      if (key === PROTO_KEY) {
        errors.push({ path: formatPath([...pathOf(item), key]), message: `"${PROTO_KEY}" cannot be a key in a scenario (a JavaScript object drops it without a word); rename it` });
      } else stack.push({ value: (node as Record<string, unknown>)[key], parent: item, key });
    }
  }
  return errors;
}

import { PROTO_KEY } from './checks';
import { formatPath } from './issuePath';

/**
 * Every `__proto__` key in a parsed scenario, as an error at its path. JSON.parse keeps such a key,
 * but a JavaScript object built from it does not (the schema drops it without a word), so a file,
 * an answer or an input field of that name would vanish. Walked without recursion: a tool input
 * may nest ten thousand levels deep.
 */
export function protoKeyErrors(value: unknown): { path: string; message: string }[] {
  const errors: { path: string; message: string }[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: node, path } = item;
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      node.forEach((element, i) => stack.push({ value: element, path: [...path, i] }));
      continue;
    }
    for (const [key, field] of Object.entries(node)) {
      if (key === PROTO_KEY) {
        errors.push({ path: formatPath([...path, key]), message: `"${PROTO_KEY}" cannot be a key in a scenario (a JavaScript object drops it without a word); rename it` });
      } else stack.push({ value: field, path: [...path, key] });
    }
  }
  return errors;
}

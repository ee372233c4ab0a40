/**
 * Writes a path into a scenario the way a reader would type it: `turns[0].stream[1].at`, with keys
 * that are not plain names quoted (`workspace.files["src/a.ts"]`). The empty path is the document.
 */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

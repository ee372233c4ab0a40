import { posix } from './posixPath';

/**
 * Resolves `input` against the workspace `root` without touching the file system. Relative paths
 * are taken from the root; absolute paths must lie inside it; `~` and anything that climbs out of
 * the root are refused. Symlinks are the adapter's business (only a real file system has them).
 */
export function resolveInsideRoot(root: string, input: string): { ok: true; path: string } | { ok: false; error: string } {
  if (input.length === 0) return { ok: false, error: 'The path is empty' };
  if (input.includes('\0')) return { ok: false, error: `The path ${JSON.stringify(input)} contains a NUL byte` };
  if (input === '~' || input.startsWith('~/')) {
    return { ok: false, error: `The path ${input} points into the home folder, outside the workspace ${root}` };
  }
  const absolute = posix.normalize(input.startsWith('/') ? input : posix.join(root, input));
  if (!isInside(root, absolute)) {
    return { ok: false, error: `The path ${input} is outside the workspace ${root}` };
  }
  return { ok: true, path: absolute === '/' ? absolute : absolute.replace(/\/$/, '') };
}

/** Whether absolute `path` is `root` or lies under it. */
export function isInside(root: string, path: string): boolean {
  const base = root.endsWith('/') ? root : `${root}/`;
  return path === root || path === root.replace(/\/$/, '') || path.startsWith(base);
}

/** `path` relative to `root` ("." for the root itself). */
export function relativeToRoot(root: string, path: string): string {
  const rel = posix.relative(root, path);
  return rel === '' ? '.' : rel;
}

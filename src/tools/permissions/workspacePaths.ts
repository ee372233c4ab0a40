import { posix } from '../../sandbox/posixPath';

/** Where a path is read from: the workspace root, the working directory, and what `~` is. */
export interface PathContext {
  /** Absolute workspace root. */
  root: string;
  /** Absolute working directory; the root when absent. */
  cwd?: string;
  /** Absolute home directory; the root when absent (both sandboxes set HOME to the workspace). */
  home?: string;
}

/**
 * A path as permission rules see it, for file tools and Bash alike: relative to the workspace root
 * (`.` for the root itself) when it lies inside, absolute when it lies outside. `./`, doubled
 * slashes, `..`, a trailing `/`, absolute paths inside the workspace and `~` are all resolved first,
 * so `./secrets//key/`, `src/../secrets/key`, `/workspace/secrets/key` and `~/secrets/key` are the
 * same path. `undefined` when the path cannot be known statically (empty, or `~user`).
 */
export function normalizeRulePath(raw: string, context: PathContext): string | undefined {
  if (raw === '') return undefined;
  let path = raw;
  if (path === '~' || path.startsWith('~/')) path = `${context.home ?? context.root}${path.slice(1)}`;
  else if (path.startsWith('~')) return undefined;
  const root = normalAbsolute(context.root);
  const base = context.cwd ?? root;
  const absolute = path.startsWith('/') ? normalAbsolute(path) : posix.normalize(`${base}/${path}`);
  return relativeInside(root, absolute);
}

/** A `/`, `.` or `..` segment: empty (`//`, a trailing `/`), `/./`, `/../`, or one of them at the end. */
const ODD_SEGMENT = /\/\.{0,2}(?:\/|$)/;

/**
 * `posix.normalize` of an absolute path, without the work when there is nothing to do: the paths
 * a search asks about (every file it finds) are normal already.
 */
export function normalAbsolute(path: string): string {
  return path.startsWith('/') && !ODD_SEGMENT.test(path) ? path : posix.normalize(path);
}

/**
 * {@link normalizeRulePath} of absolute paths under one root, the root's share of the work done
 * once: a search asks about every file it finds, and those are normal paths inside the root, which
 * need only their prefix cut.
 */
export function rulePathsUnder(root: string): (absolutePath: string) => string | undefined {
  const normalRoot = normalAbsolute(root);
  const prefix = normalRoot.endsWith('/') ? normalRoot : `${normalRoot}/`;
  return (path) =>
    path.length > prefix.length && path.startsWith(prefix) && !ODD_SEGMENT.test(path) ? path.slice(prefix.length) : normalizeRulePath(path, { root });
}

/** `absolute` relative to `root` when inside it (`.` for the root), else `absolute` itself. */
export function relativeInside(root: string, absolute: string): string {
  if (absolute === root) return '.';
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return absolute.startsWith(prefix) ? absolute.slice(prefix.length) : absolute;
}

/** The absolute form of a normalised rule path. */
export function absoluteRulePath(path: string, root: string): string {
  if (path.startsWith('/')) return path;
  return path === '.' ? posix.normalize(root) : posix.join(root, path);
}

import { isInside } from './paths';
import { posix } from './posixPath';

/** Same bound as Linux's SYMLOOP_MAX: more hops than this is treated as a loop. */
export const MAX_SYMLINK_HOPS = 40;

/** What {@link followSymlinks} needs of a file system: whether an entry is a link, and its target. */
export interface LinkReader {
  /** `true`/`false` for an existing entry, `undefined` when nothing is there (or it cannot be seen). */
  isSymlink(path: string): Promise<boolean | undefined>;
  readlink(path: string): Promise<string>;
  /**
   * Whether `path` (absolute, normal) exists and no part of it is a link, told at once where the
   * file system can: nothing is then left to follow. Without it, or on `false`, the walk below
   * checks one component at a time.
   */
  linkFree?(path: string): Promise<boolean>;
}

/** Where a path really leads, or why it may not be used. */
export type FollowedPath = { ok: true; real: string } | { ok: false; error: string };

/**
 * Follows the symlinks along `path` (absolute, already inside `root`) and says where it really
 * leads, or that a link on the way points out of the workspace. Components are checked one at a
 * time, so a dangling link (whose target does not exist yet, and which a write would create) is
 * judged by its target too. Parts of the path that do not exist end the walk: nothing below them
 * can be a link, and the rest is appended as written.
 */
export async function followSymlinks(reader: LinkReader, root: string, path: string): Promise<FollowedPath> {
  if (reader.linkFree && (await reader.linkFree(path))) return { ok: true, real: path };
  const pending = components(root, path);
  let current = root;
  let hops = 0;
  while (pending.length > 0) {
    const next = posix.join(current, pending.shift()!);
    const isLink = await reader.isSymlink(next);
    if (isLink === undefined) return { ok: true, real: posix.join(next, ...pending) };
    if (!isLink) {
      current = next;
      continue;
    }
    hops++;
    if (hops > MAX_SYMLINK_HOPS) return { ok: false, error: `The path ${path} goes through more than ${MAX_SYMLINK_HOPS} symbolic links (a loop?)` };
    const absolute = linkTarget(next, await reader.readlink(next));
    if (!isInside(root, absolute)) {
      return { ok: false, error: `The path ${path} goes through the symbolic link ${next}, which points to ${absolute}, outside the workspace ${root}` };
    }
    // Continue from the link's target, then the rest of the original path.
    pending.unshift(...components(root, absolute));
    current = root;
  }
  return { ok: true, real: current };
}

/** The absolute, normalised target of the link at `link` whose text is `target`. */
export function linkTarget(link: string, target: string): string {
  return posix.normalize(target.startsWith('/') ? target : posix.join(posix.dirname(link), target));
}

function components(root: string, path: string): string[] {
  return posix.relative(root, path).split('/').filter(Boolean);
}

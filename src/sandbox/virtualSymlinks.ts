import type { IFileSystem } from 'just-bash';
import { isInside } from './paths';
import { posix } from './posixPath';

/** Same bound as Linux's SYMLOOP_MAX: more hops than this is treated as a loop. */
const MAX_HOPS = 40;

/**
 * Follows the symlinks along `path` (absolute, already inside `root`) in just-bash's in-memory fs
 * and says where one leads out of the workspace, or `undefined` when none does. Components are
 * checked one at a time with `lstat`, so a dangling link (whose target does not exist yet, and which
 * a write would create) is judged by its target too. Parts of the path that do not exist end the
 * walk: nothing below them can be a link.
 */
export async function findSymlinkEscape(fs: IFileSystem, root: string, path: string): Promise<string | undefined> {
  const pending = components(root, path);
  let current = root;
  let hops = 0;
  while (pending.length > 0) {
    const next = posix.join(current, pending.shift()!);
    const isLink = await isSymlink(fs, next);
    if (isLink === undefined) return undefined;
    if (!isLink) {
      current = next;
      continue;
    }
    hops++;
    if (hops > MAX_HOPS) return `The path ${path} goes through more than ${MAX_HOPS} symbolic links (a loop?)`;
    const target = await fs.readlink(next);
    const absolute = posix.normalize(target.startsWith('/') ? target : posix.join(posix.dirname(next), target));
    if (!isInside(root, absolute)) {
      return `The path ${path} goes through the symbolic link ${next}, which points to ${absolute}, outside the workspace ${root}`;
    }
    // Continue from the link's target, then the rest of the original path.
    pending.unshift(...components(root, absolute));
    current = root;
  }
  return undefined;
}

function components(root: string, path: string): string[] {
  return posix.relative(root, path).split('/').filter(Boolean);
}

/** `true`/`false` for an existing entry, `undefined` when nothing is there. */
async function isSymlink(fs: IFileSystem, path: string): Promise<boolean | undefined> {
  try {
    return (await fs.lstat(path)).isSymbolicLink;
  } catch {
    return undefined;
  }
}

import type { BigIntStats } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { posix } from './posixPath';

/** What identifies a file on disk, and how many names it has. */
export type LinkedFile = Pick<BigIntStats, 'dev' | 'ino' | 'nlink'>;

/**
 * Whether a regular file may be read through the workspace: it has one name, or every one of its
 * names (hard links) lies inside `root`. A hard link is another name for the same file, so a
 * link placed in the workspace to a file elsewhere (`ln ~/.ssh/id_rsa key`) would show that file;
 * its other names cannot be listed, only counted, so the workspace is searched for them: a file
 * with more names than the workspace holds has one outside (design.md, Threat model). Returns the
 * refusal's words, or `undefined` when the file may be read.
 */
export async function hardLinkRefusal(root: string, path: string, file: LinkedFile): Promise<string | undefined> {
  if (file.nlink <= 1n) return undefined;
  const inside = await namesInside(root, file);
  if (inside >= file.nlink) return undefined;
  return `The path ${path} is a hard link to a file with ${file.nlink} names, only ${inside} of them inside the workspace ${root}: a hard link to a file outside the workspace is refused, as a symbolic link out of it is`;
}

/** How many names the workspace has for `file` (links are not followed; stops once all are found). */
async function namesInside(root: string, file: LinkedFile): Promise<bigint> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  let found = 0n;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const parent = (entry as { parentPath?: string; path?: string }).parentPath ?? (entry as { path?: string }).path ?? root;
    const info = await lstat(posix.join(parent, entry.name), { bigint: true }).catch(() => undefined);
    if (info && info.ino === file.ino && info.dev === file.dev && ++found >= file.nlink) break;
  }
  return found;
}

/**
 * ripgrep's search output without what it found in hard links out of the workspace: rg reads
 * files itself, so its JSON events are checked by path afterwards, and an event of a file
 * {@link hardLinkRefusal} refuses is dropped. A listing (`--files`) names files and shows nothing
 * of them, and passes as it is. Any other output cannot be checked, and is refused (exit code 2),
 * so a search asked that way falls back to reading each file through the checked file operations.
 */
export async function ripgrepWithoutHardLinksOut(root: string, cwd: string, args: readonly string[], stdout: string): Promise<{ ok: true; stdout: string } | { ok: false; error: string }> {
  if (args.includes('--files')) return { ok: true, stdout };
  if (!args.includes('--json')) return { ok: false, error: 'the node sandbox runs rg only with --json or --files, so that it can leave out hard links to files outside the workspace' };
  const lines = stdout.split('\n');
  const pathOf = (line: string): string | undefined => {
    try {
      const event = JSON.parse(line) as { data?: { path?: { text?: unknown; bytes?: unknown } } };
      const named = event.data?.path;
      if (typeof named?.text === 'string') return named.text;
      return typeof named?.bytes === 'string' ? Buffer.from(named.bytes, 'base64').toString('utf8') : undefined;
    } catch {
      return undefined;
    }
  };
  const verdicts = new Map<string, Promise<boolean>>();
  const refused = (path: string) => {
    let verdict = verdicts.get(path);
    if (!verdict) {
      const absolute = posix.normalize(path.startsWith('/') ? path : posix.join(cwd, path));
      verdict = lstat(absolute, { bigint: true }).then(
        async (info) => info.isFile() && (await hardLinkRefusal(root, path, info)) !== undefined,
        () => false,
      );
      verdicts.set(path, verdict);
    }
    return verdict;
  };
  const kept: string[] = [];
  for (const line of lines) {
    const path = line === '' ? undefined : pathOf(line);
    if (path === undefined || !(await refused(path))) kept.push(line);
  }
  return { ok: true, stdout: kept.join('\n') };
}

import { constants, existsSync, type Stats } from 'node:fs';
import { lstat, mkdir, open, readdir, readlink, realpath, rename, rm, unlink, type FileHandle } from 'node:fs/promises';
import { hardLinkRefusal } from './hardLinks';
import { isInside } from './paths';
import { posix } from './posixPath';
import { MAX_SYMLINK_HOPS, linkTarget } from './symlinks';
import type { DirEntry, FileStat, SandboxFs, WalkEntry } from './types';

/** A file larger than this is not read into memory (a text tool has no use for it). */
export const MAX_READ_BYTES = 64 * 1024 * 1024;

/**
 * Linux names every open file under /proc/self/fd: a path through `/proc/self/fd/N/` is looked up
 * in the very folder descriptor N holds (an `openat`), and readlink of `/proc/self/fd/N` gives
 * where that folder really is. Elsewhere (macOS) the folder's real path is checked instead, which a
 * swap between the check and the use can still beat.
 */
const PROC_FD = '/proc/self/fd';
const HAS_PROC_FD = existsSync(PROC_FD);

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_DIRECTORY, O_NOFOLLOW, O_NONBLOCK } = constants;

/** A folder opened, then checked to lie inside the workspace: names are looked up in it, not through its path. */
interface VerifiedDir {
  readonly handle: FileHandle;
  /** Where the folder really is. */
  readonly real: string;
  /** A path to `name` inside this very folder. */
  at(name: string): string;
  /** A path to the folder itself. */
  readonly self: string;
}

let tempCounter = 0;

/**
 * The node sandbox's file operations, each of which opens first and checks what it opened
 * ("open, then verify"): a symlink swapped in between a check and the use cannot take a read, a
 * write or a listing out of `root`. The folder holding a file is opened and its real path checked;
 * the file is opened inside that folder without following a last link (a link inside the
 * workspace is followed by hand, target checked, one hop at a time). Writes go to a new file in the
 * checked folder that is renamed over the old one, so a hard link to a file elsewhere is replaced,
 * never written through; a read of a file with names outside the workspace (a hard link) is
 * refused. Only regular files are read: a FIFO, a socket or a device is an error, never a hang.
 */
export function safeNodeFs(root: string): SandboxFs {
  return {
    readFile: (path) => readInside(root, path),
    writeFile: (path, content) => writeInside(root, path, content),
    async readdir(path) {
      return withDir(root, path, async (dir) =>
        (await readdir(dir.self, { withFileTypes: true })).map((entry): DirEntry => ({ name: entry.name, type: entry.isSymbolicLink() ? 'symlink' : entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : 'special' })),
      );
    },
    stat: (path) => statInside(root, path),
    mkdir: (path) => mkdirInside(root, path),
    rm: (path, options) => atLeaf(root, path, (dir, name) => rm(dir.at(name), { recursive: options?.recursive ?? false })),
    rename: (from, to) => atLeaf(root, from, (source, fromName) => atLeaf(root, to, (target, toName) => rename(source.at(fromName), target.at(toName)))),
    async walk(walkRoot) {
      return withDir(root, walkRoot, async (dir) => {
        // One recursive listing of the opened folder; links are not followed (like rg and find
        // without -L), and only regular files and folders are listed.
        const entries = await readdir(dir.self, { recursive: true, withFileTypes: true });
        const out: WalkEntry[] = [];
        for (const entry of entries) {
          if (!entry.isFile() && !entry.isDirectory()) continue;
          const parent = (entry as { parentPath?: string; path?: string }).parentPath ?? (entry as { path?: string }).path ?? dir.self;
          const relative = posix.relative(dir.self, parent);
          out.push({ path: posix.join(walkRoot, relative, entry.name), type: entry.isDirectory() ? 'directory' : 'file' });
        }
        return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      });
    },
  };
}

/** Opens the folder `path` (links followed) and checks where it really is. */
async function openDir(root: string, path: string, shown = path): Promise<VerifiedDir> {
  const handle = await open(path, O_RDONLY | O_DIRECTORY);
  try {
    const real = HAS_PROC_FD ? await readlink(`${PROC_FD}/${handle.fd}`) : await realpath(path);
    if (!isInside(root, real)) throw outside(shown, real, root);
    const self = HAS_PROC_FD ? `${PROC_FD}/${handle.fd}` : real;
    return { handle, real, self, at: (name) => `${self}/${name}` };
  } catch (error: unknown) {
    await handle.close();
    throw error;
  }
}

async function withDir<T>(root: string, path: string, use: (dir: VerifiedDir) => Promise<T>): Promise<T> {
  const dir = await openDir(root, path);
  try {
    return await use(dir);
  } finally {
    await dir.handle.close();
  }
}

/** Marks that the last part of the path is a link, to be followed by hand. */
const FOLLOW = Symbol('follow');

/**
 * Runs `use` on the last part of `path` inside its checked folder. When `use` says the last part
 * is a link, the link's target is checked to lie inside the workspace and `use` runs again there.
 */
async function atLeaf<T>(
  root: string,
  path: string,
  use: (dir: VerifiedDir, name: string) => Promise<T | typeof FOLLOW>,
  atRoot: () => Promise<T> = () => Promise.reject(new Error(`${path} is the workspace folder itself, not a file`)),
): Promise<T> {
  let target = path;
  for (let hop = 0; ; hop++) {
    if (target === root) return atRoot();
    const dir = await openDir(root, posix.dirname(target), path);
    try {
      const name = posix.basename(target);
      const result = await use(dir, name);
      if (result !== FOLLOW) return result;
      if (hop >= MAX_SYMLINK_HOPS) throw new Error(`${path} goes through more than ${MAX_SYMLINK_HOPS} symbolic links (a loop?)`);
      const next = linkTarget(`${dir.real}/${name}`, await readlink(dir.at(name)));
      if (!isInside(root, next)) throw outside(path, next, root);
      target = next;
    } finally {
      await dir.handle.close();
    }
  }
}

async function readInside(root: string, path: string): Promise<string> {
  return atLeaf(root, path, async (dir, name) => {
    let handle: FileHandle;
    try {
      // Not blocking: opening a FIFO must not wait for a writer.
      handle = await open(dir.at(name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    } catch (error: unknown) {
      if (isLinkError(error)) return FOLLOW;
      throw error;
    }
    try {
      const info = await handle.stat({ bigint: true });
      if (!info.isFile()) throw notRegular(path, info);
      const linked = await hardLinkRefusal(root, path, info);
      if (linked !== undefined) throw new Error(linked);
      if (info.size > BigInt(MAX_READ_BYTES)) throw new Error(`${path} is ${Math.ceil(Number(info.size) / 1024 / 1024)} MB, over the ${MAX_READ_BYTES / 1024 / 1024} MB a file may have to be read`);
      return await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  });
}

async function writeInside(root: string, path: string, content: string): Promise<void> {
  return atLeaf(root, path, async (dir, name) => {
    const existing = await lstat(dir.at(name)).catch(() => undefined);
    if (existing?.isSymbolicLink()) return FOLLOW;
    if (existing && !existing.isFile()) throw notRegular(path, existing);
    const temp = dir.at(`.tool-playground-${process.pid}-${++tempCounter}.tmp`);
    const handle = await open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o666);
    try {
      try {
        await handle.writeFile(content, 'utf8');
        if (existing) await handle.chmod(existing.mode & 0o7777);
      } finally {
        await handle.close();
      }
      await rename(temp, dir.at(name));
    } catch (error: unknown) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  });
}

async function statInside(root: string, path: string): Promise<FileStat | null> {
  try {
    return await atLeaf(
      root,
      path,
      async (dir, name) => {
        const info = await lstat(dir.at(name)).catch(() => null);
        if (!info?.isSymbolicLink()) return info && statOf(info);
        // A dangling link still exists, as a link.
        const target = linkTarget(`${dir.real}/${name}`, await readlink(dir.at(name)));
        return (await lstat(target).catch(() => null)) ? FOLLOW : { type: 'symlink' as const, size: info.size, mtimeMs: info.mtimeMs };
      },
      () => withDir(root, root, async (dir) => statOf(await dir.handle.stat())),
    );
  } catch (error: unknown) {
    if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
    throw error;
  }
}

/** `mkdir -p`, one checked folder at a time: nothing is ever made outside the workspace. */
async function mkdirInside(root: string, path: string): Promise<void> {
  const parts = posix.relative(root, path).split('/').filter(Boolean);
  let dir = await openDir(root, root);
  try {
    for (const part of parts) {
      await mkdir(dir.at(part)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      const next = await openDir(root, dir.at(part), posix.join(dir.real, part));
      await dir.handle.close();
      dir = next;
    }
  } finally {
    await dir.handle.close();
  }
}

function statOf(info: Stats): FileStat {
  const type = info.isFile() ? 'file' : info.isDirectory() ? 'directory' : info.isSymbolicLink() ? 'symlink' : 'special';
  return { type, size: info.size, mtimeMs: info.mtimeMs };
}

function isLinkError(error: unknown): boolean {
  // O_NOFOLLOW on a link: ELOOP on Linux and macOS (EMLINK on some BSDs).
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ELOOP' || code === 'EMLINK';
}

function outside(path: string, real: string, root: string): Error {
  return new Error(`The path ${path} leads to ${real}, outside the workspace ${root}`);
}

/** Why a special file is not read or written. */
export function notRegular(path: string, info: Pick<Stats, 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice' | 'isDirectory'>): Error {
  const what = info.isDirectory()
    ? 'a directory'
    : info.isFIFO()
      ? 'a FIFO (named pipe)'
      : info.isSocket()
        ? 'a socket'
        : info.isCharacterDevice() || info.isBlockDevice()
          ? 'a device'
          : 'not a regular file';
  return new Error(`${path} is ${what}, not a regular file: only regular files are read and written`);
}

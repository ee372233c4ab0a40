import type { DirEnt } from '@webcontainer/api';
import { isInside } from '../paths';
import { posix } from '../posixPath';
import type { DirEntry, FileStat, SandboxFs, WalkEntry } from '../types';
import { fingerprintOf, type ModificationTimes } from './modificationTimes';
import type { WebContainerFsLike } from './webcontainerLike';

/**
 * The port's absolute paths as the instance takes them: relative to its workdir ("." for the
 * workdir itself). The API documents paths as resolved against the workdir, and examples use "/"
 * for the workdir, so an absolute path is never handed over. Paths outside the workspace root are
 * a programmer error: callers resolve tool paths with `Sandbox.resolve` first.
 */
export function instancePathOf(workdir: string, root: string, path: string): string {
  const absolute = posix.normalize(path);
  if (!isInside(root, absolute)) throw new Error(`The path ${path} is outside the workspace ${root}`);
  return absolute === workdir ? '.' : posix.relative(workdir, absolute);
}

const encoder = new TextEncoder();

/**
 * The port's file operations over WebContainer's fs API. `stat` is emulated: a readdir of the
 * parent says whether the entry exists and what it is, and a file's size comes from reading it
 * (see ModificationTimes for its mtime). The API knows files and folders only; anything else a
 * Dirent could be is reported as a symlink and left out of walks, as the other adapters do.
 */
export function webcontainerFs(fs: WebContainerFsLike, workdir: string, root: string, times: ModificationTimes): SandboxFs {
  const at = (path: string) => instancePathOf(workdir, root, path);

  return {
    readFile: async (path) => fs.readFile(at(path), 'utf-8'),
    async writeFile(path, content) {
      await fs.writeFile(at(path), content);
      times.wrote(posix.normalize(path), fingerprintOf(encoder.encode(content)));
    },
    async readdir(path) {
      const entries = await fs.readdir(at(path), { withFileTypes: true });
      return entries.map((entry) => ({ name: entry.name, type: typeOf(entry) }));
    },
    async stat(path) {
      const absolute = posix.normalize(path);
      const type = await entryType(fs, at(absolute));
      if (type === undefined) return null;
      if (type !== 'file') return statOf(type, 0, times.observe(absolute, undefined));
      // Deleted between the readdir and the read: as good as never there.
      const bytes = await fs.readFile(at(absolute)).catch(() => undefined);
      if (bytes === undefined) return null;
      return statOf('file', bytes.byteLength, times.observe(absolute, fingerprintOf(bytes)));
    },
    mkdir: async (path) => {
      await fs.mkdir(at(path), { recursive: true });
    },
    async rm(path, options) {
      await fs.rm(at(path), { recursive: options?.recursive ?? false });
      times.forget(posix.normalize(path));
    },
    async rename(from, to) {
      await fs.rename(at(from), at(to));
      times.forget(posix.normalize(from));
      times.forget(posix.normalize(to));
    },
    async walk(base) {
      // The API has no recursive listing: one readdir per folder, the folders of a level at once.
      const out: WalkEntry[] = [];
      let level = [posix.normalize(base)];
      while (level.length > 0) {
        const listings = await Promise.all(
          level.map(async (folder) => ({ folder, entries: await fs.readdir(at(folder), { withFileTypes: true }) })),
        );
        level = [];
        for (const { folder, entries } of listings) {
          for (const entry of entries) {
            const path = posix.join(folder, entry.name);
            if (entry.isDirectory()) {
              out.push({ path, type: 'directory' });
              level.push(path);
            } else if (entry.isFile()) {
              out.push({ path, type: 'file' });
            }
          }
        }
      }
      return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },
  };
}

/** What is at `path` (instance form), from a readdir of its parent; `undefined` when nothing is. */
async function entryType(fs: WebContainerFsLike, path: string): Promise<FileStat['type'] | undefined> {
  if (path === '.') {
    // The workdir has no parent inside the API's reach; listing it proves it is a folder.
    return (await fs.readdir(path, { withFileTypes: true }).then(() => true).catch(() => false)) ? 'directory' : undefined;
  }
  const entries = await fs.readdir(posix.dirname(path), { withFileTypes: true }).catch(() => undefined);
  const entry = entries?.find((candidate) => candidate.name === posix.basename(path));
  return entry ? typeOf(entry) : undefined;
}

function typeOf(entry: DirEnt<string>): DirEntry['type'] {
  return entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : 'symlink';
}

function statOf(type: FileStat['type'], size: number, mtimeMs: number): FileStat {
  return { type, size, mtimeMs };
}

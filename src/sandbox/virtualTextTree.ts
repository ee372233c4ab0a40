import type { InMemoryFs } from 'just-bash';
import type { TreeFile, WalkEntry } from './types';

/** The file system's methods that change what it holds. */
const MUTATORS = new Set(['writeFile', 'writeFileSync', 'writeFileLazy', 'appendFile', 'rm', 'mv', 'cp', 'mkdir', 'mkdirSync', 'symlink', 'link', 'chmod', 'utimes']);

/**
 * The virtual file system seen through a counter of its changes: every mutating call (from the
 * port, from just-bash's commands, from the terminal) bumps `version`. What was read at one
 * version is still true while the version stands.
 */
export function versionedFs(memory: InMemoryFs): { fs: InMemoryFs; version: () => number } {
  let version = 0;
  const fs = new Proxy(memory, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string' || !MUTATORS.has(property)) {
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      }
      return (...args: unknown[]) => {
        version++;
        try {
          const result = (value as (...args: unknown[]) => unknown).apply(target, args);
          // An async change counts again when it lands, so a read between start and end is not kept.
          if (result instanceof Promise) return result.finally(() => void version++);
          return result;
        } catch (error: unknown) {
          version++;
          throw error;
        }
      };
    },
  });
  return { fs, version: () => version };
}

/**
 * The recursive listing of the whole file system (`list`, from `/`, sorted by path), kept until it
 * changes, and cut to the root asked for: what is a file, a folder or a link (links are left out
 * of it) holds while the version stands. A search lists the tree at every call, and the listing
 * looks at every leaf to tell a file from a link.
 */
export function keptListing(version: () => number, list: () => Promise<WalkEntry[]>): (root: string) => Promise<WalkEntry[]> {
  let cached: { version: number; entries: readonly WalkEntry[] } | undefined;
  return async (root) => {
    if (cached?.version !== version()) {
      const at = version();
      const entries = await list();
      // Kept only if nothing changed while it was taken; else used this once, as it was seen.
      if (version() !== at) return entriesUnder(entries, root);
      cached = { version: at, entries };
    }
    return entriesUnder(cached.entries, root);
  };
}

/** The entries below `root` (not `root` itself), as a new array: the caller may keep it. */
function entriesUnder(entries: readonly WalkEntry[], root: string): WalkEntry[] {
  return withPrefix(entries, root.endsWith('/') ? root : `${root}/`);
}

/**
 * The items of `sorted` (sorted by path) whose path starts with `prefix`, as a new array. They sit
 * together, from the first path not below `prefix` to the first not below `prefix` with its last
 * character one higher: two binary searches and a copy, where a filter would test every path.
 */
export function withPrefix<T extends { readonly path: string }>(sorted: readonly T[], prefix: string): T[] {
  if (prefix === '') return sorted.slice();
  const past = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return sorted.slice(firstNotBelow(sorted, prefix), firstNotBelow(sorted, past));
}

function firstNotBelow(sorted: readonly { readonly path: string }[], bound: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]!.path < bound) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Every file's text under a root, kept until the file system changes: a search over a workspace
 * that has not changed since the last one reads nothing again. `walk` lists in path order, and so
 * is the tree.
 */
export function textTree(version: () => number, walk: (root: string) => Promise<WalkEntry[]>, readFile: (path: string) => Promise<string>): (root: string) => Promise<readonly TreeFile[]> {
  let cached: { version: number; files: TreeFile[]; byRoot: Map<string, readonly TreeFile[]> } | undefined;
  return async (root) => {
    if (cached?.version !== version()) {
      const at = version();
      const listed = (await walk('/')).filter((entry) => entry.type === 'file');
      const texts = await Promise.all(listed.map((entry) => readFile(entry.path).catch(() => null)));
      const readable: TreeFile[] = [];
      for (let i = 0; i < listed.length; i++) {
        const text = texts[i];
        if (text !== null && text !== undefined) readable.push({ path: listed[i]!.path, text });
      }
      // Kept only if nothing changed while it was read.
      if (version() === at) cached = { version: at, files: readable, byRoot: new Map() };
      else return under(readable, root);
    }
    // The same search again (the usual case) gets the same list: filtering 5,000 paths costs more than the search.
    let files = cached.byRoot.get(root);
    if (files === undefined) {
      files = under(cached.files, root);
      cached.byRoot.set(root, files);
    }
    return files;
  };
}

function under(files: readonly TreeFile[], root: string): readonly TreeFile[] {
  if (root === '/') return files;
  return withPrefix(files, root.endsWith('/') ? root : `${root}/`);
}

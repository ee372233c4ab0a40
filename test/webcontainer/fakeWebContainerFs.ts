import type { DirEnt, FileSystemTree, FSWatchCallback, FSWatchOptions, IFSWatcher } from '@webcontainer/api';
import { posix } from '../../src/sandbox/posixPath';
import type { WebContainerFsLike } from '../../src/sandbox/webcontainer/webcontainerLike';

/** An error shaped like the ones WebContainer's fs throws (Node's: a code and a message naming it). */
export function fsError(code: 'ENOENT' | 'EEXIST' | 'EISDIR' | 'ENOTDIR' | 'ENOTEMPTY', syscall: string, path: string): Error {
  const text = {
    ENOENT: 'no such file or directory',
    EEXIST: 'file already exists',
    EISDIR: 'illegal operation on a directory',
    ENOTDIR: 'not a directory',
    ENOTEMPTY: 'directory not empty',
  }[code];
  return Object.assign(new Error(`${code}: ${text}, ${syscall} '${path}'`), { code });
}

type FakeNode = { kind: 'file'; bytes: Uint8Array } | { kind: 'directory' };

interface FakeWatcher {
  base: string;
  recursive: boolean;
  listener: FSWatchCallback;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * TEST FAKE of WebContainer's `FileSystemAPI`: an in-memory tree with the real method shapes and
 * Node-like errors. Paths are taken relative to the workdir, as the API documents; an absolute
 * path throws, because what the real API makes of one is unclear and the adapter must not pass it.
 * Watch events are delivered on a later task, like the real ones.
 */
export class FakeWebContainerFs implements WebContainerFsLike {
  private readonly nodes = new Map<string, FakeNode>();
  private readonly watchers = new Set<FakeWatcher>();

  constructor(readonly workdir: string) {
    for (let path = workdir; ; path = posix.dirname(path)) {
      this.nodes.set(path, { kind: 'directory' });
      if (path === '/') break;
    }
  }

  /** The absolute path a relative one names. */
  absolute(path: string): string {
    if (path.startsWith('/')) throw new Error(`fake WebContainer fs: absolute path ${path} (pass paths relative to the workdir)`);
    return posix.join(this.workdir, path);
  }

  readFile(path: string): Promise<Uint8Array>;
  readFile(path: string, encoding: 'utf-8'): Promise<string>;
  async readFile(path: string, encoding?: 'utf-8'): Promise<Uint8Array | string> {
    const absolute = this.absolute(path);
    const node = this.nodes.get(absolute);
    if (!node) throw fsError('ENOENT', 'open', absolute);
    if (node.kind === 'directory') throw fsError('EISDIR', 'read', absolute);
    return encoding ? decoder.decode(node.bytes) : node.bytes.slice();
  }

  async writeFile(path: string, data: string | Uint8Array): Promise<void> {
    this.writeAbsolute(this.absolute(path), data);
  }

  async readdir(path: string, _options: { withFileTypes: true }): Promise<DirEnt<string>[]> {
    const absolute = this.absolute(path);
    const node = this.nodes.get(absolute);
    if (!node) throw fsError('ENOENT', 'scandir', absolute);
    if (node.kind !== 'directory') throw fsError('ENOTDIR', 'scandir', absolute);
    return this.children(absolute).map(([name, child]) => ({
      name,
      isFile: () => child.kind === 'file',
      isDirectory: () => child.kind === 'directory',
    }));
  }

  mkdir(path: string, options: { recursive: true }): Promise<string | undefined>;
  async mkdir(path: string, options?: { recursive?: boolean }): Promise<string | undefined> {
    const absolute = this.absolute(path);
    const missing: string[] = [];
    for (let at = absolute; !this.nodes.has(at); at = posix.dirname(at)) missing.unshift(at);
    const existing = this.nodes.get(missing.length > 0 ? posix.dirname(missing[0]!) : absolute);
    if (existing?.kind === 'file') throw fsError('ENOTDIR', 'mkdir', absolute);
    if (missing.length === 0) {
      if (options?.recursive) return undefined;
      throw fsError('EEXIST', 'mkdir', absolute);
    }
    if (!options?.recursive && missing.length > 1) throw fsError('ENOENT', 'mkdir', absolute);
    for (const at of missing) this.put(at, { kind: 'directory' });
    return missing[0];
  }

  async rm(path: string, options: { force?: boolean; recursive?: boolean } = {}): Promise<void> {
    const absolute = this.absolute(path);
    const node = this.nodes.get(absolute);
    if (!node) {
      if (options.force) return;
      throw fsError('ENOENT', 'rm', absolute);
    }
    if (node.kind === 'directory' && !options.recursive) throw fsError('EISDIR', 'rm', absolute);
    for (const key of this.subtree(absolute)) this.nodes.delete(key);
    this.notify('rename', absolute);
  }

  async rename(oldPath: string, newPath: string): Promise<void> {
    const from = this.absolute(oldPath);
    const to = this.absolute(newPath);
    if (!this.nodes.has(from)) throw fsError('ENOENT', 'rename', from);
    if (this.nodes.get(posix.dirname(to))?.kind !== 'directory') throw fsError('ENOENT', 'rename', to);
    const moved = this.subtree(from).map((key) => [key, this.nodes.get(key)!] as const);
    for (const key of this.subtree(to)) this.nodes.delete(key);
    for (const [key] of moved) this.nodes.delete(key);
    for (const [key, node] of moved) this.nodes.set(to + key.slice(from.length), node);
    this.notify('rename', from);
    this.notify('rename', to);
  }

  watch(filename: string, options: FSWatchOptions, listener: FSWatchCallback): IFSWatcher {
    const recursive = typeof options === 'object' && options !== null && options.recursive === true;
    const watcher: FakeWatcher = { base: this.absolute(filename), recursive, listener };
    this.watchers.add(watcher);
    return { close: () => this.watchers.delete(watcher) };
  }

  /** Writes a mount tree at `at` (absolute), as `WebContainer.mount` does. */
  mountAt(at: string, tree: FileSystemTree): void {
    if (!this.nodes.has(at)) this.put(at, { kind: 'directory' });
    for (const [name, node] of Object.entries(tree)) {
      const path = posix.join(at, name);
      if ('directory' in node) this.mountAt(path, node.directory);
      else if ('contents' in node.file) this.writeAbsolute(path, node.file.contents);
      else throw new Error('fake WebContainer fs: symlinks are not faked');
    }
  }

  /** Writes a file by absolute path; the parent must exist, as for Node's writeFile. */
  writeAbsolute(absolute: string, data: string | Uint8Array): void {
    if (this.nodes.get(posix.dirname(absolute))?.kind !== 'directory') throw fsError('ENOENT', 'open', absolute);
    if (this.nodes.get(absolute)?.kind === 'directory') throw fsError('EISDIR', 'open', absolute);
    this.put(absolute, { kind: 'file', bytes: typeof data === 'string' ? encoder.encode(data) : data.slice() });
  }

  /** The text of a file by absolute path, or undefined. */
  textAt(absolute: string): string | undefined {
    const node = this.nodes.get(absolute);
    return node?.kind === 'file' ? decoder.decode(node.bytes) : undefined;
  }

  private put(absolute: string, node: FakeNode): void {
    const existed = this.nodes.has(absolute);
    this.nodes.set(absolute, node);
    this.notify(existed ? 'change' : 'rename', absolute);
  }

  private children(folder: string): [string, FakeNode][] {
    const prefix = folder === '/' ? '/' : `${folder}/`;
    return [...this.nodes]
      .filter(([key]) => key.startsWith(prefix) && key !== folder && !key.slice(prefix.length).includes('/'))
      .map(([key, node]): [string, FakeNode] => [key.slice(prefix.length), node])
      .sort(([a], [b]) => (a < b ? -1 : 1));
  }

  private subtree(path: string): string[] {
    return [...this.nodes.keys()].filter((key) => key === path || key.startsWith(`${path}/`));
  }

  private notify(event: 'rename' | 'change', absolute: string): void {
    for (const watcher of this.watchers) {
      const relative = posix.relative(watcher.base, absolute);
      if (relative === '' || relative.startsWith('..') || (!watcher.recursive && relative.includes('/'))) continue;
      setTimeout(() => {
        if (this.watchers.has(watcher)) watcher.listener(event, relative);
      }, 0);
    }
  }
}

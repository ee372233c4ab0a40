import type { BootOptions, DirEnt, FileSystemTree, FSWatchCallback, FSWatchOptions, IFSWatcher, SpawnOptions, WebContainerProcess } from '@webcontainer/api';

/**
 * The part of `@webcontainer/api`'s `FileSystemAPI` the adapter uses, with only the overloads it
 * calls. Paths are relative to the instance's workdir (the API resolves them against it).
 * Spelled out here, not taken from the class, so a test fake can implement it and the real class
 * is only a type import (it stays out of the first bundle).
 */
export interface WebContainerFsLike {
  readFile(path: string): Promise<Uint8Array>;
  readFile(path: string, encoding: 'utf-8'): Promise<string>;
  writeFile(path: string, data: string): Promise<void>;
  readdir(path: string, options: { withFileTypes: true }): Promise<DirEnt<string>[]>;
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  rm(path: string, options?: { force?: boolean; recursive?: boolean }): Promise<void>;
  rename(oldPath: string, newPath: string): Promise<void>;
  watch(filename: string, options: FSWatchOptions, listener: FSWatchCallback): IFSWatcher;
}

/** A booted WebContainer as the adapter sees it; the real `WebContainer` class satisfies it. */
export interface WebContainerLike {
  /** Absolute path of the working directory, e.g. `/home/workspace`. */
  readonly workdir: string;
  readonly fs: WebContainerFsLike;
  spawn(command: string, args: string[], options?: SpawnOptions): Promise<WebContainerProcess>;
  mount(tree: FileSystemTree, options?: { mountPoint?: string }): Promise<void>;
}

/** What `bootWebContainer` calls: the real `WebContainer` class, or a fake's `{ boot }`. */
export interface WebContainerBootApi {
  boot(options: BootOptions): Promise<WebContainerLike>;
}

import type { IFSWatcher, WebContainerProcess } from '@webcontainer/api';
import { relativeToRoot, resolveInsideRoot } from '../paths';
import { posix } from '../posixPath';
import type { InteractiveShell, Sandbox } from '../types';
import { toFileSystemTree } from './fileSystemTree';
import { createModificationTimes } from './modificationTimes';
import { execInWebContainer } from './webcontainerExec';
import { instancePathOf, webcontainerFs } from './webcontainerFs';
import type { WebContainerLike } from './webcontainerLike';
import { openWebContainerShell } from './webcontainerShell';

/** The WebContainer sandbox: the port, plus what only a live file system can offer the page. */
export interface WebContainerSandbox extends Sandbox {
  readonly kind: 'webcontainer';
  /** An interactive `jsh --osc` for the terminal pane (always there, unlike on the port). */
  shell(): InteractiveShell;
  /**
   * Calls `listener` with the absolute path of every change under the root, whoever made it (a
   * tool, a command, the terminal). Returns the unsubscribe.
   */
  watch(listener: (path: string) => void): () => void;
  /** Writes `files` (paths relative to the root, or absolute inside it) in one `mount`. */
  mount(files: Record<string, string>): Promise<void>;
}

/** Options of {@link createWebContainerSandbox}. */
export interface WebContainerSandboxOptions {
  /** The workspace root: the instance's workdir (default) or an existing folder inside it. */
  workdir?: string;
}

/**
 * The Sandbox port over a booted WebContainer (see `bootWebContainer`): its fs API for files,
 * `jsh -c` for commands, `jsh --osc` for the terminal. Paths are checked lexically only: the fs
 * API cannot make or read symlinks and jsh has no `ln`, so no link can lead out of the root (a
 * symlink could only come from a `mount` tree, which `mount` here never builds).
 *
 * `dispose` ends this sandbox's processes, shells and watchers, never the instance: there is one
 * per page, and a new sandbox (the next scenario) runs on the same one.
 */
export function createWebContainerSandbox(instance: WebContainerLike, options: WebContainerSandboxOptions = {}): WebContainerSandbox {
  const workdir = posix.normalize(instance.workdir);
  const root = posix.normalize(options.workdir ?? workdir);
  const instancePath = (path: string) => instancePathOf(workdir, root, path);
  const times = createModificationTimes();
  const running = new Set<WebContainerProcess>();
  const shells = new Set<InteractiveShell>();
  const listeners = new Set<(path: string) => void>();
  const watcher = watchRoot(instance, instancePath(root), (path) => {
    const absolute = posix.join(root, path);
    times.changed(absolute);
    for (const listener of listeners) listener(absolute);
  });

  return {
    kind: 'webcontainer',
    root,
    fs: webcontainerFs(instance.fs, workdir, root, times),
    streamsOutput: true,
    resolve: async (path) => resolveInsideRoot(root, path),
    relative: (path) => relativeToRoot(root, path),
    exec: (command, execOptions) => execInWebContainer({ instance, instancePath, running }, command, execOptions),
    shell() {
      const shell = openWebContainerShell(instance, () => shells.delete(shell));
      shells.add(shell);
      return shell;
    },
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async mount(files) {
      const rootPath = instancePath(root);
      await instance.mount(toFileSystemTree(root, files), rootPath === '.' ? undefined : { mountPoint: rootPath });
      for (const path of Object.keys(files)) {
        const resolved = resolveInsideRoot(root, path);
        if (resolved.ok) times.forget(resolved.path);
      }
    },
    async dispose() {
      for (const shell of shells) shell.close();
      for (const child of running) child.kill();
      running.clear();
      listeners.clear();
      watcher?.close();
    },
  };
}

/**
 * One recursive watch of the root; `onChange` gets paths relative to it. Without a watcher
 * (the call throws) modification times still move on writes and on content seen to change.
 */
function watchRoot(instance: WebContainerLike, rootPath: string, onChange: (path: string) => void): IFSWatcher | undefined {
  try {
    return instance.fs.watch(rootPath, { recursive: true }, (_event, filename) => {
      onChange(typeof filename === 'string' ? filename : new TextDecoder().decode(filename));
    });
  } catch {
    return undefined;
  }
}

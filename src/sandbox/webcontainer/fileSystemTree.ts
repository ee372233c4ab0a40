import type { FileSystemTree } from '@webcontainer/api';
import { resolveInsideRoot } from '../paths';
import { posix } from '../posixPath';

/**
 * Builds the `FileSystemTree` that `WebContainer.mount` takes from `files` (paths relative to
 * `root`, or absolute inside it, and their text), so a workspace is mounted in one call instead
 * of one writeFile per file. Throws on a path outside `root`, or one that is both a file and a
 * folder: the caller's file list is wrong, not the model's input.
 */
export function toFileSystemTree(root: string, files: Record<string, string>): FileSystemTree {
  const tree: FileSystemTree = {};
  for (const [path, contents] of Object.entries(files)) {
    const resolved = resolveInsideRoot(root, path);
    if (!resolved.ok) throw new Error(`toFileSystemTree: file ${JSON.stringify(path)}: ${resolved.error}`);
    const segments = posix.relative(root, resolved.path).split('/');
    const name = segments.pop();
    if (name === undefined || name === '') throw new Error(`toFileSystemTree: ${JSON.stringify(path)} names the root, not a file`);
    let folder = tree;
    for (const segment of segments) {
      const node = (folder[segment] ??= { directory: {} });
      if (!('directory' in node)) throw new Error(`toFileSystemTree: ${JSON.stringify(path)} goes through the file ${segment}`);
      folder = node.directory;
    }
    if (folder[name] && 'directory' in folder[name]) throw new Error(`toFileSystemTree: ${JSON.stringify(path)} is also a folder`);
    folder[name] = { file: { contents } };
  }
  return tree;
}

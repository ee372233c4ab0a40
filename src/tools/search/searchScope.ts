import type { FileStat } from '../../sandbox/types';
import type { ToolUseContext } from '../types';

/** Version-control folders that searches never enter. */
export const VCS_FOLDERS: readonly string[] = ['.git', '.svn', '.hg'];

const VCS_SEGMENT = new RegExp(`(?:^|/)(?:${VCS_FOLDERS.map((name) => name.replace('.', '\\.')).join('|')})(?:/|$)`);

/** Whether a relative path lies in (or is) a version-control folder. */
export function inVcsFolder(relativePath: string): boolean {
  // Each of them starts with a dot at a segment's start: most paths have none, and skip the regex.
  if (relativePath.charCodeAt(0) !== 46 && !relativePath.includes('/.')) return false;
  return VCS_SEGMENT.test(relativePath);
}

/** Where a search starts: an absolute path and what is there. */
export type SearchBase =
  | { ok: true; path: string; type: FileStat['type'] }
  | { ok: false; message: string };

/** Resolves a search's optional `path` (default: the workspace root) and checks that it exists. */
export async function resolveSearchBase(context: ToolUseContext, path: string | undefined): Promise<SearchBase> {
  const resolved = await context.sandbox.resolve(path ?? '.');
  if (!resolved.ok) return { ok: false, message: resolved.error };
  const stat = await context.sandbox.fs.stat(resolved.path);
  if (!stat) return { ok: false, message: `Path does not exist: ${path ?? '.'}` };
  return { ok: true, path: resolved.path, type: stat.type };
}

/** A file found under a search base: its absolute path and its path relative to the base and the root. */
export interface FoundFile {
  path: string;
  relativeToBase: string;
  relativeToRoot: string;
}

/**
 * Every file under `base` outside VCS folders, from ONE sandbox listing, sorted by path. `base`
 * may name a single file, which is then the only one found. Relative paths are cut from the
 * listing's absolute ones, not recomputed: this runs once per file of the workspace.
 */
export async function listFiles(context: ToolUseContext, base: string, baseType: FileStat['type']): Promise<FoundFile[]> {
  const { sandbox } = context;
  if (baseType !== 'directory') {
    return [{ path: base, relativeToBase: base.slice(base.lastIndexOf('/') + 1), relativeToRoot: sandbox.relative(base) }];
  }
  const basePrefix = base.endsWith('/') ? base.length : base.length + 1;
  const rootPrefix = sandbox.root.endsWith('/') ? sandbox.root.length : sandbox.root.length + 1;
  const files: FoundFile[] = [];
  for (const entry of await sandbox.fs.walk(base)) {
    if (entry.type !== 'file') continue;
    const relativeToBase = entry.path.slice(basePrefix);
    if (inVcsFolder(relativeToBase)) continue;
    files.push({ path: entry.path, relativeToBase, relativeToRoot: entry.path.slice(rootPrefix) });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

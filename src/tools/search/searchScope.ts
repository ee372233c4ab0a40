import type { FileStat } from '../../sandbox/types';
import { specialFileMessage } from '../file/toolPaths';
import type { PermissionDecision, ToolUseContext } from '../types';

/** Version-control folders that searches never enter. */
export const VCS_FOLDERS: readonly string[] = ['.git', '.svn', '.hg'];

const VCS_SEGMENT = new RegExp(`(?:^|/)(?:${VCS_FOLDERS.map((name) => name.replace('.', '\\.')).join('|')})(?:/|$)`);

/** Whether a relative path lies in (or is) a version-control folder. */
export function inVcsFolder(relativePath: string): boolean {
  // Each of them starts with a dot at a segment's start: most paths have none, and skip the regex.
  if (relativePath.charCodeAt(0) !== 46 && !relativePath.includes('/.')) return false;
  return VCS_SEGMENT.test(relativePath);
}

/** Where a search starts: an absolute path, what is there, and where it really is when a link is on the way. */
export type SearchBase =
  | { ok: true; path: string; type: FileStat['type']; real?: string }
  | { ok: false; message: string };

/** Resolves a search's optional `path` (default: the workspace root) and checks that it exists. */
export async function resolveSearchBase(context: ToolUseContext, path: string | undefined): Promise<SearchBase> {
  const resolved = await context.sandbox.resolve(path ?? '.');
  if (!resolved.ok) return { ok: false, message: resolved.error };
  const stat = await context.sandbox.fs.stat(resolved.path);
  if (!stat) return { ok: false, message: `Path does not exist: ${path ?? '.'}` };
  if (stat.type === 'special') return { ok: false, message: specialFileMessage(path ?? '.') };
  return { ok: true, path: resolved.path, type: stat.type, ...(resolved.real !== undefined ? { real: resolved.real } : {}) };
}

/**
 * Which files found under `base` the permission rules keep from this search (a Read deny rule
 * covers them), judged on the path as found and, under a linked folder, on where the file really
 * is. `undefined` when no rule denies this tool anything.
 */
export function deniedBy(context: ToolUseContext, base: { path: string; real?: string }): ((absolutePath: string) => boolean) | undefined {
  const denied = context.deniedPath;
  if (!denied) return undefined;
  const { path, real } = base;
  if (real === undefined) return (file) => denied(file) !== undefined;
  return (file) => denied(file) !== undefined || denied(real + file.slice(path.length)) !== undefined;
}

/**
 * A search's own permission check: denied when every file it would read is one the rules deny
 * (a search for `.env` when `Read(.env)` is denied), allowed otherwise (the denied files are then
 * left out of its results). Only a search of a folder needs it: a file named as the path was
 * judged by the rules already.
 */
export async function denyIfOnlyDenied(context: ToolUseContext, path: string | undefined, accepts: (file: FoundFile) => boolean): Promise<PermissionDecision> {
  if (!context.deniedPath) return { behavior: 'allow' };
  const base = await resolveSearchBase(context, path);
  if (!base.ok || base.type !== 'directory') return { behavior: 'allow' };
  const denied = deniedBy(context, base)!;
  const found = await listFiles(context, base.path, base.type);
  // One file the search may read allows it; it is usually among the first looked at.
  if (found.some((file) => accepts(file) && !denied(file.path))) return { behavior: 'allow' };
  const files = found.filter(accepts);
  if (files.length === 0) return { behavior: 'allow' };
  const rules = [...new Set(files.map((file) => context.deniedPath!(file.path) ?? context.deniedPath!(base.real + file.path.slice(base.path.length))))];
  const count = files.length === 1 ? `the one file it would read (${files[0]!.relativeToRoot}) is` : `all ${files.length} files it would read are`;
  return { behavior: 'deny', reason: `${count} denied by the rules (${rules.join(', ')})` };
}

/** How a search tells that the rules kept files from it. */
export function leftOutNote(count: number): string {
  return count === 0 ? '' : `\n\n(${count} ${count === 1 ? 'file was' : 'files were'} left out: the permission rules deny reading ${count === 1 ? 'it' : 'them'}.)`;
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
  // A special file is never searched (a read of one could wait for ever).
  if (baseType === 'special') return [];
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

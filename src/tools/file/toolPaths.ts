import type { FileStat } from '../../sandbox/types';
import type { ToolUseContext } from '../types';

/** A tool's path argument resolved inside the workspace, with what is there now (`null`: nothing). */
export type ResolvedTarget = { ok: true; path: string; stat: FileStat | null } | { ok: false; message: string };

/**
 * Resolves a path a tool was given and looks at it: the shared first step of every file tool's
 * `validateInput`. Paths outside the workspace come back as a failure carrying the reason.
 */
export async function resolveTarget(context: ToolUseContext, path: string): Promise<ResolvedTarget> {
  const resolved = await context.sandbox.resolve(path);
  if (!resolved.ok) return { ok: false, message: resolved.error };
  const stat = await context.sandbox.fs.stat(resolved.path);
  if (stat?.type === 'special') return { ok: false, message: specialFileMessage(path) };
  // A dangling link (its target checked by `resolve`) holds nothing yet: a write creates its target.
  return { ok: true, path: resolved.path, stat: stat?.type === 'symlink' ? null : stat };
}

/** Whether a file (or folder) is at `path` now; a dangling link is nothing yet. */
export async function existsAt(context: ToolUseContext, path: string): Promise<boolean> {
  const stat = await context.sandbox.fs.stat(path);
  return stat !== null && stat.type !== 'symlink';
}

/** Why a FIFO, a socket or a device is refused (reading one could wait for ever). */
export function specialFileMessage(path: string): string {
  return `${path} is a special file (a FIFO, a socket or a device), not a regular file: the file tools read and write regular files only.`;
}

/**
 * The absolute path for `call`. `validateInput` and the rules already accepted it, so a failure
 * here means the workspace changed in between (a link made or swapped since): thrown, and turned
 * into an error result by the pipeline. Where the path really leads is checked against the
 * rules again.
 */
export async function resolveForCall(context: ToolUseContext, path: string): Promise<string> {
  const resolved = await context.sandbox.resolve(path);
  if (!resolved.ok) throw new Error(resolved.error);
  const leadsTo = resolved.real ?? resolved.path;
  const rule = context.deniedPath?.(leadsTo);
  if (rule !== undefined) throw new Error(`Permission denied: the deny rule ${rule} matches ${context.sandbox.relative(leadsTo)}, where ${path} leads`);
  return resolved.path;
}

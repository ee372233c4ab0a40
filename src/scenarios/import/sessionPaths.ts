/**
 * Paths of a session log made relative to the session's folder (`cwd`), so a replay's sandbox can
 * stand in for it: `/home/me/app/src/a.ts` with cwd `/home/me/app` becomes `src/a.ts`.
 */

/** The path relative to `cwd`, or `null` when it lies outside (or cannot be placed). */
export function relativeToSession(path: string, cwd: string): string | null {
  if (cwd === '' || !path.startsWith('/')) return plain(path);
  const base = cwd.endsWith('/') ? cwd : `${cwd}/`;
  if (path === cwd) return null;
  if (!path.startsWith(base)) return null;
  return plain(path.slice(base.length));
}

/** A relative path written plainly (no `./`, no empty or `..` parts), or `null`. */
function plain(path: string): string | null {
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.includes('..') || path.startsWith('~')) return null;
  return parts.join('/');
}

/** Keys of a tool input that hold one path. */
const PATH_KEYS = ['file_path', 'notebook_path', 'path'];

/**
 * A tool input with its paths inside the session's folder made relative (the replay's workspace
 * is that folder); commands have the folder's absolute prefix taken out. Everything else is kept
 * as the model sent it.
 */
export function relativeInput(input: unknown, cwd: string): unknown {
  if (cwd === '' || typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const key of PATH_KEYS) {
    const value = out[key];
    if (typeof value !== 'string' || !value.startsWith('/')) continue;
    if (value === cwd || value === `${cwd}/`) out[key] = '.';
    else {
      const relative = relativeToSession(value, cwd);
      if (relative !== null) out[key] = relative;
    }
  }
  if (typeof out.command === 'string') out.command = relativeCommand(out.command, cwd);
  // A glob pattern may spell out the folder too (`/home/me/app/src/**/*.ts`).
  if (typeof out.pattern === 'string' && out.pattern.startsWith(`${cwd.replace(/\/$/, '')}/`)) out.pattern = out.pattern.slice(cwd.replace(/\/$/, '').length + 1);
  return out;
}

/** A command with the session folder's absolute prefix taken out (`cd /home/me/app && ls /home/me/app/src`). */
export function relativeCommand(command: string, cwd: string): string {
  if (cwd.length < 2) return command;
  const base = cwd.replace(/\/$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return command.replace(new RegExp(`${base}/`, 'g'), '').replace(new RegExp(`${base}(?=$|[\\s'";&|)])`, 'g'), '.');
}

/**
 * Paths of a session log made relative to the session's folder (`cwd`), so a replay's sandbox can
 * stand in for it: `/home/me/app/src/a.ts` with cwd `/home/me/app` becomes `src/a.ts`, and a
 * Windows session's `C:\Users\me\app\src\a.ts` with cwd `c:/Users/me/app` becomes `src/a.ts` too.
 */

import { workspacePathProblem } from '../checks';

/** A Windows path from its drive (`C:\…`, `c:/…`) or a share (`\\server\…`). */
const WINDOWS_ABSOLUTE = /^(?:[A-Za-z]:[\\/]|\\\\)/;

/** Whether a session ran on Windows, by its folder. */
const onWindows = (cwd: string) => WINDOWS_ABSOLUTE.test(cwd);

/** Whether a path is absolute, on either kind of system. */
export const isAbsolute = (path: string): boolean => path.startsWith('/') || WINDOWS_ABSOLUTE.test(path);

/** A Windows path written with forward slashes and its drive in lower case, to compare (its file system ignores case). */
const windowsKey = (path: string) => path.replace(/\\/g, '/').replace(/\/+$/, '').toLowerCase();

/** The path relative to `cwd`, or `null` when it lies outside (or cannot be placed). */
export function relativeToSession(path: string, cwd: string): string | null {
  if (cwd !== '' && onWindows(cwd)) return relativeOnWindows(path, cwd);
  if (cwd === '' || !path.startsWith('/')) return plain(path);
  const base = cwd.endsWith('/') ? cwd : `${cwd}/`;
  if (path === cwd) return null;
  if (!path.startsWith(base)) return null;
  return plain(path.slice(base.length));
}

function relativeOnWindows(path: string, cwd: string): string | null {
  const slashed = path.replace(/\\/g, '/');
  if (!isAbsolute(path)) return plain(slashed);
  const base = `${windowsKey(cwd)}/`;
  if (!windowsKey(slashed).startsWith(base)) return null;
  return plain(slashed.slice(base.length));
}

/**
 * A relative path written plainly (no `./`, no empty parts), or `null` where it is not one a
 * scenario's workspace takes (`workspacePathProblem`: absolute, `..`, a backslash, a control
 * character, …), so that no path of a log can make the whole import fail.
 */
function plain(path: string): string | null {
  if (isAbsolute(path) || path.startsWith('~')) return null;
  const joined = path
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .join('/');
  return workspacePathProblem(joined) === null ? joined : null;
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
  const windows = onWindows(cwd);
  for (const key of PATH_KEYS) {
    const value = out[key];
    if (typeof value !== 'string') continue;
    if (!isAbsolute(value)) {
      // A Windows session writes its relative paths with backslashes too.
      if (windows && value.includes('\\')) out[key] = value.replace(/\\/g, '/');
      continue;
    }
    if (windows ? windowsKey(value) === windowsKey(cwd) : value === cwd || value === `${cwd}/`) out[key] = '.';
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
  // A Windows folder may be written with either slash (its case aside); a POSIX one with its own.
  const windows = onWindows(cwd);
  const forms = windows ? [cwd.replace(/\\/g, '/'), cwd.replace(/\//g, '\\')] : [cwd];
  const separator = windows ? '[\\\\/]' : '/';
  const flags = windows ? 'gi' : 'g';
  let out = command;
  for (const form of forms) {
    const base = form.replace(/[\\/]$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`${base}${separator}`, flags), '').replace(new RegExp(`${base}(?=$|[\\s'";&|)])`, flags), '.');
  }
  return out;
}

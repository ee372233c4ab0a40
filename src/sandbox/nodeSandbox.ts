import { spawn } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isInside, relativeToRoot, resolveInsideRoot } from './paths';
import { posix } from './posixPath';
import type { ExecOptions, ExecResult, FileStat, Sandbox, SandboxFs, WalkEntry } from './types';

/** Exit codes a shell gives a command stopped by a signal or a timeout. */
const EXIT_TIMED_OUT = 124;
const EXIT_ABORTED = 130;

/**
 * The Node-only sandbox: a fresh temporary directory and the machine's real `bash`. It holds the
 * tools to a real shell and a real file system in tests and on the command line. Paths that
 * resolve outside the directory (through `..`, absolute paths, `~` or symlinks) are refused.
 */
export async function createNodeSandbox(): Promise<Sandbox> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'tool-playground-')));
  return {
    kind: 'node',
    root,
    fs: nodeFs(),
    streamsOutput: true,
    resolve: (path) => resolveReal(root, path),
    relative: (path) => relativeToRoot(root, path),
    exec: (command, options) => execute(root, command, options),
    ripgrep: (args, options) => runRipgrep(root, args, options),
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

/** Lexical resolution, then the real path of the deepest existing ancestor must stay inside. */
async function resolveReal(root: string, input: string): Promise<{ ok: true; path: string } | { ok: false; error: string }> {
  const lexical = resolveInsideRoot(root, input);
  if (!lexical.ok) return lexical;
  let probe = lexical.path;
  for (;;) {
    try {
      const real = await realpath(probe);
      if (!isInside(root, real)) {
        return { ok: false, error: `The path ${input} goes through a symlink to ${real}, outside the workspace ${root}` };
      }
      return lexical;
    } catch {
      if (probe === root || probe === '/') return lexical;
      probe = posix.dirname(probe);
    }
  }
}

function nodeFs(): SandboxFs {
  return {
    readFile: (path) => readFile(path, 'utf8'),
    writeFile: (path, content) => writeFile(path, content, 'utf8'),
    async readdir(path) {
      const entries = await readdir(path, { withFileTypes: true });
      return entries.map((entry) => ({
        name: entry.name,
        type: entry.isSymbolicLink() ? 'symlink' : entry.isDirectory() ? 'directory' : 'file',
      }));
    },
    async stat(path) {
      try {
        const info = await stat(path);
        return statOf(info.isDirectory() ? 'directory' : 'file', info.size, info.mtimeMs);
      } catch {
        try {
          const link = await lstat(path);
          return statOf('symlink', link.size, link.mtimeMs);
        } catch {
          return null;
        }
      }
    },
    mkdir: async (path) => {
      await mkdir(path, { recursive: true });
    },
    rm: (path, options) => rm(path, { recursive: options?.recursive ?? false }),
    rename: (from, to) => rename(from, to),
    async walk(root) {
      // One recursive listing; links are not followed (like rg and find without -L).
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      const out: WalkEntry[] = [];
      for (const entry of entries) {
        if (entry.isSymbolicLink()) continue;
        const parent = (entry as { parentPath?: string; path?: string }).parentPath ?? (entry as { path?: string }).path ?? root;
        out.push({ path: join(parent, entry.name), type: entry.isDirectory() ? 'directory' : 'file' });
      }
      return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },
  };
}

function statOf(type: FileStat['type'], size: number, mtimeMs: number): FileStat {
  return { type, size, mtimeMs };
}

/** Whether `rg` could be started on this machine (looked up once). */
let ripgrepMissing = false;

/** Runs `rg` directly (no shell), or resolves `null` when the machine has none. */
function runRipgrep(root: string, args: readonly string[], options: { cwd: string; signal?: AbortSignal }): Promise<ExecResult | null> {
  if (ripgrepMissing) return Promise.resolve(null);
  return new Promise((resolve) => {
    const child = spawn('rg', [...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root, LANG: 'C.UTF-8' },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const stdout: string[] = [];
    const stderr: string[] = [];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => stdout.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
    let settled = false;
    const settle = (result: ExecResult | null) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        ripgrepMissing = true;
        settle(null);
      } else settle({ exitCode: 2, stdout: stdout.join(''), stderr: `${stderr.join('')}${error.message}\n`, timedOut: false, aborted: options.signal?.aborted ?? false });
    });
    child.on('close', (code) => settle({ exitCode: code ?? 2, stdout: stdout.join(''), stderr: stderr.join(''), timedOut: false, aborted: options.signal?.aborted ?? false }));
  });
}

/** Runs `bash -c command` in its own process group, streaming output; kills the group on abort or timeout. */
function execute(root: string, command: string, options: ExecOptions = {}): Promise<ExecResult> {
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      resolve({ exitCode: EXIT_ABORTED, stdout: '', stderr: '', timedOut: false, aborted: true });
      return;
    }
    const child = spawn('bash', ['-c', command], {
      cwd: options.cwd ?? root,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root, LANG: 'C.UTF-8', TERM: 'dumb', ...options.env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let aborted = false;
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      options.onOutput?.(chunk, 'stdout');
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      options.onOutput?.(chunk, 'stderr');
    });
    const onAbort = () => {
      aborted = true;
      killGroup();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer =
      options.timeoutMs !== undefined
        ? setTimeout(() => {
            timedOut = true;
            killGroup();
          }, options.timeoutMs)
        : undefined;
    const finish = (code: number | null) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      const exitCode = timedOut ? EXIT_TIMED_OUT : aborted ? EXIT_ABORTED : (code ?? 1);
      resolve({ exitCode, stdout, stderr, timedOut, aborted });
    };
    child.on('error', (error) => {
      stderr += `${error.message}\n`;
      finish(127);
    });
    child.on('close', (code) => finish(code));
  });
}

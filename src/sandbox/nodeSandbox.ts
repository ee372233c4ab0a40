import { spawn } from 'node:child_process';
import { lstat, mkdtemp, readlink, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ripgrepWithoutHardLinksOut } from './hardLinks';
import { KeptOutput } from './keptOutput';
import { processOwner } from './ownedProcesses';
import { safeNodeFs } from './nodeSafeFs';
import { relativeToRoot, resolveInsideRoot } from './paths';
import { followSymlinks, type LinkReader } from './symlinks';
import type { ExecOptions, ExecResult, PathResolution, Sandbox } from './types';

/** Exit codes a shell gives a command stopped by a signal or a timeout. */
const EXIT_TIMED_OUT = 124;
const EXIT_ABORTED = 130;
/** How often a command whose shell exited is looked at: is anything of its process group still running? */
const GROUP_POLL_MS = 100;
/**
 * How long output may go on draining once the shell and its whole process group are gone: only a
 * process that left the group (`setsid`) still holds the pipes then, and it does not hold up the
 * result (it ends with the sandbox).
 */
const DRAIN_AFTER_GROUP_MS = 250;

/**
 * The Node-only sandbox: a fresh temporary directory and the machine's real `bash`. It holds the
 * tools to a real shell and a real file system in tests and on the command line. Paths that
 * resolve outside the directory (through `..`, absolute paths, `~` or symlinks) are refused, and
 * every file operation checks what it opened (`safeNodeFs`); a file with names outside the
 * directory (a hard link) is not read, by the file operations or through `rg` (`hardLinks.ts`). Commands are not confined: they run
 * as the user. Each runs in its own process group, killed when the command ends, so nothing it
 * left in the background outlives it; a process that left the group (`setsid`) still carries the
 * sandbox's mark (`ownedProcesses.ts`), and is killed when the sandbox is disposed.
 */
export async function createNodeSandbox(): Promise<Sandbox> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'tool-playground-')));
  const groups = new Set<number>();
  const owner = processOwner('sandbox');
  return {
    kind: 'node',
    root,
    fs: safeNodeFs(root),
    streamsOutput: true,
    resolve: (path) => resolveReal(root, path),
    relative: (path) => relativeToRoot(root, path),
    exec: (command, options) => execute(root, command, groups, owner.env, options),
    async ripgrep(args, options) {
      const result = await runRipgrep(root, args, options);
      if (!result) return result;
      const checked = await ripgrepWithoutHardLinksOut(root, options.cwd, args, result.stdout);
      return checked.ok ? { ...result, stdout: checked.stdout } : { ...result, exitCode: 2, stdout: '', stderr: checked.error };
    },
    async dispose() {
      for (const group of groups) killGroup(group);
      groups.clear();
      await owner.killAll();
      // A process killed a moment ago may still be writing: retry, and never fail the run for it.
      await rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 }).catch(() => undefined);
    },
  };
}

/** Whether any process of the group is still there (signal 0 tests without sending). */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGKILL to a whole process group; a group already gone is not an error. */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Lexical resolution, then every symlink on the way followed by hand: each must stay inside. */
async function resolveReal(root: string, input: string): Promise<PathResolution> {
  const lexical = resolveInsideRoot(root, input);
  if (!lexical.ok) return lexical;
  const followed = await followSymlinks(LINKS, root, lexical.path);
  if (!followed.ok) return followed;
  return followed.real === lexical.path ? lexical : { ok: true, path: lexical.path, real: followed.real };
}

const LINKS: LinkReader = {
  isSymlink: (path) => lstat(path).then((info) => info.isSymbolicLink(), () => undefined),
  readlink: (path) => readlink(path),
};

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

/**
 * Runs `bash -c command` in its own process group, streaming output; kills the group on abort, on
 * timeout, and when the command ends (what it left running in the background goes with it).
 */
function execute(root: string, command: string, groups: Set<number>, mark: Readonly<Record<string, string>>, options: ExecOptions = {}): Promise<ExecResult> {
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      resolve({ exitCode: EXIT_ABORTED, stdout: '', stderr: '', timedOut: false, aborted: true });
      return;
    }
    const child = spawn('bash', ['-c', command], {
      cwd: options.cwd ?? root,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root, LANG: 'C.UTF-8', TERM: 'dumb', ...options.env, ...mark },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout = new KeptOutput();
    const stderr = new KeptOutput();
    let timedOut = false;
    let aborted = false;
    const group = child.pid;
    if (group !== undefined) groups.add(group);
    const killOwnGroup = () => {
      if (group !== undefined) killGroup(group);
    };
    // Only what is kept is passed on: a flood would otherwise fill whoever listens instead.
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const kept = stdout.add(chunk);
      if (kept) options.onOutput?.(kept, 'stdout');
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      const kept = stderr.add(chunk);
      if (kept) options.onOutput?.(kept, 'stderr');
    });
    const onAbort = () => {
      aborted = true;
      killOwnGroup();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer =
      options.timeoutMs !== undefined
        ? setTimeout(() => {
            timedOut = true;
            killOwnGroup();
          }, options.timeoutMs)
        : undefined;
    let watch: ReturnType<typeof setInterval> | undefined;
    let drain: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const finish = (code: number | null) => {
      if (done) return;
      done = true;
      clearInterval(watch);
      clearTimeout(drain);
      killOwnGroup();
      if (group !== undefined) groups.delete(group);
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      // Whoever followed the output hears of what was not kept, as the result says it.
      if (stdout.note()) options.onOutput?.(stdout.note(), 'stdout');
      if (stderr.note()) options.onOutput?.(stderr.note(), 'stderr');
      const exitCode = timedOut ? EXIT_TIMED_OUT : aborted ? EXIT_ABORTED : (code ?? 1);
      resolve({ exitCode, stdout: stdout.text(), stderr: stderr.text(), timedOut, aborted });
    };
    child.on('error', (error) => {
      stderr.add(`${error.message}\n`);
      finish(127);
    });
    // The shell exited: its background jobs in the group run on to their end (or the timeout), as
    // before; once the group is empty, pipes still open are held by a process that left it, and
    // the result waits for them only as long as output may still be on its way.
    child.on('exit', (code) => {
      watch = setInterval(() => {
        if (group !== undefined && groupAlive(group)) return;
        clearInterval(watch);
        drain = setTimeout(() => {
          child.stdout.destroy();
          child.stderr.destroy();
          finish(code);
        }, DRAIN_AFTER_GROUP_MS);
      }, GROUP_POLL_MS);
    });
    child.on('close', (code) => finish(code));
  });
}

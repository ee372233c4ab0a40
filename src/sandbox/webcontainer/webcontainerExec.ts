import type { WebContainerProcess } from '@webcontainer/api';
import type { ExecOptions, ExecResult } from '../types';
import { createAnsiStripper } from './ansi';
import type { WebContainerLike } from './webcontainerLike';

/** The exit codes a shell gives a command stopped by a timeout or a signal, as the other adapters do. */
const EXIT_TIMED_OUT = 124;
const EXIT_ABORTED = 130;
/** How long a killed process may take to report its exit before we stop waiting for it. */
const KILL_GRACE_MS = 200;
/** How long output may trail the exit code before the stream is let go. */
const OUTPUT_SETTLE_MS = 50;

/** What `exec` needs from the sandbox: the instance, and where running processes are kept for `dispose`. */
export interface ExecContext {
  instance: WebContainerLike;
  /** The cwd for `spawn` (relative to the workdir), from an absolute one. */
  instancePath(path: string): string;
  running: Set<WebContainerProcess>;
}

/**
 * Runs `jsh -c command`. Its output is one terminal stream (stdout and stderr mixed), so it is
 * all reported as stdout, with ANSI codes stripped and CRLF made LF. A timeout or an abort kills
 * the process; the result says which, whether or not the process then reports its exit.
 */
export async function execInWebContainer(context: ExecContext, command: string, options: ExecOptions = {}): Promise<ExecResult> {
  const { signal, timeoutMs, onOutput } = options;
  const stopped = (stdout: string, timedOut: boolean): ExecResult => ({
    exitCode: timedOut ? EXIT_TIMED_OUT : EXIT_ABORTED,
    stdout,
    stderr: '',
    timedOut,
    aborted: !timedOut,
  });
  if (signal?.aborted) return stopped('', false);

  const cwd = options.cwd === undefined ? '.' : context.instancePath(options.cwd);
  let child: WebContainerProcess;
  try {
    child = await context.instance.spawn('jsh', ['-c', command], {
      ...(cwd === '.' ? {} : { cwd }),
      ...(options.env ? { env: options.env } : {}),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { exitCode: 127, stdout: '', stderr: `jsh could not start: ${message}\n`, timedOut: false, aborted: false };
  }
  context.running.add(child);

  let stdout = '';
  let finished = false;
  const stripper = createAnsiStripper();
  const take = (text: string) => {
    if (finished || text === '') return;
    stdout += text;
    onOutput?.(text, 'stdout');
  };
  const reader = child.output.getReader();
  const drained = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      take(stripper.push(value));
    }
  })().catch(() => undefined);

  let stopReason: 'timeout' | 'abort' | undefined;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  let killed!: () => void;
  const afterKill = new Promise<undefined>((resolve) => {
    killed = () => (graceTimer = setTimeout(() => resolve(undefined), KILL_GRACE_MS));
  });
  const stop = (reason: 'timeout' | 'abort') => {
    if (stopReason) return;
    stopReason = reason;
    child.kill();
    killed();
  };
  const onAbort = () => stop('abort');
  signal?.addEventListener('abort', onAbort, { once: true });
  // Aborted while jsh was starting: the listener above came too late for it.
  if (signal?.aborted) stop('abort');
  const timer = timeoutMs !== undefined ? setTimeout(() => stop('timeout'), timeoutMs) : undefined;

  try {
    const exitCode = await Promise.race([child.exit.catch(() => 1), afterKill]);
    // Exited: a timeout or abort from here on must not relabel a finished command.
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    await within(drained, OUTPUT_SETTLE_MS);
    take(stripper.flush());
    if (stopReason) return stopped(stdout, stopReason === 'timeout');
    return { exitCode: exitCode ?? 1, stdout, stderr: '', timedOut: false, aborted: false };
  } finally {
    finished = true;
    clearTimeout(timer);
    clearTimeout(graceTimer);
    signal?.removeEventListener('abort', onAbort);
    context.running.delete(child);
    reader.cancel().catch(() => undefined);
  }
}

/** Waits for `work`, but no longer than `ms`. */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

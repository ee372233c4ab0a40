import { MAX_KEPT_OUTPUT, truncationNote } from '../../sandbox/keptOutput';
import type { Sandbox } from '../../sandbox/types';
import type { Clock } from '../../time/clock';

/** How a background shell stands. */
export type BackgroundStatus = 'running' | 'exited' | 'killed';

/** A background shell as people see it: what it runs, who started and ended it, and how it ended. */
export interface BackgroundShellInfo {
  readonly id: string;
  readonly command: string;
  /** The Bash call that started it. */
  readonly startedBy: string;
  readonly status: BackgroundStatus;
  /** `null` while it runs, and when it was killed. */
  readonly exitCode: number | null;
}

/** What a read of a background shell's output returns: what is new since the last read. */
export interface BackgroundRead extends BackgroundShellInfo {
  readonly stdout: string;
  readonly stderr: string;
}

/** Being told of a shell starting and ending (the session turns these into run events). */
export interface BackgroundObserver {
  started(shell: BackgroundShellInfo): void;
  ended(shell: BackgroundShellInfo, how: 'exit' | 'kill' | 'run-end', by?: string): void;
}

/**
 * Adds output to a shell's stream: what a read handed out already is let go, and of what is new
 * at most `MAX_KEPT_OUTPUT` characters wait for the next read (the rest is counted, and the read
 * says so). Unbounded, `yes | head -c 100000000` ended whole in one BashOutput result.
 */
function appendOutput(shell: Shell, stream: 'stdout' | 'stderr', chunk: string): void {
  const read = stream === 'stdout' ? 'readStdout' : 'readStderr';
  const dropped = stream === 'stdout' ? 'droppedStdout' : 'droppedStderr';
  if (shell[read] > 0) {
    shell[stream] = shell[stream].slice(shell[read]);
    shell[read] = 0;
  }
  const room = Math.max(0, MAX_KEPT_OUTPUT - shell[stream].length);
  shell[stream] += chunk.length <= room ? chunk : chunk.slice(0, room);
  shell[dropped] += Math.max(0, chunk.length - room);
}

interface Shell {
  info: { -readonly [K in keyof BackgroundShellInfo]: BackgroundShellInfo[K] };
  stdout: string;
  stderr: string;
  /** How much of each stream a read has handed out. */
  readStdout: number;
  readStderr: number;
  /** What arrived since the last read beyond what is kept of it (counted, not kept). */
  droppedStdout: number;
  droppedStderr: number;
  controller: AbortController;
  exited: Promise<void>;
  /** Who asked it to stop, when someone did. */
  stopping?: { how: 'kill' | 'run-end'; by?: string };
}

/**
 * The session's background shells (Bash with `run_in_background`): each runs its command in the
 * sandbox without its call waiting, outlives that call, and is read (BashOutput, TaskOutput) and
 * stopped (KillBash, TaskStop) by id. Its work is not the clock's tracked work: a server left
 * running must not hold simulated time to the wall clock's pace. Whatever still runs when the
 * session ends is stopped then.
 */
export class BackgroundShells {
  private readonly shells = new Map<string, Shell>();
  private counter = 0;

  constructor(
    private readonly sandbox: Sandbox,
    private readonly observer?: BackgroundObserver,
  ) {}

  /** Starts `command` in the background for the call `startedBy`; returns its id (`bash_1`, …). */
  start(command: string, startedBy: string): BackgroundShellInfo {
    const id = `bash_${++this.counter}`;
    const controller = new AbortController();
    const shell: Shell = {
      info: { id, command, startedBy, status: 'running', exitCode: null },
      stdout: '',
      stderr: '',
      readStdout: 0,
      readStderr: 0,
      droppedStdout: 0,
      droppedStderr: 0,
      controller,
      exited: Promise.resolve(),
    };
    const streams = this.sandbox.streamsOutput;
    shell.exited = this.sandbox
      .exec(command, {
        signal: controller.signal,
        ...(streams ? { onOutput: (chunk: string, stream: 'stdout' | 'stderr') => appendOutput(shell, stream, chunk) } : {}),
      })
      .then(
        (result) => {
          if (!streams) {
            appendOutput(shell, 'stdout', result.stdout);
            appendOutput(shell, 'stderr', result.stderr);
          }
          this.end(shell, result.aborted ? null : result.exitCode);
        },
        (error: unknown) => {
          shell.stderr += `${error instanceof Error ? error.message : String(error)}\n`;
          this.end(shell, 1);
        },
      );
    this.shells.set(id, shell);
    this.observer?.started({ ...shell.info });
    return { ...shell.info };
  }

  private end(shell: Shell, exitCode: number | null): void {
    const how = shell.stopping?.how ?? 'exit';
    shell.info.status = how === 'exit' ? 'exited' : 'killed';
    shell.info.exitCode = how === 'exit' ? exitCode : null;
    this.observer?.ended({ ...shell.info }, how, shell.stopping?.by);
  }

  /** How the shell stands, without reading its output. */
  info(id: string): BackgroundShellInfo | undefined {
    const shell = this.shells.get(id);
    return shell ? { ...shell.info } : undefined;
  }

  /** The shell's output since the last read (lines matching `filter` only, when given), and its status. */
  read(id: string, filter?: RegExp): BackgroundRead | undefined {
    const shell = this.shells.get(id);
    if (!shell) return undefined;
    const note = (dropped: number) => (dropped > 0 ? truncationNote(dropped) : '');
    const stdout = shell.stdout.slice(shell.readStdout) + note(shell.droppedStdout);
    const stderr = shell.stderr.slice(shell.readStderr) + note(shell.droppedStderr);
    shell.readStdout = shell.stdout.length;
    shell.readStderr = shell.stderr.length;
    shell.droppedStdout = 0;
    shell.droppedStderr = 0;
    const keep = (text: string) => (filter ? text.split('\n').filter((line) => filter.test(line)).join('\n') : text);
    return { ...shell.info, stdout: keep(stdout), stderr: keep(stderr) };
  }

  /** Waits until the shell ends, the clock reaches `timeoutMs`, or `signal` aborts; the waiting is real work. */
  async waitFor(id: string, clock: Clock, timeoutMs: number, signal: AbortSignal): Promise<void> {
    const shell = this.shells.get(id);
    if (!shell || shell.info.status !== 'running') return;
    const timer = new AbortController();
    const stop = () => timer.abort();
    signal.addEventListener('abort', stop, { once: true });
    try {
      await Promise.race([clock.track(shell.exited), clock.sleep(timeoutMs, timer.signal).catch(() => undefined)]);
    } finally {
      signal.removeEventListener('abort', stop);
      timer.abort();
    }
  }

  /** Stops a running shell (`by`: the call that asked); `undefined` when there is no such shell. */
  async kill(id: string, by: string): Promise<BackgroundShellInfo | undefined> {
    const shell = this.shells.get(id);
    if (!shell) return undefined;
    if (shell.info.status === 'running') {
      shell.stopping = { how: 'kill', by };
      shell.controller.abort();
      await shell.exited;
    }
    return { ...shell.info };
  }

  /** The ids the session knows, for a message naming what exists. */
  ids(): string[] {
    return [...this.shells.keys()];
  }

  /** Stops every shell still running (the session is over). */
  async stopAll(): Promise<void> {
    const running = [...this.shells.values()].filter((shell) => shell.info.status === 'running');
    for (const shell of running) {
      shell.stopping = { how: 'run-end' };
      shell.controller.abort();
    }
    await Promise.all(running.map((shell) => shell.exited));
  }
}

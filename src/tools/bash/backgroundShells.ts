import { KeptOutput } from '../../sandbox/keptOutput';
import type { Sandbox } from '../../sandbox/types';
import type { Clock } from '../../time/clock';
import type { LinearRegex } from '../linearRegex';

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

interface Shell {
  info: { -readonly [K in keyof BackgroundShellInfo]: BackgroundShellInfo[K] };
  /**
   * What each stream printed since the last read, kept up to a limit (the rest is counted, and the
   * read says so): unbounded, `yes | head -c 100000000` ended whole in one BashOutput result.
   */
  stdout: KeptOutput;
  stderr: KeptOutput;
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
      stdout: new KeptOutput(),
      stderr: new KeptOutput(),
      controller,
      exited: Promise.resolve(),
    };
    const streams = this.sandbox.streamsOutput;
    shell.exited = this.sandbox
      .exec(command, {
        signal: controller.signal,
        ...(streams ? { onOutput: (chunk: string, stream: 'stdout' | 'stderr') => void shell[stream].add(chunk) } : {}),
      })
      .then(
        (result) => {
          if (!streams) {
            shell.stdout.add(result.stdout);
            shell.stderr.add(result.stderr);
          }
          this.end(shell, result.aborted ? null : result.exitCode);
        },
        (error: unknown) => {
          shell.stderr.add(`${error instanceof Error ? error.message : String(error)}\n`);
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
  read(id: string, filter?: LinearRegex): BackgroundRead | undefined {
    const shell = this.shells.get(id);
    if (!shell) return undefined;
    const stdout = shell.stdout.text();
    const stderr = shell.stderr.text();
    shell.stdout = new KeptOutput();
    shell.stderr = new KeptOutput();
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

import type { BootOptions, FileSystemTree, SpawnOptions } from '@webcontainer/api';
import { posix } from '../../src/sandbox/posixPath';
import { FakeProcess, runFakeScript } from './fakeJsh';
import { FakeWebContainerFs } from './fakeWebContainerFs';
import type { WebContainerBootApi, WebContainerLike } from '../../src/sandbox/webcontainer/webcontainerLike';

/** Options of {@link FakeWebContainer}. */
export interface FakeWebContainerOptions {
  workdirName?: string;
  /** `false` fakes processes whose exit never comes after a kill (the adapter must not hang). */
  exitsOnKill?: boolean;
}

/** One `spawn` call, as the fake saw it. */
export interface FakeSpawn {
  command: string;
  args: string[];
  options: SpawnOptions | undefined;
  process: FakeProcess;
}

/**
 * TEST FAKE of a booted `WebContainer` (the outside service, which cannot boot here: its runtime
 * comes from StackBlitz's servers). It has the real API's shapes, an in-memory fs and a fake jsh
 * with a handful of commands, so the adapter's own code runs on top of it unchanged. Not for the page.
 */
export class FakeWebContainer implements WebContainerLike {
  readonly workdir: string;
  readonly fs: FakeWebContainerFs;
  /** Every `spawn`, in order. */
  readonly spawned: FakeSpawn[] = [];
  private readonly exitsOnKill: boolean;

  constructor(options: FakeWebContainerOptions = {}) {
    this.workdir = `/home/${options.workdirName ?? 'workspace'}`;
    this.fs = new FakeWebContainerFs(this.workdir);
    this.exitsOnKill = options.exitsOnKill ?? true;
  }

  async spawn(command: string, args: string[], options?: SpawnOptions): Promise<FakeProcess> {
    if (command !== 'jsh') throw new Error(`fake WebContainer: only jsh is faked, not ${command}`);
    const cwd = options?.cwd === undefined ? this.workdir : this.fs.absolute(options.cwd);
    const env = Object.fromEntries(Object.entries(options?.env ?? {}).map(([key, value]) => [key, String(value)]));
    let process: FakeProcess;
    if (args[0] === '-c' && args[1] !== undefined) {
      const script = args[1];
      process = new FakeProcess(this.exitsOnKill);
      const context = { fs: this.fs, cwd, env, process };
      // Start on a later task, as a real process does, after the caller has the process in hand.
      setTimeout(() => {
        runFakeScript(script, context).then(
          ({ code }) => process.end(code),
          (error: unknown) => {
            process.print(`${error instanceof Error ? error.message : String(error)}\n`);
            process.end(1);
          },
        );
      }, 0);
    } else if (args[0] === '--osc') {
      process = this.interactive(cwd, env);
    } else {
      throw new Error(`fake WebContainer: jsh ${args.join(' ')} is not faked`);
    }
    this.spawned.push({ command, args, options, process });
    return process;
  }

  async mount(tree: FileSystemTree, options?: { mountPoint?: string }): Promise<void> {
    this.fs.mountAt(options?.mountPoint === undefined ? this.workdir : this.fs.absolute(options.mountPoint), tree);
  }

  /** `jsh --osc`: the ready marker and a prompt, then each line typed runs and ends in an exit marker. */
  private interactive(cwd: string, env: Record<string, string>): FakeProcess {
    let line = '';
    let queue = Promise.resolve();
    const prompt = () => process.print(`\x1b[1m${posix.basename(cwd)}\x1b[0m ❯ `);
    const process = new FakeProcess(this.exitsOnKill, (chunk) => {
      for (const char of chunk) {
        if (char === '\r') {
          const command = line;
          line = '';
          process.print('\n');
          queue = queue.then(async () => {
            const { code, exited } = await runFakeScript(command, { fs: this.fs, cwd, env, process });
            if (exited) return process.end(code);
            process.print(`\x1b]654;exit=0:${code}\x07`);
            prompt();
          });
        } else if (char === '\x7f') {
          if (line !== '') process.print('\b \b');
          line = line.slice(0, -1);
        } else {
          line += char;
          process.print(char);
        }
      }
    });
    setTimeout(() => {
      process.print('\x1b]654;interactive\x07');
      prompt();
    }, 0);
    return process;
  }
}

/** How the fake boot behaves. */
export type FakeBootMode = 'succeed' | 'hang' | 'throw';

/** TEST FAKE of `WebContainer.boot`, with the calls it got and a way to finish a hanging boot. */
export interface FakeBootApi extends WebContainerBootApi {
  readonly calls: BootOptions[];
  /** Lets a hanging boot finish (as a slow network finally answering). */
  finish(): void;
}

/** A fake `{ boot }` for `bootWebContainer`: succeeds with a FakeWebContainer, hangs, or throws `message`. */
export function createFakeBootApi(mode: FakeBootMode, message = 'Unable to create more instances'): FakeBootApi {
  const calls: BootOptions[] = [];
  let finish = () => undefined as void;
  return {
    calls,
    finish: () => finish(),
    boot(options) {
      calls.push(options);
      if (mode === 'throw') return Promise.reject(new Error(message));
      const instance = new FakeWebContainer(options.workdirName !== undefined ? { workdirName: options.workdirName } : {});
      if (mode === 'succeed') return Promise.resolve(instance);
      return new Promise<WebContainerLike>((resolve) => (finish = () => resolve(instance)));
    },
  };
}

import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createNodeSandbox } from './nodeSandbox';
import { OWNER_VARIABLE, processOwner } from './ownedProcesses';

/** The pids whose command line is exactly `argv` (read from /proc). */
function running(...argv: string[]): number[] {
  const wanted = `${argv.join('\0')}\0`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const state = /^\d+ \(.*\) (\S)/.exec(readFileSync(`/proc/${name}/stat`, 'utf8'))?.[1];
        return state !== 'Z' && readFileSync(`/proc/${name}/cmdline`, 'utf8') === wanted;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A sleep's length no other test (or earlier run) uses: its command line names it alone. */
const unique = () => String(5000 + Math.floor(Math.random() * 90_000));

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!check()) throw new Error(`never: ${what}`);
}

describe.runIf(existsSync('/proc'))('processes a run starts end with it, wherever they went', () => {
  it('kills what carries the owner’s mark: a process that left its group and ignores SIGTERM', async () => {
    const owner = processOwner('test');
    const [away, here] = [unique(), unique()];
    // bash ignores TERM, then setsid -f puts a sleep in a session of its own: no group kill reaches it.
    const child = spawn('bash', ['-c', `trap '' TERM; setsid -f sleep ${away}; exec sleep ${here}`], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...owner.env }, stdio: 'ignore' });
    await until(() => running('sleep', away).length === 1 && running('sleep', here).length === 1, 'both sleeps started');
    expect(await owner.killAll()).toBe(2);
    await until(() => running('sleep', away).length === 0 && running('sleep', here).length === 0, 'both sleeps gone');
    child.unref();
  });

  it('leaves alone what another owner started', async () => {
    const [mine, theirs] = [processOwner('test'), processOwner('test')];
    const length = unique();
    const child = spawn('sleep', [length], { env: { ...theirs.env }, stdio: 'ignore' });
    await until(() => running('sleep', length).length === 1, 'their sleep started');
    expect(await mine.killAll()).toBe(0);
    expect(running('sleep', length)).toHaveLength(1);
    await theirs.killAll();
    await until(() => running('sleep', length).length === 0, 'their sleep gone');
    child.unref();
  });

  it('a background job that stays in the command’s group still runs to its end before the result', async () => {
    const sandbox = await createNodeSandbox();
    try {
      expect((await sandbox.exec('(sleep 0.3; echo late) & echo early')).stdout).toBe('early\nlate\n');
    } finally {
      await sandbox.dispose();
    }
  });

  it('a command of the node sandbox that escaped its group with setsid ends when the sandbox is disposed', async () => {
    const sandbox = await createNodeSandbox();
    const length = unique();
    // It holds the command's output open, too: the result does not wait for it. (The command waits
    // until the sleep has left its group: killed sooner, with the group, it would prove nothing.)
    const result = await sandbox.exec(`setsid -f sleep ${length}; until pgrep -x -f 'sleep ${length}' >/dev/null; do sleep 0.05; done; echo started`);
    expect(result).toMatchObject({ exitCode: 0, stdout: 'started\n' });
    // The command's own group was killed when it ended; the escaped sleep lives on, marked.
    await until(() => running('sleep', length).length === 1, 'the escaped sleep is running');
    const [pid] = running('sleep', length);
    expect(readFileSync(`/proc/${pid}/environ`, 'utf8')).toContain(`${OWNER_VARIABLE}=sandbox-`);
    await sandbox.dispose();
    await until(() => running('sleep', length).length === 0, 'the escaped sleep gone');
  });
});

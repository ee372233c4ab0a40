import { describe, expect, it } from 'vitest';
import { FakeWebContainer, type FakeWebContainerOptions } from '../../../test/webcontainer/fakeWebContainer';
import { createWebContainerSandbox } from './webcontainerSandbox';

const ROOT = '/home/workspace';

function sandboxOverFake(options: FakeWebContainerOptions = {}) {
  const fake = new FakeWebContainer(options);
  return { fake, sandbox: createWebContainerSandbox(fake) };
}

describe('createWebContainerSandbox: exec', () => {
  it('runs the command with jsh -c in the root and hands back plain text and the exit code', async () => {
    const { fake, sandbox } = sandboxOverFake();
    const result = await sandbox.exec("echo '\\e[32mgreen\\e[0m' plain && exit 3");
    expect(result).toEqual({ exitCode: 3, stdout: 'green plain\n', stderr: '', timedOut: false, aborted: false });
    expect(fake.spawned[0]).toMatchObject({ command: 'jsh', args: ['-c', "echo '\\e[32mgreen\\e[0m' plain && exit 3"] });
    expect(fake.spawned[0]!.options).toEqual({});
  });

  it('reports the mixed terminal output as stdout, errors included', async () => {
    const { sandbox } = sandboxOverFake();
    const result = await sandbox.exec('cat missing.txt');
    expect(result).toMatchObject({ exitCode: 1, stdout: 'cat: missing.txt: No such file or directory\n', stderr: '' });
    expect(await sandbox.exec('nosuchtool')).toMatchObject({ exitCode: 127 });
  });

  it('streams output through onOutput as it arrives, stripped the same way', async () => {
    const { sandbox } = sandboxOverFake();
    const chunks: [string, string][] = [];
    const result = await sandbox.exec("echo '\\e[1mone\\e[0m'; echo two", { onOutput: (chunk, stream) => chunks.push([chunk, stream]) });
    expect(chunks).toEqual([
      ['one\n', 'stdout'],
      ['two\n', 'stdout'],
    ]);
    expect(result.stdout).toBe('one\ntwo\n');
  });

  it('passes cwd (relative to the workdir) and env to the process', async () => {
    const { fake, sandbox } = sandboxOverFake();
    await sandbox.fs.mkdir(`${ROOT}/src`);
    const result = await sandbox.exec('pwd && echo $GREETING', { cwd: `${ROOT}/src`, env: { GREETING: 'hi' } });
    expect(result.stdout).toBe(`${ROOT}/src\nhi\n`);
    expect(fake.spawned[0]!.options).toEqual({ cwd: 'src', env: { GREETING: 'hi' } });
  });

  it('kills the process at its timeout and says so, keeping what it printed', async () => {
    const { fake, sandbox } = sandboxOverFake();
    const result = await sandbox.exec('echo started && sleep 10', { timeoutMs: 50 });
    expect(result).toEqual({ exitCode: 124, stdout: 'started\n', stderr: '', timedOut: true, aborted: false });
    expect(fake.spawned[0]!.process.killed).toBe(true);
  });

  it('kills the process when the signal aborts, and starts none under an aborted signal', async () => {
    const { fake, sandbox } = sandboxOverFake();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await sandbox.exec('sleep 10', { signal: controller.signal });
    expect(result).toMatchObject({ exitCode: 130, timedOut: false, aborted: true });
    expect(fake.spawned[0]!.process.killed).toBe(true);
    expect(await sandbox.exec('echo never', { signal: controller.signal })).toMatchObject({ aborted: true });
    expect(fake.spawned).toHaveLength(1);
  });

  it('returns soon after a kill even when the process never reports its exit', async () => {
    const { sandbox } = sandboxOverFake({ exitsOnKill: false });
    const started = performance.now();
    const result = await sandbox.exec('sleep 10', { timeoutMs: 20 });
    expect(result.timedOut).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('dispose kills the commands still running', async () => {
    const { fake, sandbox } = sandboxOverFake();
    const running = sandbox.exec('sleep 10');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await sandbox.dispose();
    await running;
    expect(fake.spawned[0]!.process.killed).toBe(true);
  });
});

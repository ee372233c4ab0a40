import { describe, expect, it } from 'vitest';
import { FakeWebContainer } from '../../../test/webcontainer/fakeWebContainer';
import { createWebContainerSandbox } from './webcontainerSandbox';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function shellOverFake() {
  const fake = new FakeWebContainer();
  const sandbox = createWebContainerSandbox(fake);
  const shell = sandbox.shell();
  let output = '';
  return { fake, sandbox, shell, output: () => output, listen: () => shell.onData((data) => (output += data)) };
}

describe('createWebContainerSandbox: shell', () => {
  it('spawns jsh --osc in a terminal and keeps what it printed before anyone listened', async () => {
    const { fake, output, listen } = shellOverFake();
    await settle();
    expect(fake.spawned[0]).toMatchObject({ command: 'jsh', args: ['--osc'], options: { terminal: { cols: 80, rows: 24 } } });
    listen();
    expect(output()).toContain('\x1b]654;interactive\x07');
  });

  it('sends what is typed (also before jsh started) and passes the raw output on', async () => {
    const { shell, output, listen } = shellOverFake();
    listen();
    shell.write('echo hi\r');
    await settle();
    shell.write('exit 0\r');
    await settle();
    // Raw terminal output: CRLF, colours and jsh's exit marker are left for the terminal emulator.
    expect(output()).toContain('echo hi\r\nhi\r\n\x1b]654;exit=0:0\x07');
    expect(output()).toContain('[jsh exited with code 0]');
  });

  it('resizes the terminal, also when the size came before jsh started', async () => {
    const { fake, shell } = shellOverFake();
    shell.resize!(100, 30);
    await settle();
    shell.resize!(120, 40);
    expect(fake.spawned[0]!.process.sizes).toEqual([
      { cols: 100, rows: 30 },
      { cols: 120, rows: 40 },
    ]);
  });

  it('stops listening on unsubscribe', async () => {
    const { shell, output } = shellOverFake();
    let seen = '';
    const off = shell.onData((data) => (seen += data));
    await settle();
    off();
    const before = seen;
    shell.write('echo later\r');
    await settle();
    expect(seen).toBe(before);
    expect(output()).toBe('');
  });

  it('close kills jsh; dispose closes the shells still open', async () => {
    const first = shellOverFake();
    await settle();
    first.shell.close();
    expect(first.fake.spawned[0]!.process.killed).toBe(true);

    const second = shellOverFake();
    await settle();
    await second.sandbox.dispose();
    expect(second.fake.spawned[0]!.process.killed).toBe(true);
  });

  it('kills a jsh that starts after the shell was closed', async () => {
    const { fake, shell } = shellOverFake();
    shell.close();
    await settle();
    expect(fake.spawned[0]!.process.killed).toBe(true);
  });
});

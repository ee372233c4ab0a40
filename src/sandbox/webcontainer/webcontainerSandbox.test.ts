import { describe, expect, it } from 'vitest';
import { FakeWebContainer } from '../../../test/webcontainer/fakeWebContainer';
import { createWebContainerSandbox } from './webcontainerSandbox';

const ROOT = '/home/workspace';
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('createWebContainerSandbox: watch', () => {
  it('reports changes under the root by absolute path, whoever made them', async () => {
    const fake = new FakeWebContainer();
    const sandbox = createWebContainerSandbox(fake);
    const seen: string[] = [];
    const stop = sandbox.watch((path) => seen.push(path));
    await sandbox.fs.mkdir(`${ROOT}/src`);
    await sandbox.fs.writeFile(`${ROOT}/src/a.ts`, 'a');
    await sandbox.exec('echo b > b.txt');
    await settle();
    expect(seen).toEqual(expect.arrayContaining([`${ROOT}/src`, `${ROOT}/src/a.ts`, `${ROOT}/b.txt`]));
    stop();
    const count = seen.length;
    await sandbox.fs.writeFile(`${ROOT}/c.txt`, 'c');
    await settle();
    expect(seen).toHaveLength(count);
  });

  it('closes its watcher on dispose', async () => {
    const fake = new FakeWebContainer();
    const sandbox = createWebContainerSandbox(fake);
    const seen: string[] = [];
    sandbox.watch((path) => seen.push(path));
    await sandbox.dispose();
    await fake.fs.writeFile('late.txt', 'x');
    await settle();
    expect(seen).toEqual([]);
  });
});

describe('createWebContainerSandbox: mount', () => {
  it('writes a whole workspace in one mount', async () => {
    const fake = new FakeWebContainer();
    const sandbox = createWebContainerSandbox(fake);
    await sandbox.mount({ 'src/a.ts': 'a', [`${ROOT}/README.md`]: 'r' });
    expect(await sandbox.fs.readFile(`${ROOT}/src/a.ts`)).toBe('a');
    expect(await sandbox.fs.readFile(`${ROOT}/README.md`)).toBe('r');
  });

  it('mounts under a root that is a folder of the workdir', async () => {
    const fake = new FakeWebContainer();
    await fake.fs.mkdir('project', { recursive: true });
    const sandbox = createWebContainerSandbox(fake, { workdir: `${ROOT}/project` });
    await sandbox.mount({ 'a.txt': 'a' });
    expect(await fake.fs.readFile('project/a.txt', 'utf-8')).toBe('a');
  });

  it('gives a file mounted over a known one a new modification time', async () => {
    const fake = new FakeWebContainer();
    const sandbox = createWebContainerSandbox(fake);
    await sandbox.fs.writeFile(`${ROOT}/a.txt`, 'a');
    const before = (await sandbox.fs.stat(`${ROOT}/a.txt`))!.mtimeMs;
    await sandbox.mount({ 'a.txt': 'a' });
    expect((await sandbox.fs.stat(`${ROOT}/a.txt`))!.mtimeMs).toBeGreaterThan(before);
  });
});

describe('createWebContainerSandbox: dispose', () => {
  it('leaves the instance usable for the next sandbox', async () => {
    const fake = new FakeWebContainer();
    await createWebContainerSandbox(fake).dispose();
    const next = createWebContainerSandbox(fake);
    expect(await next.exec('echo still here')).toMatchObject({ exitCode: 0, stdout: 'still here\n' });
  });
});

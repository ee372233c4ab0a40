import { describe, expect, it } from 'vitest';
import { FakeWebContainer } from '../../../test/webcontainer/fakeWebContainer';
import { createWebContainerSandbox } from './webcontainerSandbox';

const ROOT = '/home/workspace';

function sandboxOverFake() {
  const fake = new FakeWebContainer();
  return { fake, sandbox: createWebContainerSandbox(fake) };
}

describe('createWebContainerSandbox: files', () => {
  it("takes the instance's workdir as its root", () => {
    const { sandbox } = sandboxOverFake();
    expect(sandbox.kind).toBe('webcontainer');
    expect(sandbox.root).toBe(ROOT);
    expect(sandbox.streamsOutput).toBe(true);
  });

  it('writes and reads files by absolute path, handing the instance workdir-relative paths', async () => {
    const { fake, sandbox } = sandboxOverFake();
    await sandbox.fs.mkdir(`${ROOT}/src/deep`);
    await sandbox.fs.writeFile(`${ROOT}/src/deep/a.ts`, 'export const a = 1;\n');
    expect(await sandbox.fs.readFile(`${ROOT}/src/deep/a.ts`)).toBe('export const a = 1;\n');
    // The fake throws on absolute paths, so this read proves the adapter made it relative.
    expect(await fake.fs.readFile('src/deep/a.ts', 'utf-8')).toBe('export const a = 1;\n');
  });

  it('mkdir creates parents and tolerates an existing folder; rm and rename work', async () => {
    const { sandbox } = sandboxOverFake();
    await sandbox.fs.mkdir(`${ROOT}/a/b/c`);
    await sandbox.fs.mkdir(`${ROOT}/a/b/c`);
    await sandbox.fs.writeFile(`${ROOT}/a/b/c/f.txt`, 'f');
    await sandbox.fs.rename(`${ROOT}/a/b/c/f.txt`, `${ROOT}/a/g.txt`);
    expect(await sandbox.fs.readFile(`${ROOT}/a/g.txt`)).toBe('f');
    expect(await sandbox.fs.stat(`${ROOT}/a/b/c/f.txt`)).toBeNull();
    await expect(sandbox.fs.rm(`${ROOT}/a`)).rejects.toThrow(/EISDIR/);
    await sandbox.fs.rm(`${ROOT}/a`, { recursive: true });
    expect(await sandbox.fs.stat(`${ROOT}/a`)).toBeNull();
  });

  it('fails like Node on a missing file', async () => {
    const { sandbox } = sandboxOverFake();
    await expect(sandbox.fs.readFile(`${ROOT}/missing.txt`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('readdir lists names with their types', async () => {
    const { sandbox } = sandboxOverFake();
    await sandbox.fs.mkdir(`${ROOT}/src`);
    await sandbox.fs.writeFile(`${ROOT}/b.txt`, 'b');
    expect(await sandbox.fs.readdir(ROOT)).toEqual([
      { name: 'b.txt', type: 'file' },
      { name: 'src', type: 'directory' },
    ]);
  });

  it('stat finds files (with their size in bytes), folders and the root, and null when nothing is there', async () => {
    const { sandbox } = sandboxOverFake();
    await sandbox.fs.mkdir(`${ROOT}/src`);
    await sandbox.fs.writeFile(`${ROOT}/src/é.txt`, 'héllo');
    expect(await sandbox.fs.stat(`${ROOT}/src/é.txt`)).toMatchObject({ type: 'file', size: 6 });
    expect(await sandbox.fs.stat(`${ROOT}/src`)).toMatchObject({ type: 'directory', size: 0 });
    expect(await sandbox.fs.stat(ROOT)).toMatchObject({ type: 'directory' });
    expect(await sandbox.fs.stat(`${ROOT}/src/missing.txt`)).toBeNull();
    expect(await sandbox.fs.stat(`${ROOT}/nowhere/missing.txt`)).toBeNull();
    // A path through a file is not there either (readdir of a file fails).
    expect(await sandbox.fs.stat(`${ROOT}/src/é.txt/x`)).toBeNull();
  });

  it('moves the modification time on its own writes, and keeps it while nothing changes', async () => {
    const { sandbox } = sandboxOverFake();
    const path = `${ROOT}/a.txt`;
    await sandbox.fs.writeFile(path, 'one');
    const first = (await sandbox.fs.stat(path))!.mtimeMs;
    expect((await sandbox.fs.stat(path))!.mtimeMs).toBe(first);
    await sandbox.fs.writeFile(path, 'two');
    expect((await sandbox.fs.stat(path))!.mtimeMs).toBeGreaterThan(first);
  });

  it('moves the modification time at once when something else changed a file, before its watch event', async () => {
    const { fake, sandbox } = sandboxOverFake();
    const path = `${ROOT}/a.txt`;
    await sandbox.fs.writeFile(path, 'one');
    const before = (await sandbox.fs.stat(path))!.mtimeMs;
    // The fake delivers watch events on a later task; this stat runs on microtasks only.
    await fake.fs.writeFile('a.txt', 'two');
    expect((await sandbox.fs.stat(path))!.mtimeMs).toBeGreaterThan(before);
  });

  it('sees a command\'s write', async () => {
    const { sandbox } = sandboxOverFake();
    await sandbox.exec('echo changed > a.txt');
    expect(await sandbox.fs.readFile(`${ROOT}/a.txt`)).toBe('changed\n');
  });

  it('moves the modification time on a watch event, as when a command touches a file', async () => {
    const { fake, sandbox } = sandboxOverFake();
    const path = `${ROOT}/a.txt`;
    await sandbox.fs.writeFile(path, 'same');
    await new Promise((resolve) => setTimeout(resolve, 10)); // the write's own event passes
    const before = (await sandbox.fs.stat(path))!.mtimeMs;
    await fake.fs.writeFile('a.txt', 'same');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await sandbox.fs.stat(path))!.mtimeMs).toBeGreaterThan(before);
  });

  it('walks every file and folder under a base, sorted, with absolute paths', async () => {
    const { sandbox } = sandboxOverFake();
    await sandbox.mount({ 'src/a.ts': 'a', 'src/nested/c.ts': 'c', 'README.md': 'r' });
    await sandbox.fs.mkdir(`${ROOT}/empty`);
    expect(await sandbox.fs.walk(ROOT)).toEqual([
      { path: `${ROOT}/README.md`, type: 'file' },
      { path: `${ROOT}/empty`, type: 'directory' },
      { path: `${ROOT}/src`, type: 'directory' },
      { path: `${ROOT}/src/a.ts`, type: 'file' },
      { path: `${ROOT}/src/nested`, type: 'directory' },
      { path: `${ROOT}/src/nested/c.ts`, type: 'file' },
    ]);
    expect(await sandbox.fs.walk(`${ROOT}/src/nested`)).toEqual([{ path: `${ROOT}/src/nested/c.ts`, type: 'file' }]);
  });

  it('refuses fs paths outside the root: callers must resolve first', async () => {
    const { sandbox } = sandboxOverFake();
    await expect(sandbox.fs.readFile('/etc/passwd')).rejects.toThrow(/outside the workspace/);
    await expect(sandbox.fs.writeFile(`${ROOT}/../x`, 'x')).rejects.toThrow(/outside the workspace/);
  });

  it('can take a folder inside the workdir as its root', async () => {
    const fake = new FakeWebContainer();
    await fake.fs.mkdir('project', { recursive: true });
    const sandbox = createWebContainerSandbox(fake, { workdir: `${ROOT}/project` });
    await sandbox.fs.writeFile(`${ROOT}/project/a.txt`, 'a');
    expect(await fake.fs.readFile('project/a.txt', 'utf-8')).toBe('a');
    expect(await sandbox.fs.stat(`${ROOT}/project`)).toMatchObject({ type: 'directory' });
    expect(await sandbox.resolve('../b.txt')).toMatchObject({ ok: false });
  });
});

describe('createWebContainerSandbox: resolve', () => {
  it('takes relative paths from the root and absolute ones inside it', async () => {
    const { sandbox } = sandboxOverFake();
    expect(await sandbox.resolve('src/a.ts')).toEqual({ ok: true, path: `${ROOT}/src/a.ts` });
    expect(await sandbox.resolve(`${ROOT}/src/../b.ts`)).toEqual({ ok: true, path: `${ROOT}/b.ts` });
    expect(sandbox.relative(`${ROOT}/src/a.ts`)).toBe('src/a.ts');
  });

  it('refuses paths that leave the workspace', async () => {
    const { sandbox } = sandboxOverFake();
    for (const path of ['../outside.txt', '/etc/passwd', '~/notes.txt', `${ROOT}/../x`]) {
      const resolved = await sandbox.resolve(path);
      expect(resolved.ok, path).toBe(false);
      expect(!resolved.ok && resolved.error).toContain('outside the workspace');
    }
  });
});

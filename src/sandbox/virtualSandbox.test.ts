import { InMemoryFs } from 'just-bash';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVirtualSandbox } from './virtualSandbox';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createVirtualSandbox: files', () => {
  it('mounts the given files under /workspace by default, or under the chosen root', async () => {
    const sandbox = createVirtualSandbox({ 'src/a.ts': 'a', '/workspace/b.txt': 'b' });
    expect(sandbox.kind).toBe('virtual');
    expect(sandbox.root).toBe('/workspace');
    expect(await sandbox.fs.readFile('/workspace/src/a.ts')).toBe('a');
    expect(await sandbox.fs.readFile('/workspace/b.txt')).toBe('b');
    const other = createVirtualSandbox({ 'x.md': 'x' }, { root: '/home/me/project' });
    expect(await other.fs.readFile('/home/me/project/x.md')).toBe('x');
  });

  it('refuses initial files outside the root', () => {
    expect(() => createVirtualSandbox({ '../etc/passwd': 'x' })).toThrow(/outside the workspace/);
  });

  it('creates an empty root so an empty workspace can be listed and written', async () => {
    const sandbox = createVirtualSandbox({});
    expect(await sandbox.fs.stat('/workspace')).toMatchObject({ type: 'directory' });
    expect(await sandbox.fs.walk('/workspace')).toEqual([]);
  });

  it('stat gives size, mtime and type, and null when nothing is there', async () => {
    const sandbox = createVirtualSandbox({ 'a.txt': 'hello' });
    const stat = await sandbox.fs.stat('/workspace/a.txt');
    expect(stat).toMatchObject({ type: 'file', size: 5 });
    expect(stat!.mtimeMs).toBeGreaterThan(0);
    expect(await sandbox.fs.stat('/workspace')).toMatchObject({ type: 'directory' });
    expect(await sandbox.fs.stat('/workspace/missing')).toBeNull();
  });

  it('mkdir creates parents and tolerates an existing folder; rm and rename work', async () => {
    const sandbox = createVirtualSandbox({});
    await sandbox.fs.mkdir('/workspace/a/b/c');
    await sandbox.fs.mkdir('/workspace/a/b/c');
    expect(await sandbox.fs.stat('/workspace/a/b/c')).toMatchObject({ type: 'directory' });
    await sandbox.fs.writeFile('/workspace/a/b/c/f.txt', 'f');
    await sandbox.fs.rename('/workspace/a/b/c/f.txt', '/workspace/a/g.txt');
    expect(await sandbox.fs.readFile('/workspace/a/g.txt')).toBe('f');
    expect(await sandbox.fs.stat('/workspace/a/b/c/f.txt')).toBeNull();
    await sandbox.fs.rm('/workspace/a', { recursive: true });
    expect(await sandbox.fs.stat('/workspace/a')).toBeNull();
  });

  it('readdir lists names with their types', async () => {
    const sandbox = createVirtualSandbox({ 'src/a.ts': 'a', 'b.txt': 'b' });
    await sandbox.exec('ln -s b.txt link');
    const entries = await sandbox.fs.readdir('/workspace');
    expect(entries).toEqual(
      expect.arrayContaining([
        { name: 'src', type: 'directory' },
        { name: 'b.txt', type: 'file' },
        { name: 'link', type: 'symlink' },
      ]),
    );
  });

  it('walk lists every file and folder under a folder, sorted, from one listing and no readdir', async () => {
    const sandbox = createVirtualSandbox({ 'src/a.ts': 'a', 'src/deep/b.ts': 'b', 'c.md': 'c', 'other/x': 'x' });
    await sandbox.fs.mkdir('/workspace/empty');
    const listing = vi.spyOn(InMemoryFs.prototype, 'getAllPaths');
    const readdir = vi.spyOn(InMemoryFs.prototype, 'readdir');
    const readdirTyped = vi.spyOn(InMemoryFs.prototype, 'readdirWithFileTypes');
    const entries = await sandbox.fs.walk('/workspace');
    expect(entries).toEqual([
      { path: '/workspace/c.md', type: 'file' },
      { path: '/workspace/empty', type: 'directory' },
      { path: '/workspace/other', type: 'directory' },
      { path: '/workspace/other/x', type: 'file' },
      { path: '/workspace/src', type: 'directory' },
      { path: '/workspace/src/a.ts', type: 'file' },
      { path: '/workspace/src/deep', type: 'directory' },
      { path: '/workspace/src/deep/b.ts', type: 'file' },
    ]);
    expect(listing).toHaveBeenCalledTimes(1);
    expect(readdir).not.toHaveBeenCalled();
    expect(readdirTyped).not.toHaveBeenCalled();
    expect((await sandbox.fs.walk('/workspace/src')).map((e) => e.path)).toEqual([
      '/workspace/src/a.ts',
      '/workspace/src/deep',
      '/workspace/src/deep/b.ts',
    ]);
  });

  it('walk does not follow symbolic links', async () => {
    const sandbox = createVirtualSandbox({ 'a.txt': 'a' });
    await sandbox.exec('ln -s /bin binlink && ln -s a.txt alias');
    expect((await sandbox.fs.walk('/workspace')).map((e) => e.path)).toEqual(['/workspace/a.txt']);
  });
});

describe('createVirtualSandbox: paths', () => {
  const sandbox = createVirtualSandbox({ 'src/a.ts': 'a' });

  it('resolves relative paths from the root and accepts absolute paths inside it', async () => {
    expect(await sandbox.resolve('src/a.ts')).toEqual({ ok: true, path: '/workspace/src/a.ts' });
    expect(await sandbox.resolve('./src/../src/a.ts')).toEqual({ ok: true, path: '/workspace/src/a.ts' });
    expect(await sandbox.resolve('/workspace/src')).toEqual({ ok: true, path: '/workspace/src' });
    expect(await sandbox.resolve('.')).toEqual({ ok: true, path: '/workspace' });
  });

  it('refuses paths that leave the workspace', async () => {
    for (const path of ['../etc/passwd', '/etc/passwd', '~/notes', '/workspace-other/x', '']) {
      const resolved = await sandbox.resolve(path);
      expect(resolved.ok, path).toBe(false);
    }
  });

  it('refuses a path through a symbolic link that points out of the workspace', async () => {
    const linked = createVirtualSandbox({ 'src/a.ts': 'a' });
    await linked.exec('ln -s /etc out && ln -s ../.. up && ln -s /nowhere/file dangling && ln -s src inside');
    for (const path of ['out', 'out/passwd', 'up/etc', 'dangling']) {
      const resolved = await linked.resolve(path);
      expect(resolved.ok, path).toBe(false);
      if (!resolved.ok) expect(resolved.error).toMatch(/symbolic link/);
    }
    // A link inside the workspace is allowed, and the resolution says where it really leads.
    expect(await linked.resolve('inside/a.ts')).toEqual({ ok: true, path: '/workspace/inside/a.ts', real: '/workspace/src/a.ts' });
  });

  it('reads and writes through the port follow links by hand wherever a link is on the way, at any depth', async () => {
    const linked = createVirtualSandbox({ 'src/deep/a.ts': 'a' });
    await linked.exec('ln -s /etc src/deep/out && ln -s deep src/inside && ln -s src top && ln -s deep/a.ts src/alias');
    // Paths with no link read as they are; a link anywhere on the way is followed, or refused when it leads out.
    expect(await linked.fs.readFile('/workspace/src/deep/a.ts')).toBe('a');
    expect(await linked.fs.readFile('/workspace/top/inside/a.ts')).toBe('a');
    expect(await linked.fs.readFile('/workspace/src/alias')).toBe('a');
    await expect(linked.fs.readFile('/workspace/src/deep/out/passwd')).rejects.toThrow(/symbolic link/);
    await expect(linked.fs.writeFile('/workspace/top/deep/out/new', 'x')).rejects.toThrow(/symbolic link/);
    // A write through a linked folder lands in the real one; a new file under no link is made where named.
    await linked.fs.writeFile('/workspace/top/inside/b.ts', 'b');
    expect(await linked.fs.readFile('/workspace/src/deep/b.ts')).toBe('b');
    await linked.fs.writeFile('/workspace/src/deep/c.ts', 'c');
    expect(await linked.fs.readFile('/workspace/src/deep/c.ts')).toBe('c');
    expect(await linked.resolve('src/deep/a.ts')).toEqual({ ok: true, path: '/workspace/src/deep/a.ts' });
    expect(await linked.resolve('top/inside/a.ts')).toEqual({ ok: true, path: '/workspace/top/inside/a.ts', real: '/workspace/src/deep/a.ts' });
  });

  it('names paths relative to the root', () => {
    expect(sandbox.relative('/workspace/src/a.ts')).toBe('src/a.ts');
    expect(sandbox.relative('/workspace')).toBe('.');
  });
});

describe('createVirtualSandbox: exec', () => {
  it('runs in the root, returns stdout and stderr apart, and the exit code', async () => {
    const sandbox = createVirtualSandbox({ 'src/a.ts': 'a' });
    expect(sandbox.streamsOutput).toBe(false);
    const result = await sandbox.exec('pwd; echo oops >&2; exit 3');
    expect(result).toEqual({ exitCode: 3, stdout: '/workspace\n', stderr: 'oops\n', timedOut: false, aborted: false });
  });

  it('honours cwd and env', async () => {
    const sandbox = createVirtualSandbox({ 'src/a.ts': 'a' });
    const result = await sandbox.exec('pwd && echo $GREETING', { cwd: '/workspace/src', env: { GREETING: 'hi' } });
    expect(result.stdout).toBe('/workspace/src\nhi\n');
  });

  it('shares its file system with the fs port', async () => {
    const sandbox = createVirtualSandbox({});
    await sandbox.exec('mkdir -p out && echo made > out/f.txt');
    expect(await sandbox.fs.readFile('/workspace/out/f.txt')).toBe('made\n');
  });

  it('has rg (ripgrep) besides grep', async () => {
    const sandbox = createVirtualSandbox({ 'src/a.ts': 'const needle = 1;\n', 'b.txt': 'nothing\n' });
    const result = await sandbox.exec('rg -l needle .');
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim()).toBe('src/a.ts');
  });

  it('stops a command at its timeout and says so', async () => {
    const sandbox = createVirtualSandbox({});
    const started = performance.now();
    const result = await sandbox.exec('sleep 10', { timeoutMs: 100 });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(result).toMatchObject({ timedOut: true, aborted: false });
    expect(result.exitCode).not.toBe(0);
  });

  it('stops a loop that never yields at its timeout, not at the shell’s command limit', async () => {
    const sandbox = createVirtualSandbox({});
    for (const command of ['while true; do :; done', 'while true; do echo x; done', 'i=0; while true; do i=$((i+1)); done']) {
      const result = await sandbox.exec(command, { timeoutMs: 200 });
      expect([command, result.timedOut, result.exitCode, result.stderr]).toEqual([command, true, 124, '']);
    }
    // Another timeout is its own deadline; a command within it ends as it would.
    expect(await sandbox.exec('echo done', { timeoutMs: 5000 })).toMatchObject({ exitCode: 0, stdout: 'done\n', timedOut: false });
  });

  it('stops a command when the signal aborts, and does not start one under an aborted signal', async () => {
    const sandbox = createVirtualSandbox({});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await sandbox.exec('sleep 10', { signal: controller.signal });
    expect(result).toMatchObject({ aborted: true, timedOut: false });
    const before = await sandbox.exec('echo never > x.txt', { signal: controller.signal });
    expect(before.aborted).toBe(true);
    expect(await sandbox.fs.stat('/workspace/x.txt')).toBeNull();
  });

  it('hands the whole output to onOutput once, at the end', async () => {
    const sandbox = createVirtualSandbox({});
    const chunks: [string, string][] = [];
    await sandbox.exec('echo one; echo two; echo err >&2', { onOutput: (chunk, stream) => chunks.push([stream, chunk]) });
    expect(chunks).toEqual([
      ['stdout', 'one\ntwo\n'],
      ['stderr', 'err\n'],
    ]);
  });
});

describe('createVirtualSandbox: shell', () => {
  const collect = (shell: ReturnType<NonNullable<ReturnType<typeof createVirtualSandbox>['shell']>>) => {
    let text = '';
    shell.onData((data) => (text += data));
    return () => text;
  };
  /** Waits until the shell has printed what `check` looks for (a busy machine may take a while). */
  const printed = async (output: () => string, check: (text: string) => boolean) => {
    for (let i = 0; i < 200 && !check(output()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    return output();
  };

  it('prompts, echoes, runs each line and keeps the directory a cd moved to', async () => {
    const sandbox = createVirtualSandbox({ 'src/a.ts': 'a' });
    const shell = sandbox.shell!();
    const output = collect(shell);
    expect(output()).toBe('/workspace $ ');
    shell.write('cd src\r');
    expect(await printed(output, (text) => text.includes('/workspace/src $ '))).toContain('cd src\r\n/workspace/src $ ');
    shell.write('ls\r');
    expect(await printed(output, (text) => text.endsWith('a.ts\r\n/workspace/src $ '))).toContain('ls\r\na.ts\r\n/workspace/src $ ');
    shell.close();
    await sandbox.dispose();
  });

  it('handles backspace, and shows errors without leaving the folder', async () => {
    const sandbox = createVirtualSandbox({});
    const shell = sandbox.shell!();
    const output = collect(shell);
    shell.write('cd nowherx\x7fe\r');
    expect(await printed(output, (text) => text.includes('No such file or directory') && text.endsWith('$ '))).toContain('No such file or directory');
    expect(output().endsWith('/workspace $ ')).toBe(true);
    shell.close();
  });
});

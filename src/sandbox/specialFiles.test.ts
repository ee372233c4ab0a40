import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createToolTestEnvOn } from '../../test/toolEnv';
import { snapshotFiles } from '../run/session';
import { createNodeSandbox } from './nodeSandbox';
import type { Sandbox } from './types';
import { createVirtualSandbox } from './virtualSandbox';

/** Every call here must end well within this. */
const BOUND_MS = 5000;

function bounded<T>(work: Promise<T>, what: string): Promise<T> {
  return Promise.race([work, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not end within ${BOUND_MS} ms`)), BOUND_MS))]);
}

const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe('special files on the node sandbox: errors, never a hang', () => {
  it('a FIFO, a socket and links to them: Read, Write, Grep (both scans), Glob and the final snapshot end with an error or skip them', { timeout: 60_000 }, async () => {
    const sandbox = await createNodeSandbox();
    cleanup.push(() => sandbox.dispose());
    const t = await createToolTestEnvOn(sandbox, { 'a.txt': 'needle\n', 'src/b.txt': 'needle too\n' });
    expect((await sandbox.exec('mkfifo pipe && ln -s pipe pipe-link && mkfifo src/inner-pipe')).exitCode).toBe(0);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(sandbox.root, 'sock'), resolve));
    cleanup.push(() => new Promise((resolve) => server.close(resolve)));
    // A device, where this user may make one (root may; others skip it).
    const device = (await sandbox.exec('mknod zero c 1 5 2>/dev/null')).exitCode === 0;

    const specials = ['pipe', 'pipe-link', 'sock', ...(device ? ['zero'] : [])];
    for (const path of specials) {
      for (const [tool, input] of [
        ['Read', { file_path: path }],
        ['Read', { file_path: path, offset: 1, limit: 10 }],
        ['Write', { file_path: path, content: 'x' }],
        ['Edit', { file_path: path, old_string: '', new_string: 'x' }],
        ['Grep', { pattern: 'needle', path }],
        ['Glob', { pattern: '*', path }],
      ] as const) {
        const result = await bounded(t.run(tool, input), `${tool} ${path}`);
        expect(result.outcome, `${tool} ${path}`).toBe('invalid');
      }
      expect((await bounded(t.run('Read', { file_path: path }), 'Read')).result.content).toMatch(/special file|not a folder/);
    }
    // Searches of the whole workspace skip them: through ripgrep, and through the tool's own scan
    // (`x[]` is an empty class to JavaScript, an unclosed one to ripgrep, which refuses it).
    for (const pattern of ['needle', 'x[]|needle']) {
      const found = await bounded(t.run('Grep', { pattern, output_mode: 'files_with_matches' }), `Grep ${pattern}`);
      expect(found.outcome).toBe('success');
      expect(found.result.content).toBe('Found 2 files\na.txt\nsrc/b.txt');
    }
    const listed = await bounded(t.run('Glob', { pattern: '**/*' }), 'Glob');
    expect(listed.result.content).toBe('a.txt\nsrc/b.txt');
    const files = await bounded(snapshotFiles(sandbox), 'the final snapshot');
    expect(Object.keys(files).sort()).toEqual(['a.txt', 'src/b.txt']);
    // A file swapped for a FIFO after the check: the read itself refuses it.
    await expect(bounded(sandbox.fs.readFile(join(sandbox.root, 'pipe')), 'readFile')).rejects.toThrow(/FIFO/);
  });

  it.each([
    ['virtual', () => createVirtualSandbox({ 'a.txt': 'a\n' })],
    ['node', () => createNodeSandbox()],
  ] as [string, () => Sandbox | Promise<Sandbox>][])('refuses /dev files reached through a link on the %s sandbox', async (_name, make) => {
    const sandbox = await make();
    cleanup.push(() => sandbox.dispose());
    const t = await createToolTestEnvOn(sandbox, { 'a.txt': 'a\n' });
    await sandbox.exec('ln -s /dev/zero zero && ln -s /dev dev && ln -s /dev/stdin in');
    for (const path of ['zero', 'dev/zero', 'in', '/dev/zero']) {
      const result = await bounded(t.run('Read', { file_path: path }), `Read ${path}`);
      expect(result.outcome).toBe('invalid');
      expect(result.result.content).toContain('outside the workspace');
    }
  });
});

describe('a background process left by a command on the node sandbox', () => {
  it('ends with its command, so it writes nothing afterwards and dispose removes the workspace', { timeout: 30_000 }, async () => {
    const sandbox = await createNodeSandbox();
    const writer = await sandbox.exec('mkdir d; (for i in $(seq 1 5000); do mkdir -p d/$i; echo x > d/$i/f; done) >/dev/null 2>&1 &');
    expect(writer.exitCode).toBe(0);
    const late = await sandbox.exec('(sleep 0.2; echo late > late.txt) >/dev/null 2>&1 & echo started');
    expect(late.stdout).toBe('started\n');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(existsSync(join(sandbox.root, 'late.txt'))).toBe(false);
    await expect(sandbox.dispose()).resolves.toBeUndefined();
    expect(existsSync(sandbox.root)).toBe(false);
  });

  it('one that escaped its group (setsid) does not make dispose fail', { timeout: 30_000 }, async () => {
    const sandbox = await createNodeSandbox();
    await sandbox.exec('mkdir d; setsid bash -c \'for i in $(seq 1 300); do mkdir -p d/$i; echo x > d/$i/f; sleep 0.001; done\' >/dev/null 2>&1 &');
    await expect(sandbox.dispose()).resolves.toBeUndefined();
  });
});

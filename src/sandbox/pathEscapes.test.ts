import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createToolTestEnvOn, type ToolTestEnv } from '../../test/toolEnv';
import { createNodeSandbox } from './nodeSandbox';
import type { Sandbox } from './types';
import { createVirtualSandbox } from './virtualSandbox';

/** A folder outside the workspace with one file, and how to look at it afterwards. */
interface Outside {
  dir: string;
  list(): Promise<string[]>;
  read(name: string): Promise<string>;
}

const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

const SANDBOXES: { name: string; make: () => Promise<{ sandbox: Sandbox; outside: Outside }> }[] = [
  {
    name: 'virtual',
    async make() {
      const sandbox = createVirtualSandbox({});
      await sandbox.exec('mkdir -p /outside && printf "SECRET\\n" > /outside/secret.txt');
      const outside: Outside = {
        dir: '/outside',
        list: async () => (await sandbox.fs.readdir('/outside')).map((entry) => entry.name).sort(),
        read: (name) => sandbox.fs.readFile(`/outside/${name}`),
      };
      return { sandbox, outside };
    },
  },
  {
    name: 'node',
    async make() {
      const sandbox = await createNodeSandbox();
      const dir = mkdtempSync(join(tmpdir(), 'escape-outside-'));
      writeFileSync(join(dir, 'secret.txt'), 'SECRET\n');
      cleanup.push(() => sandbox.dispose(), () => rmSync(dir, { recursive: true, force: true }));
      const outside: Outside = { dir, list: async () => readdirSync(dir).sort(), read: async (name) => readFileSync(join(dir, name), 'utf8') };
      return { sandbox, outside };
    },
  },
];

async function expectRefused(t: ToolTestEnv, name: string, input: Record<string, unknown>) {
  const result = await t.run(name, input);
  expect(result.outcome, `${name} ${JSON.stringify(input)}: ${result.result.content}`).not.toBe('success');
  expect(result.result.content).not.toContain('SECRET');
  return result;
}

describe.each(SANDBOXES)('no file tool leaves the workspace on the $name sandbox', ({ make }) => {
  it('refuses "..", absolute paths outside, "~" and /proc/self/root', async () => {
    const { sandbox, outside } = await make();
    const t = await createToolTestEnvOn(sandbox, { 'a.txt': 'a\n' });
    const up = `${'../'.repeat(sandbox.root.split('/').length)}${outside.dir.slice(1)}`;
    for (const path of [`${up}/secret.txt`, `${outside.dir}/secret.txt`, '~/../secret.txt', `/proc/self/root${outside.dir}/secret.txt`, 'a.txt/../../secret.txt']) {
      await expectRefused(t, 'Read', { file_path: path });
      await expectRefused(t, 'Write', { file_path: path, content: 'overwritten' });
      await expectRefused(t, 'Grep', { pattern: 'SECRET', path });
      await expectRefused(t, 'MultiEdit', { file_path: path, edits: [{ old_string: 'SECRET', new_string: 'changed' }] });
      await expectRefused(t, 'NotebookEdit', { notebook_path: path, new_source: 'x', cell_type: 'code', edit_mode: 'insert' });
    }
    await expectRefused(t, 'Glob', { pattern: '*', path: outside.dir });
    for (const path of [`${up}/new.ipynb`, `${outside.dir}/new.ipynb`, '~/../new.ipynb']) {
      const notebook = await expectRefused(t, 'NotebookEdit', { notebook_path: path, new_source: 'x', cell_type: 'code', edit_mode: 'insert' });
      expect(notebook.result.content).toContain('outside the workspace');
    }
    expect(await outside.list()).toEqual(['secret.txt']);
    expect(await outside.read('secret.txt')).toBe('SECRET\n');
  });

  it('refuses symlinks out made during the run: to a file, to a folder, dangling, chained, under a linked folder', async () => {
    const { sandbox, outside } = await make();
    const t = await createToolTestEnvOn(sandbox, { 'a.txt': 'a\n', 'sub/b.txt': 'b\n' });
    const made = await sandbox.exec(
      [
        `ln -s ${outside.dir}/secret.txt file-out`,
        `ln -s ${outside.dir} dir-out`,
        `ln -s ${outside.dir}/new.txt dangling-out`,
        'ln -s file-out chained',
        'ln -s sub inner && ln -s ../dir-out sub/deeper',
      ].join(' && '),
    );
    expect(made.exitCode, made.stderr).toBe(0);
    for (const path of ['file-out', 'dir-out/secret.txt', 'chained', 'inner/deeper/secret.txt']) {
      const read = await expectRefused(t, 'Read', { file_path: path });
      expect(read.result.content).toContain('outside the workspace');
      await expectRefused(t, 'Grep', { pattern: 'SECRET', path });
      await expectRefused(t, 'Edit', { file_path: path, old_string: 'SECRET', new_string: 'changed' });
      await expectRefused(t, 'MultiEdit', { file_path: path, edits: [{ old_string: 'SECRET', new_string: 'changed' }] });
      await expectRefused(t, 'NotebookEdit', { notebook_path: path, new_source: 'x', cell_type: 'code', edit_mode: 'insert' });
    }
    for (const path of ['dangling-out', 'dir-out/new.txt', 'inner/deeper/new.txt', 'file-out', 'chained']) {
      await expectRefused(t, 'Write', { file_path: path, content: 'escaped\n' });
    }
    await expectRefused(t, 'Glob', { pattern: '*', path: 'dir-out' });
    const notebook = await expectRefused(t, 'NotebookEdit', { notebook_path: 'dir-out/new.ipynb', new_source: 'x', cell_type: 'code', edit_mode: 'insert' });
    expect(notebook.result.content).toContain('outside the workspace');
    await expectRefused(t, 'Glob', { pattern: '*', path: 'inner/deeper' });
    // A search of the whole workspace follows no link: it finds nothing outside.
    const all = await t.run('Grep', { pattern: 'SECRET', output_mode: 'content' });
    expect(all.result.content).not.toContain('SECRET\n');
    expect(all.result.content).toContain('No matches');
    // The denied effects never happened: nothing new outside, the file there unchanged.
    expect(await outside.list()).toEqual(['secret.txt']);
    expect(await outside.read('secret.txt')).toBe('SECRET\n');
    // A link that stays inside still works.
    await sandbox.exec('ln -s sub/b.txt b-link && ln -s sub/made.txt made-link');
    expect((await t.run('Read', { file_path: 'b-link' })).result.content).toContain('b');
    // Writing through a dangling link inside makes its target.
    expect((await t.run('Write', { file_path: 'made-link', content: 'made\n' })).outcome).toBe('success');
    expect(await sandbox.fs.readFile(`${sandbox.root}/sub/made.txt`)).toBe('made\n');
  });
});

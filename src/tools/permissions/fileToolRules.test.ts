import { afterAll, describe, expect, it } from 'vitest';
import { createToolTestEnvOn, type ToolTestEnv } from '../../../test/toolEnv';
import { createNodeSandbox } from '../../sandbox/nodeSandbox';
import type { Sandbox } from '../../sandbox/types';
import { createVirtualSandbox } from '../../sandbox/virtualSandbox';

/**
 * Path rules through the file tools, on both sandboxes: a search never shows a denied file's
 * contents or name, and a link (made by an earlier command) to a denied file is denied like the file.
 */
const FILES = {
  '.env': 'API_KEY=hunter2\n',
  'secrets/key': 'TOPSECRET\n',
  'src/a.ts': 'export const key = 1;\n',
  'src/b.ts': 'export const other = 2;\n',
};
const RULES = { deny: ['Read(.env)', 'Read(secrets/**)', 'Edit(secrets/**)', 'Edit(.env)'] };
const SECRET = /hunter2|TOPSECRET/;

const sandboxes: Sandbox[] = [];
afterAll(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.dispose()));
});

const SANDBOXES: [string, () => Sandbox | Promise<Sandbox>][] = [
  ['virtual', () => createVirtualSandbox({})],
  ['node', () => createNodeSandbox()],
];

async function setUp(make: () => Sandbox | Promise<Sandbox>, rules: { deny: string[] } = RULES): Promise<ToolTestEnv> {
  const sandbox = await make();
  sandboxes.push(sandbox);
  return createToolTestEnvOn(sandbox, FILES, { rules });
}

async function expectDenied(t: ToolTestEnv, tool: string, input: Record<string, unknown>) {
  const result = await t.run(tool, input);
  expect(result.outcome, `${tool} ${JSON.stringify(input)}: ${result.result.content}`).toBe('denied');
  expect(result.result.content).not.toMatch(SECRET);
  return result;
}

/** Refused, whichever check comes first (changing a file needs a Read of it, which is denied). */
async function expectRefused(t: ToolTestEnv, tool: string, input: Record<string, unknown>) {
  const result = await t.run(tool, input);
  expect(['denied', 'invalid'], `${tool} ${JSON.stringify(input)}: ${result.result.content}`).toContain(result.outcome);
  expect(result.result.content).not.toMatch(SECRET);
}

async function expectUnchanged(t: ToolTestEnv) {
  expect(await t.read('.env')).toBe(FILES['.env']);
  expect(await t.read('secrets/key')).toBe(FILES['secrets/key']);
  expect((await t.sandbox.fs.readdir(`${t.sandbox.root}/secrets`)).map((entry) => entry.name)).toEqual(['key']);
}

describe.each(SANDBOXES)('path rules through the file tools on the %s sandbox', (_name, make) => {
  it('Grep of the whole workspace leaves denied files out, and says how many', async () => {
    const t = await setUp(make);
    // `key` is in a denied file and an allowed one; the second pattern makes ripgrep fall back to the tool's scan (`x[]` is an empty class to JavaScript, an unclosed one to ripgrep).
    for (const pattern of ['key|hunter2|TOPSECRET', 'x[]|key|hunter2|TOPSECRET']) {
      for (const output_mode of ['content', 'files_with_matches', 'count']) {
        const result = await t.run('Grep', { pattern, output_mode, '-i': true });
        expect(result.outcome, `${pattern} ${output_mode}`).toBe('success');
        expect(result.result.content).not.toMatch(SECRET);
        expect(result.result.content).not.toMatch(/\.env|secrets/);
        expect(result.result.content).toContain('src/a.ts');
        expect(result.result.content).toContain('2 files were left out: the permission rules deny reading them.');
      }
    }
  });

  it('Grep and Glob of only denied files are denied; Glob names no denied file', async () => {
    const t = await setUp(make);
    await expectDenied(t, 'Grep', { pattern: '.', glob: '.env', output_mode: 'content' });
    await expectDenied(t, 'Grep', { pattern: '.', glob: '**/key', output_mode: 'content' });
    await expectDenied(t, 'Grep', { pattern: '.', path: 'secrets', output_mode: 'content' });
    await expectDenied(t, 'Glob', { pattern: '.env' });
    await expectDenied(t, 'Glob', { pattern: '*', path: 'secrets' });
    const all = await t.run('Glob', { pattern: '**/*' });
    expect(all.result.content).toBe('src/a.ts\nsrc/b.ts\n\n(2 files were left out: the permission rules deny reading them.)');
  });

  it('Read, Write, Edit and Grep through links an earlier command made are denied, and change nothing', async () => {
    const t = await setUp(make);
    const made = await t.sandbox.exec('ln -s .env env-link && ln -s secrets/key key-link && ln -s secrets dir-link && ln -s secrets/new dangling && ln -s key-link chain');
    expect(made.exitCode, made.stderr).toBe(0);
    for (const path of ['env-link', 'key-link', 'dir-link/key', 'chain']) {
      await expectDenied(t, 'Read', { file_path: path });
      await expectDenied(t, 'Grep', { pattern: '.', path, output_mode: 'content' });
      await expectRefused(t, 'Edit', { file_path: path, old_string: '', new_string: 'x' });
      await expectRefused(t, 'Write', { file_path: path, content: 'overwritten\n' });
      await expectRefused(t, 'MultiEdit', { file_path: path, edits: [{ old_string: 'TOPSECRET', new_string: 'x' }] });
    }

    await expectDenied(t, 'Write', { file_path: 'dangling', content: 'new\n' });
    await expectDenied(t, 'Write', { file_path: 'dir-link/new', content: 'new\n' });
    await expectDenied(t, 'Grep', { pattern: '.', path: 'dir-link', output_mode: 'content' });
    await expectDenied(t, 'Glob', { pattern: '*', path: 'dir-link' });
    const reason = await expectDenied(t, 'Read', { file_path: 'key-link' });
    expect(reason.result.content).toContain('key-link is a symbolic link to secrets/key');
    await expectUnchanged(t);
    // A search of everything follows no link, and still leaves the denied files out.
    const all = await t.run('Grep', { pattern: 'hunter2|TOPSECRET', output_mode: 'content' });
    expect(all.result.content).not.toMatch(SECRET);
    // A notebook in the denied folder, through the linked folder.
    const notebook = JSON.stringify({ cells: [{ cell_type: 'code', source: 'TOPSECRET', metadata: {}, outputs: [], execution_count: null }], metadata: {}, nbformat: 4, nbformat_minor: 5 });
    await t.sandbox.fs.writeFile(`${t.sandbox.root}/secrets/nb.ipynb`, notebook);
    await expectRefused(t, 'NotebookEdit', { notebook_path: 'dir-link/nb.ipynb', cell_id: 'cell-0', new_source: 'changed' });
    expect(await t.read('secrets/nb.ipynb')).toBe(notebook);
    // Links to allowed files still work.
    await t.sandbox.exec('ln -s src/a.ts a-link');
    expect((await t.run('Read', { file_path: 'a-link' })).outcome).toBe('success');
  });

  it('a search under a linked folder leaves out the files the rules deny where they really are', async () => {
    const t = await setUp(make, { deny: ['Read(secrets/key)'] });
    await t.sandbox.fs.writeFile(`${t.sandbox.root}/secrets/open.txt`, 'TOPSECRET is not here\n');
    await t.sandbox.exec('ln -s secrets dir-link');
    const found = await t.run('Grep', { pattern: 'TOPSECRET', path: 'dir-link', output_mode: 'files_with_matches' });
    expect(found.result.content).not.toContain('dir-link/key');
    const listed = await t.run('Glob', { pattern: '*', path: 'dir-link' });
    expect(listed.result.content).not.toContain('key');
  });
});

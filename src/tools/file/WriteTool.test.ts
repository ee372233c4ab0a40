import { describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';
import { WriteTool } from './WriteTool';

describe('Write', () => {
  it('creates a new file and its folders without a Read', async () => {
    const t = createToolTestEnv();
    const run = await t.run('Write', { file_path: 'docs/deep/notes.md', content: '# Notes\n\nhello\n' });
    expect(run.outcome).toBe('success');
    expect(run.result.content).toBe('Created docs/deep/notes.md (3 lines).');
    expect(await t.read('docs/deep/notes.md')).toBe('# Notes\n\nhello\n');
  });

  it('refuses to overwrite an existing file that was not read', async () => {
    const t = createToolTestEnv({ 'src/version.ts': "export const version = '1.0.0';\n" });
    const run = await t.run('Write', { file_path: 'src/version.ts', content: "export const version = '2.0.0';\n" });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/has not been read/);
    expect(await t.read('src/version.ts')).toBe("export const version = '1.0.0';\n");
  });

  it('overwrites a file after a Read', async () => {
    const t = createToolTestEnv({ 'src/version.ts': "export const version = '1.0.0';\n" });
    await t.run('Read', { file_path: 'src/version.ts' });
    const run = await t.run('Write', { file_path: 'src/version.ts', content: "export const version = '2.0.0';\n" });
    expect(run.outcome).toBe('success');
    expect(run.result.content).toMatch(/Replaced the contents of src\/version.ts/);
    expect(await t.read('src/version.ts')).toBe("export const version = '2.0.0';\n");
  });

  it('refuses to overwrite a file modified since it was read', async () => {
    const t = createToolTestEnv({ 'a.txt': 'one\n' });
    await t.run('Read', { file_path: 'a.txt' });
    await t.sandbox.exec('echo two > a.txt');
    const run = await t.run('Write', { file_path: 'a.txt', content: 'three\n' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/modified since it was last read/);
    expect(await t.read('a.txt')).toBe('two\n');
  });

  it('may write again a file it just wrote, and Edit it, without a Read', async () => {
    const t = createToolTestEnv();
    await t.run('Write', { file_path: 'a.txt', content: 'one\n' });
    expect((await t.run('Write', { file_path: 'a.txt', content: 'two\n' })).outcome).toBe('success');
    expect((await t.run('Edit', { file_path: 'a.txt', old_string: 'two', new_string: 'three' })).outcome).toBe('success');
    expect(await t.read('a.txt')).toBe('three\n');
  });

  it('refuses a directory and paths outside the workspace', async () => {
    const t = createToolTestEnv({ 'src/a.ts': 'a' });
    expect((await t.run('Write', { file_path: 'src', content: 'x' })).result.content).toMatch(/is a directory/);
    const outside = await t.run('Write', { file_path: '/tmp/evil.sh', content: 'x' });
    expect(outside.outcome).toBe('invalid');
    expect(outside.result.content).toMatch(/outside the workspace/);
    expect(await t.sandbox.fs.stat('/tmp/evil.sh')).toBeNull();
  });

  it('renders an overwrite as a diff and names the file', () => {
    const view = WriteTool.render.result({ filePath: 'a.txt', created: false, lines: 1, diff: '@@ -1,1 +1,1 @@\n-a\n+b' }, { file_path: 'a.txt', content: 'b\n' });
    expect(view).toMatchObject({ title: 'Overwrote a.txt', format: 'diff' });
    expect(WriteTool.userFacingName({ file_path: 'a.txt', content: '' })).toBe('Write(a.txt)');
    expect([WriteTool.kind, WriteTool.pathField]).toEqual(['edit', 'file_path']);
  });
});

import { describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';

const source = 'const retries = 1;\nconst timeoutMs = 1000;\n';

async function readFirst(files: Record<string, string>, path = 'src/a.ts') {
  const t = createToolTestEnv(files);
  expect((await t.run('Read', { file_path: path })).outcome).toBe('success');
  return t;
}

describe('MultiEdit', () => {
  it('applies every edit in order, each to the text the previous left, and writes once', async () => {
    const t = await readFirst({ 'src/a.ts': source });
    const run = await t.run('MultiEdit', {
      file_path: 'src/a.ts',
      edits: [
        { old_string: 'retries = 1', new_string: 'retries = 3' },
        { old_string: 'retries = 3', new_string: 'attempts = 3' },
        { old_string: '1000', new_string: '5000' },
      ],
    });
    expect(run.outcome).toBe('success');
    expect(await t.read('src/a.ts')).toBe('const attempts = 3;\nconst timeoutMs = 5000;\n');
    expect(run.display).toMatchObject({ filePath: 'src/a.ts', edits: 3, replacements: 3, created: false });
  });

  it('makes none of the edits when one cannot be made, and names it', async () => {
    const t = await readFirst({ 'src/a.ts': source });
    const run = await t.run('MultiEdit', {
      file_path: 'src/a.ts',
      edits: [
        { old_string: 'retries = 1', new_string: 'retries = 3' },
        { old_string: 'not there', new_string: 'x' },
      ],
    });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toContain('edit 2 of 2: old_string was not found in src/a.ts');
    expect(await t.read('src/a.ts')).toBe(source);
  });

  it('refuses a file this session has not read (read-before-write)', async () => {
    const t = createToolTestEnv({ 'src/a.ts': source });
    const run = await t.run('MultiEdit', { file_path: 'src/a.ts', edits: [{ old_string: '1000', new_string: '2000' }] });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toContain('has not been read in this session');
    expect(await t.read('src/a.ts')).toBe(source);
  });

  it('creates a new file when the first old_string is empty', async () => {
    const t = createToolTestEnv({});
    const run = await t.run('MultiEdit', {
      file_path: 'src/new.ts',
      edits: [
        { old_string: '', new_string: 'export const a = 1;\n' },
        { old_string: 'a = 1', new_string: 'a = 2' },
      ],
    });
    expect(run.outcome).toBe('success');
    expect(await t.read('src/new.ts')).toBe('export const a = 2;\n');
  });

  it('refuses an empty edit list and a field it does not know', async () => {
    const t = createToolTestEnv({ 'src/a.ts': source });
    expect((await t.run('MultiEdit', { file_path: 'src/a.ts', edits: [] })).outcome).toBe('invalid');
    expect((await t.run('MultiEdit', { file_path: 'src/a.ts', edits: [{ old_string: 'a', new_string: 'b', extra: 1 }] })).outcome).toBe('invalid');
  });
});

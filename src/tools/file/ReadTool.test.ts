import { describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';
import { ReadTool } from './ReadTool';

const numbered = (from: number, lines: string[]) => lines.map((line, i) => `${String(from + i).padStart(6)}\t${line}`).join('\n');
const many = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}`);

describe('Read', () => {
  it('numbers lines cat -n style from 1', async () => {
    const t = createToolTestEnv({ 'src/a.ts': 'const a = 1;\n\nexport { a };\n' });
    const run = await t.run('Read', { file_path: 'src/a.ts' });
    expect(run.outcome).toBe('success');
    expect(run.result.content).toBe(numbered(1, ['const a = 1;', '', 'export { a };']));
  });

  it('accepts an absolute path inside the workspace', async () => {
    const t = createToolTestEnv({ 'src/a.ts': 'x' });
    expect((await t.run('Read', { file_path: '/workspace/src/a.ts' })).result.content).toBe(numbered(1, ['x']));
  });

  it('reads a range with offset and limit, and says how to go on', async () => {
    const t = createToolTestEnv({ 'big.txt': many(10).join('\n') });
    const run = await t.run('Read', { file_path: 'big.txt', offset: 4, limit: 3 });
    expect(run.result.content).toBe(`${numbered(4, ['line 4', 'line 5', 'line 6'])}\n\n(Lines 4-6 of 10; 4 more. Call Read with offset 7 to go on.)`);
  });

  it('returns at most 2000 lines by default and cuts lines longer than 2000 characters', async () => {
    const t = createToolTestEnv({ 'long.txt': [...many(2500), 'x'.repeat(3000)].join('\n'), 'wide.txt': 'y'.repeat(2500) });
    const run = await t.run('Read', { file_path: 'long.txt' });
    const rows = run.result.content.split('\n');
    expect(rows[1999]).toBe(`${'2000'.padStart(6)}\tline 2000`);
    expect(run.result.content).toMatch(/Lines 1-2000 of 2501; 501 more/);
    const wide = await t.run('Read', { file_path: 'wide.txt' });
    expect(wide.result.content).toBe(`${'1'.padStart(6)}\t${'y'.repeat(2000)}… [500 more characters cut]`);
  });

  it('records what it read in the file-state cache, keyed by the absolute path', async () => {
    const t = createToolTestEnv({ 'src/a.ts': 'a\nb\n' });
    await t.run('Read', { file_path: 'src/a.ts', offset: 2, limit: 1 });
    const state = t.env.readFileState.get('/workspace/src/a.ts');
    expect(state).toMatchObject({ content: 'a\nb\n', offset: 2, limit: 1 });
    expect(state!.mtimeMs).toBeGreaterThan(0);
  });

  it('answers a repeated read of the same unchanged range with a short stub', async () => {
    const t = createToolTestEnv({ 'src/a.ts': 'a\nb\n' });
    await t.run('Read', { file_path: 'src/a.ts' });
    const again = await t.run('Read', { file_path: 'src/a.ts' });
    expect(again.outcome).toBe('success');
    expect(again.result.content).toMatch(/has not changed since it was last read/);
    expect(again.result.content).not.toContain('\ta');
  });

  it('reads again in full when the range differs or the file changed', async () => {
    const t = createToolTestEnv({ 'src/a.ts': 'a\nb\n' });
    await t.run('Read', { file_path: 'src/a.ts' });
    expect((await t.run('Read', { file_path: 'src/a.ts', limit: 1 })).result.content).toMatch(new RegExp(`^${numbered(1, ['a'])}\n`));
    await t.write('src/a.ts', 'changed\n');
    expect((await t.run('Read', { file_path: 'src/a.ts', limit: 1 })).result.content).toBe(numbered(1, ['changed']));
  });

  it('says so for an empty file and for an offset past the end', async () => {
    const t = createToolTestEnv({ 'empty.txt': '', 'two.txt': 'a\nb\n' });
    expect((await t.run('Read', { file_path: 'empty.txt' })).result.content).toMatch(/exists but is empty/);
    expect((await t.run('Read', { file_path: 'two.txt', offset: 5 })).result.content).toMatch(/has 2 lines; offset 5 is past the end/);
  });

  it('refuses a missing file, naming it', async () => {
    const t = createToolTestEnv();
    const run = await t.run('Read', { file_path: 'src/missing.ts' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toBe('<tool_use_error>File does not exist: src/missing.ts</tool_use_error>');
  });

  it('refuses a directory', async () => {
    const t = createToolTestEnv({ 'src/a.ts': 'a' });
    const run = await t.run('Read', { file_path: 'src' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/is a directory/);
  });

  it('refuses paths outside the workspace, also through a symbolic link', async () => {
    const t = createToolTestEnv({ 'a.txt': 'a' });
    for (const file_path of ['../etc/passwd', '/etc/passwd', '~/.ssh/id_rsa']) {
      const run = await t.run('Read', { file_path });
      expect(run.outcome, file_path).toBe('invalid');
      expect(run.result.content, file_path).toMatch(/outside the workspace|home folder/);
    }
    await t.sandbox.exec('ln -s /proc/version leak');
    expect((await t.run('Read', { file_path: 'leak' })).result.content).toMatch(/symbolic link.*outside the workspace/);
  });

  it('rejects unknown fields and bad types through the schema', async () => {
    const t = createToolTestEnv({ 'a.txt': 'a' });
    expect((await t.run('Read', { file_path: 'a.txt', lines: 10 })).result.content).toMatch(/InputValidationError.*lines/);
    expect((await t.run('Read', { file_path: 'a.txt', limit: 0 })).result.content).toMatch(/InputValidationError.*limit/);
  });

  it('is read-only and concurrency-safe, with no result limit, and names the file', () => {
    const input = { file_path: 'src/a.ts' };
    expect(ReadTool.isReadOnly(input)).toBe(true);
    expect(ReadTool.isConcurrencySafe(input)).toBe(true);
    expect(ReadTool.maxResultSizeChars).toBe(Infinity);
    expect([ReadTool.kind, ReadTool.pathField]).toEqual(['read', 'file_path']);
    expect(ReadTool.userFacingName(input)).toBe('Read(src/a.ts)');
    expect(ReadTool.render.use(input).title).toBe('Read src/a.ts');
  });

  it('refuses a file over 256 KB unless a range is given, and cuts lines over 2,000 characters', async () => {
    const big = `${'x'.repeat(300)}\n`.repeat(1000);
    const t = createToolTestEnv({ 'big.txt': big, 'wide.txt': `${'y'.repeat(2500)}\nshort\n` });
    const whole = await t.run('Read', { file_path: 'big.txt' });
    expect(whole.outcome).toBe('invalid');
    expect(whole.result.content).toMatch(/big.txt is 294 KB, over the 256 KB .* offset and limit/);
    const part = await t.run('Read', { file_path: 'big.txt', offset: 1, limit: 5 });
    expect(part.outcome).toBe('success');
    expect(part.display).toMatchObject({ numLines: 5, totalLines: 1000 });
    const wide = await t.run('Read', { file_path: 'wide.txt' });
    expect(wide.result.content).toContain('[500 more characters cut]');
  });
});

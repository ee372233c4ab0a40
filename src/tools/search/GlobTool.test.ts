import { describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';
import { GlobTool, MAX_GLOB_RESULTS } from './GlobTool';

const workspace = {
  'src/z.ts': 'z',
  'src/a.ts': 'a',
  'src/deep/m.tsx': 'm',
  'src/deep/n.ts': 'n',
  'README.md': '# r',
  'docs/guide.md': 'g',
  '.git/HEAD': 'ref: refs/heads/main',
  '.git/hooks/pre-commit.ts': 'x',
  'vendor/.hg/store.ts': 'x',
  'lib/.svn/entries.ts': 'x',
};

describe('Glob', () => {
  it('lists matching files relative to the workspace root, sorted by path', async () => {
    const t = createToolTestEnv(workspace);
    const run = await t.run('Glob', { pattern: '**/*.ts' });
    expect(run.outcome).toBe('success');
    expect(run.result.content).toBe(['src/a.ts', 'src/deep/n.ts', 'src/z.ts'].join('\n'));
  });

  it('skips .git, .svn and .hg', async () => {
    const t = createToolTestEnv(workspace);
    const run = await t.run('Glob', { pattern: '**/*' });
    expect(run.result.content).not.toMatch(/\.git|\.hg|\.svn/);
    expect(run.result.content.split('\n')).toContain('README.md');
  });

  it('matches * within one folder only, and braces across alternatives', async () => {
    const t = createToolTestEnv(workspace);
    expect((await t.run('Glob', { pattern: '*.md' })).result.content).toBe('README.md');
    expect((await t.run('Glob', { pattern: 'src/**/*.{ts,tsx}' })).result.content.split('\n')).toEqual([
      'src/a.ts',
      'src/deep/m.tsx',
      'src/deep/n.ts',
      'src/z.ts',
    ]);
  });

  it('searches under path, still naming results from the root', async () => {
    const t = createToolTestEnv(workspace);
    expect((await t.run('Glob', { pattern: '*.ts', path: 'src/deep' })).result.content).toBe('src/deep/n.ts');
    expect((await t.run('Glob', { pattern: '/workspace/src/deep/*.tsx', path: 'src' })).result.content).toBe('src/deep/m.tsx');
  });

  it('says when nothing matched', async () => {
    const t = createToolTestEnv(workspace);
    const run = await t.run('Glob', { pattern: '**/*.py' });
    expect(run.outcome).toBe('success');
    expect(run.result.content).toBe('No files found');
  });

  it(`returns at most ${MAX_GLOB_RESULTS} files and says how many matched`, async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 150; i++) files[`gen/f${String(i).padStart(3, '0')}.txt`] = '';
    const t = createToolTestEnv(files);
    const run = await t.run('Glob', { pattern: 'gen/*.txt' });
    const rows = run.result.content.split('\n');
    expect(rows.slice(0, MAX_GLOB_RESULTS)).toEqual(Array.from({ length: MAX_GLOB_RESULTS }, (_, i) => `gen/f${String(i).padStart(3, '0')}.txt`));
    expect(rows[MAX_GLOB_RESULTS]).toMatch(/150 files matched; only the first 100/);
  });

  it('refuses a missing folder, a file as the folder, a bad pattern and paths outside the workspace', async () => {
    const t = createToolTestEnv(workspace);
    expect((await t.run('Glob', { pattern: '*', path: 'nope' })).result.content).toMatch(/does not exist/);
    expect((await t.run('Glob', { pattern: '*', path: 'README.md' })).result.content).toMatch(/not a folder/);
    expect((await t.run('Glob', { pattern: 'src/{a,b' })).result.content).toMatch(/Invalid glob/);
    const outside = await t.run('Glob', { pattern: '*', path: '..' });
    expect(outside.outcome).toBe('invalid');
    expect(outside.result.content).toMatch(/outside the workspace/);
    expect((await t.run('Glob', { pattern: '/etc/*' })).outcome).toBe('invalid');
  });

  it('is read-only and concurrency-safe with a 100,000-character limit', () => {
    const input = { pattern: '**/*.ts' };
    expect(GlobTool.isReadOnly(input)).toBe(true);
    expect(GlobTool.isConcurrencySafe(input)).toBe(true);
    expect(GlobTool.maxResultSizeChars).toBe(100_000);
    expect(GlobTool.userFacingName(input)).toBe('Glob(**/*.ts)');
  });
});

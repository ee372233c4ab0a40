import { describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';
import { GrepTool } from './GrepTool';

const workspace = {
  'src/server.ts': "import http from 'http';\nconst server = http.createServer();\nserver.listen(3000);\n// Listen twice? no\n",
  'src/routes.ts': "export const routes = ['/'];\nexport function listen() {}\n",
  'src/util.js': 'module.exports = { listen: true };\n',
  'README.md': '# Demo\n\nCall listen() to start.\n',
  'notes.txt': 'nothing here\n',
  '.git/config': 'listen = git\n',
  'vendor/.hg/x.ts': 'listen\n',
};

describe('Grep: output modes', () => {
  it('lists matching files by default, sorted, relative to the root, skipping VCS folders', async () => {
    const t = createToolTestEnv(workspace);
    const run = await t.run('Grep', { pattern: 'listen' });
    expect(run.outcome).toBe('success');
    expect(run.result.content).toBe(['Found 4 files', 'README.md', 'src/routes.ts', 'src/server.ts', 'src/util.js'].join('\n'));
  });

  it('shows path:line:text rows in content mode', async () => {
    const t = createToolTestEnv(workspace);
    const run = await t.run('Grep', { pattern: 'listen\\(', output_mode: 'content' });
    expect(run.result.content).toBe(['README.md:3:Call listen() to start.', 'src/routes.ts:2:export function listen() {}', 'src/server.ts:3:server.listen(3000);'].join('\n'));
  });

  it('counts matching lines per file in count mode', async () => {
    const t = createToolTestEnv(workspace);
    const run = await t.run('Grep', { pattern: 'server', output_mode: 'count' });
    expect(run.result.content).toBe('src/server.ts:2\n\nFound 2 matches in 1 file.');
  });

  it('says when nothing matched', async () => {
    const t = createToolTestEnv(workspace);
    const run = await t.run('Grep', { pattern: 'no-such-text' });
    expect(run.outcome).toBe('success');
    expect(run.result.content).toMatch(/^No matches found/);
  });
});

describe('Grep: matching options', () => {
  it('-i ignores case', async () => {
    const t = createToolTestEnv(workspace);
    const plain = await t.run('Grep', { pattern: 'Listen', output_mode: 'content' });
    expect(plain.result.content).toBe('src/server.ts:4:// Listen twice? no');
    const folded = await t.run('Grep', { pattern: 'Listen', output_mode: 'content', '-i': true, path: 'src/server.ts' });
    expect(folded.result.content).toBe('src/server.ts:3:server.listen(3000);\nsrc/server.ts:4:// Listen twice? no');
  });

  it('-n false leaves out line numbers', async () => {
    const t = createToolTestEnv(workspace);
    const run = await t.run('Grep', { pattern: 'routes =', output_mode: 'content', '-n': false });
    expect(run.result.content).toBe("src/routes.ts:export const routes = ['/'];");
  });

  it('-A, -B and -C add context lines marked with -, and -- between groups', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => (i === 2 || i === 9 ? `hit ${i + 1}` : `line ${i + 1}`));
    const t = createToolTestEnv({ 'f.txt': `${lines.join('\n')}\n` });
    const after = await t.run('Grep', { pattern: 'hit', output_mode: 'content', '-A': 1 });
    expect(after.result.content).toBe(['f.txt:3:hit 3', 'f.txt-4-line 4', '--', 'f.txt:10:hit 10', 'f.txt-11-line 11'].join('\n'));
    const before = await t.run('Grep', { pattern: 'hit', output_mode: 'content', '-B': 2, head_limit: 3 });
    expect(before.result.content.split('\n').slice(0, 3)).toEqual(['f.txt-1-line 1', 'f.txt-2-line 2', 'f.txt:3:hit 3']);
    const around = await t.run('Grep', { pattern: 'hit', output_mode: 'content', '-C': 3 });
    // The two groups touch (line 6 and line 7), so no separator between them.
    expect(around.result.content.split('\n')).toEqual([
      'f.txt-1-line 1',
      'f.txt-2-line 2',
      'f.txt:3:hit 3',
      ...[4, 5, 6, 7, 8, 9].map((n) => `f.txt-${n}-line ${n}`),
      'f.txt:10:hit 10',
      'f.txt-11-line 11',
      'f.txt-12-line 12',
    ]);
  });

  it('multiline lets a match span lines, with . matching newlines', async () => {
    const t = createToolTestEnv({ 'a.ts': 'function f(\n  x: number,\n) {}\nother\n' });
    const single = await t.run('Grep', { pattern: 'f\\(.*\\)', output_mode: 'content' });
    expect(single.result.content).toMatch(/^No matches/);
    const spanning = await t.run('Grep', { pattern: 'f\\(.*?\\)', output_mode: 'content', multiline: true });
    expect(spanning.result.content).toBe('a.ts:1:function f(\na.ts:2:  x: number,\na.ts:3:) {}');
    const count = await t.run('Grep', { pattern: 'f\\(.*?\\)', output_mode: 'count', multiline: true });
    expect(count.result.content).toMatch(/^a.ts:1\n/);
  });

  it('anchors ^ and $ to lines, also for files with CRLF line ends', async () => {
    const t = createToolTestEnv({ 'unix.txt': 'a\nend\n', 'dos.txt': 'a\r\nend\r\n' });
    const run = await t.run('Grep', { pattern: '^end$', output_mode: 'content' });
    expect(run.result.content).toBe('dos.txt:2:end\nunix.txt:2:end');
  });

  it('skips binary files', async () => {
    const t = createToolTestEnv({ 'blob.bin': 'listen\u0000\u0001', 'a.txt': 'listen' });
    expect((await t.run('Grep', { pattern: 'listen' })).result.content).toBe('Found 1 file\na.txt');
  });
});

describe('Grep: file filters and paging', () => {
  it('glob filters by file name at any depth, or by path, with several patterns and exclusions', async () => {
    const t = createToolTestEnv(workspace);
    expect((await t.run('Grep', { pattern: 'listen', glob: '*.ts' })).result.content).toBe('Found 2 files\nsrc/routes.ts\nsrc/server.ts');
    expect((await t.run('Grep', { pattern: 'listen', glob: '*.{js,md}' })).result.content).toBe('Found 2 files\nREADME.md\nsrc/util.js');
    expect((await t.run('Grep', { pattern: 'listen', glob: '*.md, src/*.js' })).result.content).toBe('Found 2 files\nREADME.md\nsrc/util.js');
    expect((await t.run('Grep', { pattern: 'listen', glob: '!*.ts' })).result.content).toBe('Found 2 files\nREADME.md\nsrc/util.js');
  });

  it('type filters by file type', async () => {
    const t = createToolTestEnv(workspace);
    expect((await t.run('Grep', { pattern: 'listen', type: 'js' })).result.content).toBe('Found 1 file\nsrc/util.js');
    expect((await t.run('Grep', { pattern: 'listen', type: 'md' })).result.content).toBe('Found 1 file\nREADME.md');
    const unknown = await t.run('Grep', { pattern: 'listen', type: 'cobol' });
    expect(unknown.outcome).toBe('invalid');
    expect(unknown.result.content).toMatch(/Unknown file type "cobol".*ts/);
  });

  it('path narrows the search to a folder or one file', async () => {
    const t = createToolTestEnv(workspace);
    expect((await t.run('Grep', { pattern: 'listen', path: 'src' })).result.content).toBe('Found 3 files\nsrc/routes.ts\nsrc/server.ts\nsrc/util.js');
    expect((await t.run('Grep', { pattern: 'listen', path: 'README.md' })).result.content).toBe('Found 1 file\nREADME.md');
  });

  it('head_limit caps the entries (250 by default, 0 for all) and offset pages on', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`f${String(i).padStart(3, '0')}.txt`] = 'needle\n';
    const t = createToolTestEnv(files);
    const first = await t.run('Grep', { pattern: 'needle' });
    expect(first.result.content.split('\n').filter((row) => row.endsWith('.txt'))).toHaveLength(250);
    expect(first.result.content).toMatch(/Showing entries 1-250 of 300\. Call Grep with offset 250 for more/);
    const all = await t.run('Grep', { pattern: 'needle', head_limit: 0 });
    expect(all.result.content.split('\n').filter((row) => row.endsWith('.txt'))).toHaveLength(300);
    const page = await t.run('Grep', { pattern: 'needle', head_limit: 2, offset: 10 });
    expect(page.result.content).toBe('Found 300 files\nf010.txt\nf011.txt\n\n(Showing entries 11-12 of 300. Call Grep with offset 12 for more.)');
    const content = await t.run('Grep', { pattern: 'needle', output_mode: 'content', head_limit: 1, offset: 299 });
    expect(content.result.content).toBe('f299.txt:1:needle\n\n(Showing entries 300-300 of 300.)');
    expect((await t.run('Grep', { pattern: 'needle', offset: 400 })).result.content).toBe('No entries at offset 400: there are only 300.');
  });

  it('reports progress with the number of files scanned', async () => {
    const t = createToolTestEnv(workspace);
    const run = await t.run('Grep', { pattern: 'listen' });
    expect(run.progress.at(-1)).toEqual({ filesScanned: 5, totalFiles: 5, matchingFiles: 4 });
  });
});

describe('Grep: errors and metadata', () => {
  it('refuses an invalid regular expression, a bad glob and a missing or outside path', async () => {
    const t = createToolTestEnv(workspace);
    const broken = await t.run('Grep', { pattern: 'export (const', output_mode: 'content' });
    expect(broken.outcome).toBe('invalid');
    expect(broken.result.content).toMatch(/not a regular expression Grep can run: .*Unterminated group/);
    expect((await t.run('Grep', { pattern: 'x', glob: '{a,b' })).result.content).toMatch(/Invalid glob/);
    expect((await t.run('Grep', { pattern: 'x', path: 'nope' })).result.content).toMatch(/does not exist/);
    expect((await t.run('Grep', { pattern: 'x', path: '../..' })).result.content).toMatch(/outside the workspace/);
  });

  it('is read-only and concurrency-safe with a 20,000-character limit', () => {
    const input = { pattern: 'listen' };
    expect(GrepTool.isReadOnly(input)).toBe(true);
    expect(GrepTool.isConcurrencySafe(input)).toBe(true);
    expect(GrepTool.maxResultSizeChars).toBe(20_000);
    expect(GrepTool.userFacingName(input)).toBe('Grep(listen)');
  });

  it('is much faster than the sandbox shell’s rg over the same files', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) {
      files[`pkg${i % 10}/src/mod${i % 7}/file${i}.ts`] = `// file ${i}\nexport const f${i} = ${i};\n${i % 97 === 0 ? 'export const NEEDLE = true;\n' : ''}`;
    }
    const t = createToolTestEnv(files);
    const timeGrep = async () => {
      const started = performance.now();
      const run = await t.run('Grep', { pattern: 'NEEDLE', head_limit: 0 });
      expect(run.result.content).toMatch(/^Found 11 files/);
      return performance.now() - started;
    };
    await timeGrep();
    const grep = Math.min(await timeGrep(), await timeGrep());
    const started = performance.now();
    const rg = await t.sandbox.exec('rg -l NEEDLE .');
    const rgTime = performance.now() - started;
    expect(rg.stdout.trim().split('\n')).toHaveLength(11);
    // The benchmark asks for 10× at 5,000 files; a looser bound keeps this test steady on busy machines.
    expect(rgTime / grep).toBeGreaterThan(4);
  });
});

describe('Grep: no pattern holds a run', () => {
  const workspace = { 'long.txt': `${'a'.repeat(40_000)}!\n`, 'src/a.ts': 'const aaa = 1;\n' };

  it('ends at once on patterns a backtracking engine would take hours on, line by line and across lines', async () => {
    const t = createToolTestEnv(workspace);
    for (const input of [{ pattern: '(a+)+$' }, { pattern: 'a*a*a*a*a*a*b' }, { pattern: '(a|aa)+$', multiline: true }]) {
      const run = await t.run('Grep', { ...input, output_mode: 'count' });
      expect([input, run.outcome, run.result.content]).toEqual([input, 'success', expect.stringMatching(/^No matches found/)]);
    }
    // The same kind of pattern still finds what it should.
    expect((await t.run('Grep', { pattern: '(a+)+ =', output_mode: 'content' })).result.content).toBe('src/a.ts:1:const aaa = 1;');
  });

  it('refuses a lookaround or a backreference, as ripgrep does, and says why', async () => {
    const t = createToolTestEnv(workspace);
    const run = await t.run('Grep', { pattern: '(?<=const )a+' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/linear time, as ripgrep matches them, so lookarounds and backreferences are not supported/);
  });
});

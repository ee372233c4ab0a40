import { describe, expect, it } from 'vitest';
import { createToolTestEnvOn, type ToolTestEnv } from '../../../test/toolEnv';
import { createVirtualSandbox } from '../../sandbox/virtualSandbox';
import { parseRuleSet, type RuleSet } from '../permissions/rules';
import { searchableFiles } from './searchableTree';

const FILES = {
  '.env': 'API_KEY=hunter2\n',
  'src/a.ts': 'export const key = 1;\n',
  'src/b.ts': 'export const other = 2;\n',
};
const SECRET = /hunter2|TOPSECRET/;

function rules(deny: string[]): RuleSet {
  const parsed = parseRuleSet({ allow: [], ask: [], deny });
  if (!parsed.ok) throw new Error('bad rules');
  return parsed.rules;
}

async function setUp(deny: string[] = ['Read(.env)']): Promise<ToolTestEnv> {
  return createToolTestEnvOn(createVirtualSandbox({}), FILES, { rules: { deny } });
}

async function grep(t: ToolTestEnv, input: Record<string, unknown>): Promise<string> {
  const run = await t.run('Grep', { output_mode: 'content', ...input });
  return run.result.content;
}

describe('searchableFiles', () => {
  const tree = [
    { path: '/w/.git/config', text: 'x\n' },
    { path: '/w/src/a.ts', text: 'a\r\n' },
    { path: '/w/src/b.ts', text: 'b\n' },
  ];

  it('leaves out version-control folders below the base, and notes which texts hold a \\r', () => {
    expect(searchableFiles(tree, '/w')).toEqual([
      { path: '/w/src/a.ts', text: 'a\r\n', hasCarriageReturn: true },
      { path: '/w/src/b.ts', text: 'b\n', hasCarriageReturn: false },
    ]);
  });

  it('is worked out once per tree and base, and again for another base or another tree', () => {
    const first = searchableFiles(tree, '/w');
    expect(searchableFiles(tree, '/w')).toBe(first);
    // Searched from inside the folder, its files are searched.
    const git = [tree[0]!];
    expect(searchableFiles(git, '/w/.git').map((file) => file.path)).toEqual(['/w/.git/config']);
    const changed = [...tree.slice(1), { path: '/w/src/c.ts', text: 'c\n' }];
    expect(searchableFiles(changed, '/w').map((file) => file.path)).toEqual(['/w/src/a.ts', '/w/src/b.ts', '/w/src/c.ts']);
  });
});

describe('Grep over a kept tree sees every change to the workspace', () => {
  it('a file written, changed or removed (by a tool, a command or behind their back) is searched as it now is', async () => {
    const t = await setUp([]);
    expect(await grep(t, { pattern: 'fresh' })).toMatch(/^No matches/);
    await t.run('Write', { file_path: 'src/c.ts', content: 'fresh by Write\n' });
    expect(await grep(t, { pattern: 'fresh' })).toBe('src/c.ts:1:fresh by Write');
    await t.sandbox.exec('echo "fresh by echo" > src/d.ts && rm src/c.ts');
    expect(await grep(t, { pattern: 'fresh' })).toBe('src/d.ts:1:fresh by echo');
    await t.write('src/d.ts', 'fresh behind their back\n');
    expect(await grep(t, { pattern: 'fresh' })).toBe('src/d.ts:1:fresh behind their back');
    await t.sandbox.exec('mkdir -p .git && mv src/d.ts .git/d.ts');
    expect(await grep(t, { pattern: 'fresh' })).toMatch(/^No matches/);
  });

  it('a link an earlier command made, to a denied file or out of the workspace, leads to no content', async () => {
    const t = await setUp();
    await t.sandbox.fs.mkdir('/outside');
    await t.sandbox.fs.writeFile('/outside/secret', 'TOPSECRET\n');
    // The tree is kept before the links exist, and must not be reused after.
    expect(await grep(t, { pattern: 'key|hunter2|TOPSECRET' })).toBe('src/a.ts:1:export const key = 1;\n\n(1 file was left out: the permission rules deny reading it.)');
    const made = await t.sandbox.exec('ln -s .env env-link && ln -s /outside/secret out-link && mkdir linked && ln -s /outside linked/dir');
    expect(made.exitCode, made.stderr).toBe(0);
    for (const input of [{}, { glob: '.env' }, { glob: '*link*' }, { path: 'linked' }]) {
      const content = await grep(t, { pattern: 'hunter2|TOPSECRET', ...input });
      expect(content, JSON.stringify(input)).not.toMatch(SECRET);
    }
    for (const path of ['env-link', 'out-link', 'linked/dir']) {
      const run = await t.run('Grep', { pattern: '.', path, output_mode: 'content' });
      expect(['denied', 'invalid'], `${path}: ${run.result.content}`).toContain(run.outcome);
      expect(run.result.content).not.toMatch(SECRET);
    }
  });

  it('a rule changed between two searches holds from the next one', async () => {
    const t = await setUp([]);
    expect(await grep(t, { pattern: 'hunter2' })).toBe('.env:1:API_KEY=hunter2');
    t.env.rules = rules(['Read(.env)']);
    expect(await grep(t, { pattern: 'hunter2' })).toMatch(/^No matches found \(2 files searched\)\.\n\n\(1 file was left out/);
    expect((await t.run('Grep', { pattern: '.', glob: '.env' })).outcome).toBe('denied');
    t.env.rules = rules(['Read(src/**)']);
    expect(await grep(t, { pattern: 'hunter2|key' })).toBe('.env:1:API_KEY=hunter2\n\n(2 files were left out: the permission rules deny reading them.)');
  });
});

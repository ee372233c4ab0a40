import { afterAll, describe, expect, it } from 'vitest';
import { createRealClock } from '../time/clock';
import { runToolCall, type SessionEnvironment } from '../tools/execution';
import { FileStateCache } from '../tools/file/fileState';
import { ToolPool } from '../tools/pool';
import { getAllBaseTools } from '../tools/registry';
import { createNodeSandbox } from './nodeSandbox';
import type { Sandbox } from './types';
import { createVirtualSandbox } from './virtualSandbox';
import { FakeWebContainer } from '../../test/webcontainer/fakeWebContainer';
import { createWebContainerSandbox } from './webcontainer/webcontainerSandbox';

/**
 * One contract for the Sandbox port: the same tool calls give the same results on every adapter
 * that can run here. Results are compared with each sandbox's root written as ROOT.
 */
const FILES: Record<string, string> = {
  'src/a.ts': 'export const a = 1;\nexport const shared = "a";\n',
  'src/b.ts': 'export const b = 2;\n',
  'src/nested/c.ts': 'import { a } from "../a";\nexport const c = a + 1;\n',
  'README.md': '# Contract\n\nShared text.\n',
  '.git/HEAD': 'ref: refs/heads/main\n',
};

async function prepare(sandbox: Sandbox) {
  for (const [path, content] of Object.entries(FILES)) {
    const absolute = `${sandbox.root}/${path}`;
    await sandbox.fs.mkdir(absolute.slice(0, absolute.lastIndexOf('/')));
    await sandbox.fs.writeFile(absolute, content);
  }
  const env: SessionEnvironment = {
    sandbox,
    clock: createRealClock(),
    pool: new ToolPool(getAllBaseTools()),
    readFileState: new FileStateCache(),
    shared: { permissionMode: 'bypassPermissions', todos: [] },
    canUseTool: () => Promise.resolve('allow'),
  };
  let n = 0;
  return async (name: string, input: unknown) => {
    const id = `toolu_${++n}`;
    const settled = await runToolCall({ id, name, input }, env, new AbortController().signal, { parentMessage: { turn: 0, toolUseIds: [id] } });
    return { outcome: settled.outcome, content: settled.result.content.split(sandbox.root).join('ROOT') };
  };
}

/** The calls, in order; `grepCommand` marks one that needs a `grep` binary (jsh has none). */
const CALLS: { name: string; input: unknown; grepCommand?: true }[] = [
  { name: 'Read', input: { file_path: 'src/a.ts' } },
  { name: 'Read', input: { file_path: 'src/a.ts', offset: 2, limit: 1 } },
  { name: 'Read', input: { file_path: 'src/a.ts', offset: 2, limit: 1 } },
  { name: 'Read', input: { file_path: 'src/missing.ts' } },
  { name: 'Read', input: { file_path: 'src' } },
  { name: 'Edit', input: { file_path: 'src/a.ts', old_string: 'a = 1', new_string: 'a = 10' } },
  { name: 'Read', input: { file_path: 'src/a.ts' } },
  { name: 'Edit', input: { file_path: 'src/b.ts', old_string: 'b = 2', new_string: 'b = 20' } },
  { name: 'Write', input: { file_path: 'docs/deep/notes.md', content: 'new file\n' } },
  { name: 'Write', input: { file_path: 'README.md', content: 'not read first\n' } },
  { name: 'Glob', input: { pattern: '**/*.ts' } },
  { name: 'Glob', input: { pattern: '**/*', path: 'docs' } },
  { name: 'Glob', input: { pattern: '*', path: 'nowhere' } },
  { name: 'Grep', input: { pattern: 'export', output_mode: 'content' } },
  { name: 'Grep', input: { pattern: 'SHARED', '-i': true } },
  { name: 'Grep', input: { pattern: 'const', output_mode: 'count' } },
  { name: 'Grep', input: { pattern: 'refs' } },
  // Through ripgrep on the node sandbox, the tool's own scan elsewhere: the same answers.
  { name: 'Grep', input: { pattern: 'const', output_mode: 'content', '-C': 1 } },
  { name: 'Grep', input: { pattern: 'export', glob: '*.ts', output_mode: 'count' } },
  { name: 'Grep', input: { pattern: 'b', path: 'src', output_mode: 'content', '-n': false } },
  { name: 'Grep', input: { pattern: 'export const\\s+\\w+', multiline: true, output_mode: 'count' } },
  // A pattern ripgrep refuses (`x[]` is an empty class to JavaScript, an unclosed one to ripgrep):
  // the node sandbox falls back to the tool's own scan.
  { name: 'Grep', input: { pattern: 'x[]|const', output_mode: 'content' } },
  // A lookbehind: neither runs it, and both say why.
  { name: 'Grep', input: { pattern: '(?<=export )const', output_mode: 'content' } },
  { name: 'Bash', input: { command: 'echo hello && cat src/b.ts' } },
  { name: 'Bash', input: { command: 'grep nothing-here README.md' }, grepCommand: true },
  { name: 'Bash', input: { command: 'exit 3' } },
  { name: 'Read', input: { file_path: '../outside.txt' } },
  { name: 'Write', input: { file_path: '/etc/escape.txt', content: 'x' } },
  { name: 'Read', input: { file_path: '~/notes.txt' } },
  { name: 'Glob', input: { pattern: '*', path: '..' } },
];

/**
 * The adapters held to the contract, each against the virtual sandbox's results. WebContainer runs
 * over a fake of its API object (the real one needs StackBlitz's servers): the adapter's own code
 * is what runs. Its fs API cannot make symlinks and jsh has no grep, so those checks skip it.
 */
const ADAPTERS: { name: string; create: () => Sandbox | Promise<Sandbox>; symlinks: boolean; grepCommand: boolean }[] = [
  { name: 'node', create: () => createNodeSandbox(), symlinks: true, grepCommand: true },
  { name: 'webcontainer (fake API)', create: () => createWebContainerSandbox(new FakeWebContainer()), symlinks: false, grepCommand: false },
];

const sandboxes: Sandbox[] = [];
afterAll(async () => {
  await Promise.all(sandboxes.map((s) => s.dispose()));
});

async function fresh(create: () => Sandbox | Promise<Sandbox>): Promise<Sandbox> {
  const sandbox = await create();
  sandboxes.push(sandbox);
  return sandbox;
}

describe('the Sandbox contract', () => {
  it.each(ADAPTERS)('gives the same results for the same tool calls on the $name sandbox as on the virtual one', async (adapter) => {
    const onVirtual = await prepare(await fresh(() => createVirtualSandbox({})));
    const onAdapter = await prepare(await fresh(adapter.create));
    for (const call of CALLS) {
      if (call.grepCommand && !adapter.grepCommand) continue;
      const expected = await onVirtual(call.name, call.input);
      const actual = await onAdapter(call.name, call.input);
      expect(actual, `${call.name} ${JSON.stringify(call.input)}`).toEqual(expected);
    }
  });

  it.each(['virtual', ...ADAPTERS.map((adapter) => adapter.name)])('refuses an Edit of a file a command changed after it was read, on the %s sandbox', async (name) => {
    const sandbox = await fresh(ADAPTERS.find((adapter) => adapter.name === name)?.create ?? (() => createVirtualSandbox({})));
    const run = await prepare(sandbox);
    await run('Read', { file_path: 'src/b.ts' });
    await sandbox.exec('echo changed > src/b.ts');
    const result = await run('Edit', { file_path: 'src/b.ts', old_string: 'changed', new_string: 'edited' });
    expect(result.outcome).toBe('invalid');
    expect(result.content).toContain('modified since it was last read');
  });

  it.each(['virtual', ...ADAPTERS.filter((adapter) => adapter.symlinks).map((adapter) => adapter.name)])(
    'refuses a symlink that points out of the workspace on the %s sandbox',
    async (name) => {
      const sandbox = await fresh(ADAPTERS.find((adapter) => adapter.name === name)?.create ?? (() => createVirtualSandbox({})));
      const run = await prepare(sandbox);
      const made = await sandbox.exec('ln -s /etc escape && ln -s /etc/hostname host');
      expect(made.exitCode).toBe(0);
      for (const [tool, input] of [
        ['Read', { file_path: 'host' }],
        ['Read', { file_path: 'escape/hostname' }],
        ['Write', { file_path: 'escape/new.txt', content: 'x' }],
        ['Edit', { file_path: 'host', old_string: 'a', new_string: 'b' }],
        ['Glob', { pattern: '*', path: 'escape' }],
        ['Grep', { pattern: 'x', path: 'escape' }],
      ] as const) {
        const result = await run(tool, input);
        expect(result.outcome, `${tool} ${JSON.stringify(input)}`).toBe('invalid');
        expect(result.content).toContain('outside the workspace');
      }
    },
  );
});

import { afterAll, describe, expect, it } from 'vitest';
import { createRealClock } from '../time/clock';
import { runToolCall, type SessionEnvironment } from '../tools/execution';
import { FileStateCache } from '../tools/file/fileState';
import { ToolPool } from '../tools/pool';
import { getAllBaseTools } from '../tools/registry';
import { createNodeSandbox } from './nodeSandbox';
import type { Sandbox } from './types';
import { createVirtualSandbox } from './virtualSandbox';

/**
 * One contract for the Sandbox port: the same tool calls give the same results on every adapter
 * that can run here (virtual and node; WebContainer needs StackBlitz's servers). Results are
 * compared with each sandbox's root written as ROOT.
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

const CALLS: [string, unknown][] = [
  ['Read', { file_path: 'src/a.ts' }],
  ['Read', { file_path: 'src/a.ts', offset: 2, limit: 1 }],
  ['Read', { file_path: 'src/missing.ts' }],
  ['Edit', { file_path: 'src/a.ts', old_string: 'a = 1', new_string: 'a = 10' }],
  ['Read', { file_path: 'src/a.ts' }],
  ['Edit', { file_path: 'src/b.ts', old_string: 'b = 2', new_string: 'b = 20' }],
  ['Write', { file_path: 'docs/deep/notes.md', content: 'new file\n' }],
  ['Glob', { pattern: '**/*.ts' }],
  ['Glob', { pattern: '**/*', path: 'docs' }],
  ['Grep', { pattern: 'export', output_mode: 'content' }],
  ['Grep', { pattern: 'SHARED', '-i': true }],
  ['Grep', { pattern: 'const', output_mode: 'count' }],
  ['Grep', { pattern: 'refs' }],
  ['Bash', { command: 'echo hello && cat src/b.ts' }],
  ['Bash', { command: 'grep nothing-here README.md' }],
  ['Bash', { command: 'exit 3' }],
  ['Read', { file_path: '../outside.txt' }],
  ['Write', { file_path: '/etc/escape.txt', content: 'x' }],
  ['Read', { file_path: '~/notes.txt' }],
  ['Glob', { pattern: '*', path: '..' }],
];

const sandboxes: Sandbox[] = [];
afterAll(async () => {
  await Promise.all(sandboxes.map((s) => s.dispose()));
});

describe('the Sandbox contract', () => {
  it('gives the same results for the same tool calls on the virtual and the node sandbox', async () => {
    const virtual = createVirtualSandbox({});
    const node = await createNodeSandbox();
    sandboxes.push(virtual, node);
    const onVirtual = await prepare(virtual);
    const onNode = await prepare(node);
    for (const [name, input] of CALLS) {
      const a = await onVirtual(name, input);
      const b = await onNode(name, input);
      expect(b, `${name} ${JSON.stringify(input)}`).toEqual(a);
    }
  });

  it.each(['virtual', 'node'] as const)('refuses a symlink that points out of the workspace on the %s sandbox', async (kind) => {
    const sandbox = kind === 'virtual' ? createVirtualSandbox({}) : await createNodeSandbox();
    sandboxes.push(sandbox);
    const run = await prepare(sandbox);
    const made = await sandbox.exec('ln -s /etc escape && ln -s /etc/hostname host');
    expect(made.exitCode).toBe(0);
    for (const [name, input] of [
      ['Read', { file_path: 'host' }],
      ['Read', { file_path: 'escape/hostname' }],
      ['Write', { file_path: 'escape/new.txt', content: 'x' }],
      ['Edit', { file_path: 'host', old_string: 'a', new_string: 'b' }],
      ['Glob', { pattern: '*', path: 'escape' }],
      ['Grep', { pattern: 'x', path: 'escape' }],
    ] as const) {
      const result = await run(name, input);
      expect(result.outcome, `${name} ${JSON.stringify(input)}`).toBe('invalid');
      expect(result.content).toContain('outside the workspace');
    }
  });
});

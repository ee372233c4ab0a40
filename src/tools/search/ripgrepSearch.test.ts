import { describe, expect, it } from 'vitest';
import { createNodeSandbox } from '../../sandbox/nodeSandbox';
import type { Sandbox } from '../../sandbox/types';
import { createRealClock } from '../../time/clock';
import { runToolCall, type SessionEnvironment } from '../execution';
import { FileStateCache } from '../file/fileState';
import { ToolPool } from '../pool';
import { GrepTool } from './GrepTool';
import { parseRipgrep, ripgrepArgs, ripgrepListArgs } from './ripgrepSearch';

const event = (type: string, data: Record<string, unknown>) => JSON.stringify({ type, data });
const lineEvent = (type: 'match' | 'context', path: string, number: number, text: string) =>
  event(type, { path: { text: path }, lines: { text: `${text}\n` }, line_number: number });

describe('ripgrep as Grep asks it', () => {
  it('searches every file but VCS folders, hidden and ignored ones too, with the call’s filters', () => {
    const request = { pattern: 'a.b', ignoreCase: true, multiline: false, globs: ['*.ts', '!*.d.ts'], type: 'ts', before: 1, after: 2, target: 'src' };
    const args = ripgrepArgs(request);
    expect(args).toEqual(expect.arrayContaining(['--json', '--hidden', '--no-ignore', '--ignore-case', '--before-context', '1', '--after-context', '2']));
    expect(args.slice(-4)).toEqual(['--regexp', 'a.b', '--', 'src']);
    expect(ripgrepListArgs(request)).toEqual(expect.arrayContaining(['--files', '--glob', '!.git', '*.ts', '!*.d.ts', '--type', 'ts']));
    expect(ripgrepListArgs(request)).not.toContain('--regexp');
  });

  it('reads its JSON into rows in Grep’s own format, sorted by path, each line once', () => {
    const out = [
      lineEvent('context', './src/b.ts', 1, 'x'),
      lineEvent('match', './src/b.ts', 2, 'needle'),
      lineEvent('match', './src/b.ts', 5, 'needle again'),
      event('end', { path: { text: './src/b.ts' }, stats: { matched_lines: 2, matches: 2 } }),
      lineEvent('match', './a.ts', 1, 'needle'),
      event('end', { path: { text: './a.ts' }, stats: { matched_lines: 1, matches: 1 } }),
      'not json',
    ].join('\n');
    const files = parseRipgrep(out, { multiline: false, wantRows: true, lineNumbers: true, separators: true });
    expect(files).toEqual([
      { path: 'a.ts', count: 1, rows: ['a.ts:1:needle'] },
      { path: 'src/b.ts', count: 2, rows: ['src/b.ts-1-x', 'src/b.ts:2:needle', '--', 'src/b.ts:5:needle again'] },
    ]);
  });
});

describe('Grep on the node sandbox', () => {
  it('runs through the machine’s ripgrep, and falls back to its own scan for a pattern ripgrep refuses', async () => {
    const node = await createNodeSandbox();
    try {
      await node.fs.writeFile(`${node.root}/a.ts`, 'export const a = 1;\n');
      let calls = 0;
      const counted: Sandbox = { ...node, ripgrep: (args, options) => (calls++, node.ripgrep!(args, options)) };
      const env: SessionEnvironment = {
        sandbox: counted,
        clock: createRealClock(),
        pool: new ToolPool([GrepTool]),
        readFileState: new FileStateCache(),
        shared: { permissionMode: 'bypassPermissions', todos: [] },
        canUseTool: () => Promise.resolve('allow'),
      };
      const grep = (pattern: string) =>
        runToolCall({ id: 'g', name: 'Grep', input: { pattern, output_mode: 'content' } }, env, new AbortController().signal, { parentMessage: { turn: 0, toolUseIds: [] } });
      const viaRg = await grep('const');
      expect(viaRg.result.content).toBe('a.ts:1:export const a = 1;');
      expect(calls).toBeGreaterThan(0);
      // `[]` is an empty class to JavaScript, an unclosed one to ripgrep.
      const refused = await grep('const[]|const');
      expect(refused.result.content).toBe('a.ts:1:export const a = 1;');
    } finally {
      await node.dispose();
    }
  });
});

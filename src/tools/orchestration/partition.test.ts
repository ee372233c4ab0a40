import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { buildTool } from '../buildTool';
import { ToolPool } from '../pool';
import { partitionToolCalls } from './partition';

const pathInput = z.strictObject({ file_path: z.string() });
const Read = buildTool({
  name: 'Read',
  inputSchema: pathInput,
  prompt: () => 'Reads a file.',
  isConcurrencySafe: () => true,
  call: () => Promise.resolve({ output: '' }),
  render: { use: () => ({ title: 'Read' }), result: () => ({ title: 'Read' }) },
});
const Bash = buildTool({
  name: 'Bash',
  inputSchema: z.strictObject({ command: z.string() }),
  prompt: () => 'Runs a command.',
  call: () => Promise.resolve({ output: '' }),
  render: { use: () => ({ title: 'Bash' }), result: () => ({ title: 'Bash' }) },
});
const Throwing = buildTool({
  name: 'Throwing',
  inputSchema: pathInput,
  prompt: () => 'Its safety check throws.',
  isConcurrencySafe: () => {
    throw new Error('cannot tell');
  },
  call: () => Promise.resolve({ output: '' }),
  render: { use: () => ({ title: 'T' }), result: () => ({ title: 'T' }) },
});
const pool = new ToolPool([Read, Bash, Throwing]);
const ids = (batches: ReturnType<typeof partitionToolCalls>) => batches.map((b) => ({ concurrent: b.concurrent, ids: b.calls.map((c) => c.id) }));

describe('partitionToolCalls', () => {
  it("splits the seed's example [Read a, Read b, Bash ls, Read c] into [[a, b], [ls], [c]]", () => {
    const calls = [
      { id: 'a', name: 'Read', input: { file_path: 'a.ts' } },
      { id: 'b', name: 'Read', input: { file_path: 'b.ts' } },
      { id: 'ls', name: 'Bash', input: { command: 'ls' } },
      { id: 'c', name: 'Read', input: { file_path: 'c.ts' } },
    ];
    expect(ids(partitionToolCalls(calls, pool))).toEqual([
      { concurrent: true, ids: ['a', 'b'] },
      { concurrent: false, ids: ['ls'] },
      { concurrent: true, ids: ['c'] },
    ]);
  });

  it('gives each consecutive unsafe call its own batch', () => {
    const calls = ['x', 'y'].map((id) => ({ id, name: 'Bash', input: { command: id } }));
    expect(ids(partitionToolCalls(calls, pool))).toEqual([
      { concurrent: false, ids: ['x'] },
      { concurrent: false, ids: ['y'] },
    ]);
  });

  it('treats an unknown tool, input that fails the schema, broken JSON and a throwing check as unsafe', () => {
    const calls = [
      { id: 'r1', name: 'Read', input: { file_path: 'a' } },
      { id: 'unknown', name: 'Nope', input: {} },
      { id: 'r2', name: 'Read', input: { file_path: 'b' } },
      { id: 'bad', name: 'Read', input: { file_path: 3 } },
      { id: 'broken', name: 'Read', input: {}, inputError: '{"file_path": ' },
      { id: 'throws', name: 'Throwing', input: { file_path: 'c' } },
      { id: 'r3', name: 'Read', input: { file_path: 'd' } },
    ];
    expect(ids(partitionToolCalls(calls, pool))).toEqual([
      { concurrent: true, ids: ['r1'] },
      { concurrent: false, ids: ['unknown'] },
      { concurrent: true, ids: ['r2'] },
      { concurrent: false, ids: ['bad'] },
      { concurrent: false, ids: ['broken'] },
      { concurrent: false, ids: ['throws'] },
      { concurrent: true, ids: ['r3'] },
    ]);
  });

  it('returns no batches for no calls', () => {
    expect(partitionToolCalls([], pool)).toEqual([]);
  });
});

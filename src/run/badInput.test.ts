import { afterAll, describe, expect, it } from 'vitest';
import { createNodeSandbox } from '../sandbox/nodeSandbox';
import type { Sandbox } from '../sandbox/types';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { validateScenario } from '../scenarios/validate';
import { createVirtualClock } from '../time/virtualClock';
import type { RunRecord } from './record';
import { runScenario } from './runScenario';

/**
 * Input that cannot break a run, on both sandboxes: a call with hostile input gets exactly one
 * error result, every other call still runs, and the run ends with its record.
 */
const sandboxes: Sandbox[] = [];
afterAll(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.dispose()));
});

const SANDBOXES: [string, () => Sandbox | Promise<Sandbox>][] = [
  ['virtual', () => createVirtualSandbox({})],
  ['node', () => createNodeSandbox()],
];

type Block = Record<string, unknown>;

async function run(make: () => Sandbox | Promise<Sandbox>, stream: Block[], files: Record<string, string> = { 'a.txt': 'a\n' }): Promise<RunRecord> {
  const result = validateScenario({ id: 'bad-input', title: 'Bad input', workspace: { files }, turns: [{ stream }, { stream: [{ type: 'text', text: 'done', at: 0, durationMs: 1 }] }] });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const sandbox = await make();
  sandboxes.push(sandbox);
  const clock = createVirtualClock();
  return clock.runUntil(runScenario({ scenario: result.scenario, sandbox, strategy: 'streaming', clock }));
}

const tool = (id: string, name: string, input: unknown, at = 0): Block => ({ type: 'tool_use', id, name, input, at, durationMs: 10 });

/** Every tool_use of the run, by id, with its one result; fails on a missing or doubled one. */
function resultsById(record: RunRecord, ids: readonly string[]): Map<string, { outcome: string; content: string }> {
  expect(record.error).toBeUndefined();
  expect(record.status).toBe('ended');
  const calls = record.turns.flatMap((turn) => turn.calls);
  expect(calls.map((call) => call.id).sort()).toEqual([...ids].sort());
  return new Map(calls.map((call) => [call.id, { outcome: call.outcome!, content: call.result!.content }]));
}

/** A 10,000-deep JSON object, built without recursion. */
function deepObject(depth: number): Record<string, unknown> {
  const top: Record<string, unknown> = {};
  let inner = top;
  for (let i = 1; i < depth; i++) {
    const next: Record<string, unknown> = {};
    inner.x = next;
    inner = next;
  }
  return top;
}

describe.each(SANDBOXES)('input that cannot break a run on the %s sandbox', (_name, make) => {
  it('a 10,000-deep input, as an object or as text, gets an error result; the calls around it run', async () => {
    const deepText = `${'{"x":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const record = await run(make, [tool('before', 'Read', { file_path: 'a.txt' }), tool('deep', 'Read', deepObject(10_000), 10), tool('deep_text', 'Grep', deepText, 20), tool('after', 'Read', { file_path: 'a.txt' }, 30)]);
    const results = resultsById(record, ['before', 'deep', 'deep_text', 'after']);
    expect(results.get('deep')).toMatchObject({ outcome: 'invalid' });
    expect(results.get('deep')!.content).toContain('Read received input nested 10000 levels deep; at most 100 are accepted');
    expect(results.get('deep_text')!.content).toContain('Grep received input nested 10000 levels deep');
    expect(results.get('before')!.outcome).toBe('success');
    expect(results.get('after')!.outcome).toBe('success');
    // The record is data any exporter can write.
    expect(() => JSON.stringify(record)).not.toThrow();
  });

  it('a NUL in a path, a file where a folder must be, and "__proto__" as a file name: error results or real files', async () => {
    const record = await run(make, [
      tool('nul_write', 'Write', { file_path: 'x\u0000y', content: 'z' }),
      tool('nul_read', 'Read', { file_path: 'a.txt\u0000' }, 10),
      tool('under_file', 'Write', { file_path: 'a.txt/b', content: 'z' }, 20),
      tool('proto_write', 'Write', { file_path: '__proto__', content: 'proto\n' }, 30),
      tool('proto_bash', 'Bash', { command: 'mkdir -p d && echo made > d/__proto__ && echo ok' }, 40),
      tool('proto_read', 'Read', { file_path: '__proto__' }, 50),
    ]);
    const results = resultsById(record, ['nul_write', 'nul_read', 'under_file', 'proto_write', 'proto_bash', 'proto_read']);
    for (const id of ['nul_write', 'nul_read', 'under_file']) {
      expect(['invalid', 'error'], `${id}: ${results.get(id)!.content}`).toContain(results.get(id)!.outcome);
      expect(results.get(id)!.content).not.toMatch(/internal error/i);
    }
    expect(results.get('nul_write')!.content).toMatch(/NUL/);
    expect(results.get('under_file')!.content).toContain('a.txt');
    expect(results.get('proto_read')!.content).toContain('proto');
    expect(Object.keys(record.files).sort()).toEqual(['__proto__', 'a.txt', 'd/__proto__']);
    expect(record.files['__proto__']).toBe('proto\n');
    // Written out and read back, the file is still there (an object literal could not even name it).
    const expected = Object.fromEntries([['__proto__', 'proto\n'], ['a.txt', 'a\n'], ['d/__proto__', 'made\n']]);
    expect(JSON.parse(JSON.stringify(record.files)) as unknown).toEqual(expected);
  });

  it('a background writer left by a Bash call does not end the run in an error, and the snapshot ends', { timeout: 60_000 }, async () => {
    const writer = 'mkdir d; (for i in $(seq 1 1000); do mkdir -p d/$i; echo x > d/$i/f; done) >/dev/null 2>&1 & echo started';
    const record = await run(make, [tool('writer', 'Bash', { command: writer }), tool('next', 'Read', { file_path: 'a.txt' }, 10)]);
    const results = resultsById(record, ['writer', 'next']);
    expect(results.get('writer')!.content).toContain('started');
    expect(results.get('next')!.outcome).toBe('success');
    expect(record.files['a.txt']).toBe('a\n');
  });
});

describe('a FIFO made by a command on the node sandbox (the virtual one has no mkfifo)', () => {
  it('Read, Grep and Glob of it get error results, a search of everything skips it, and the final snapshot ends without it', { timeout: 60_000 }, async () => {
    const record = await run(createNodeSandbox, [
      tool('make', 'Bash', { command: 'mkfifo pipe && ln -s pipe pipe-link && echo made' }),
      tool('read', 'Read', { file_path: 'pipe' }, 10),
      tool('read_link', 'Read', { file_path: 'pipe-link' }, 20),
      tool('grep', 'Grep', { pattern: 'a', path: 'pipe' }, 30),
      tool('grep_all', 'Grep', { pattern: 'a', output_mode: 'files_with_matches' }, 40),
    ]);
    const results = resultsById(record, ['make', 'read', 'read_link', 'grep', 'grep_all']);
    for (const id of ['read', 'read_link', 'grep']) {
      expect(results.get(id)!.outcome, id).toBe('invalid');
      expect(results.get(id)!.content).toContain('special file');
    }
    expect(results.get('grep_all')!.content).toBe('Found 1 file\na.txt');
    expect(Object.keys(record.files)).toEqual(['a.txt']);
  });
});

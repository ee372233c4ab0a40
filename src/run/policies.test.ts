import { describe, expect, it } from 'vitest';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { POLICIES, POLICY_NAMES, type PolicyName } from '../scenarios/policies';
import { effectiveSettings } from '../scenarios/effectiveSettings';
import { validateScenario } from '../scenarios/validate';
import { createVirtualClock } from '../time/virtualClock';
import type { CallRecord, RunRecord } from './record';
import { runScenario } from './runScenario';

type Block = { id: string; name: string; input: Record<string, unknown>; at: number; latencyMs?: number };

/** One turn of calls (each block streams for 50 ms from `at`), under `policy`. */
async function run(policy: PolicyName, blocks: Block[], files: Record<string, string> = {}, settings: Record<string, unknown> = {}): Promise<RunRecord> {
  const result = validateScenario({
    id: 'policy-check',
    title: 'Policy check',
    workspace: { files: { 'a.txt': 'a\n', 'b.txt': 'b\n', ...files } },
    settings: { policy, permissionMode: 'bypassPermissions', ...settings },
    turns: [{ stream: blocks.map((block) => ({ type: 'tool_use', durationMs: 50, latencyMs: 200, ...block })) }],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const clock = createVirtualClock();
  return clock.runUntil(runScenario({ scenario: result.scenario, sandbox: createVirtualSandbox({}), clock }));
}

const calls = (record: RunRecord) => new Map(record.turns[0]!.calls.map((call) => [call.id, call]));
const outcome = (record: RunRecord, id: string) => calls(record).get(id)!.outcome;
const read = (id: string, at: number, file = 'a.txt', latencyMs?: number): Block => ({ id, name: 'Read', input: { file_path: file }, at, ...(latencyMs !== undefined ? { latencyMs } : {}) });
const bash = (id: string, at: number, command: string): Block => ({ id, name: 'Bash', input: { command }, at });
const edit = (id: string, at: number): Block => ({ id, name: 'Write', input: { file_path: 'new.txt', content: id }, at });
const editFile = (id: string, at: number, file: string): Block => ({ id, name: 'Edit', input: { file_path: file, old_string: 'x', new_string: 'y' }, at });
const write = (id: string, at: number, file: string, content: string, latencyMs: number): Block => ({ id, name: 'Write', input: { file_path: file, content }, at, latencyMs });
/** Calls that overlap in time with `call`. */
const overlapping = (record: RunRecord, call: CallRecord) =>
  record.turns[0]!.calls.filter((other) => other !== call && other.executingAt! < call.completedAt! && call.executingAt! < other.completedAt!);

describe('the resolved schedule in the record', () => {
  it('carries, for every preset, the strategy, timing, grouping, cap, order and cascade the run obeyed', async () => {
    for (const name of POLICY_NAMES) {
      const preset = POLICIES[name];
      const record = await run(name, [read('r', 0)]);
      const cap = preset.strategy === 'parallel' || preset.settings.maxConcurrency === 'none' ? null : preset.settings.maxConcurrency;
      expect(record.schedule, name).toEqual({
        strategy: preset.strategy,
        timing: preset.strategy === 'streaming' ? 'during-stream' : 'after-stream',
        grouping: preset.strategy === 'serial' ? 'serial' : preset.strategy === 'parallel' ? 'parallel' : 'partition',
        cap,
        resultOrder: preset.settings.resultOrder,
        cascade: preset.settings.cascade,
      });
    }
  });

  it('a baseline strategy asked of a streaming policy runs every call to its end, and the record says so', async () => {
    const result = validateScenario({
      id: 'baseline',
      title: 'Baseline',
      workspace: { files: { 'a.txt': 'a\n' } },
      settings: { policy: 'claude-code-2.1.39', maxConcurrency: 3 },
      turns: [{ stream: [{ type: 'tool_use', id: 'r', name: 'Read', input: { file_path: 'a.txt' }, at: 0, durationMs: 10 }] }],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const clock = createVirtualClock();
    const record = await clock.runUntil(runScenario({ scenario: result.scenario, sandbox: createVirtualSandbox({}), clock, strategy: 'batched' }));
    expect(record.schedule).toMatchObject({ strategy: 'batched', timing: 'after-stream', grouping: 'partition', cap: 3, cascade: 'none' });
  });
});

describe('the policy presets, each with its source', () => {
  it('names the agent, version and what it rests on for every preset, and resolves every setting', () => {
    for (const name of POLICY_NAMES) {
      const preset = POLICIES[name];
      expect(preset.name).toBe(name);
      expect(preset.source.length, name).toBeGreaterThan(40);
      const settings = effectiveSettings({ ...validSettings(), policy: name });
      expect(settings.maxConcurrency).toBe(preset.settings.maxConcurrency);
    }
  });

  it('lets an explicit setting override the preset’s, one by one', () => {
    const settings = effectiveSettings({ ...validSettings(), policy: 'claude-code-2.1.161', cascade: 'bash' });
    expect(settings).toMatchObject({ cascade: 'bash', resultOrder: 'completion', bashConcurrency: 'read-only' });
  });

  it('seed: a Bash error cancels its siblings, a failed Read does not; the record names the policy and the strategy', async () => {
    const record = await run('seed', [bash('b', 0, 'exit 3'), read('r', 10)]);
    expect(record.strategy).toBe('streaming');
    expect(record.settings).toMatchObject({ policy: 'seed', cascade: 'bash' });
    expect(outcome(record, 'r')).toBe('cancelled');
    const quiet = await run('seed', [read('missing', 0, 'nope.txt'), read('r', 10)]);
    expect(outcome(quiet, 'r')).toBe('success');
  });

  it('claude-code-1.0: nothing starts before the whole response has streamed', async () => {
    const record = await run('claude-code-1.0', [read('r1', 0), read('r2', 300)]);
    expect(record.strategy).toBe('batched');
    const streamEnd = record.turns[0]!.streamEndedAt!;
    for (const call of record.turns[0]!.calls) expect(call.executingAt!).toBeGreaterThanOrEqual(streamEnd);
    // Its path (runTools) cancels nothing: every call runs to its end.
    const failed = await run('claude-code-1.0', [bash('b', 0, 'exit 3'), bash('b2', 10, 'echo later')]);
    expect(outcome(failed, 'b2')).toBe('success');
  });

  it('claude-code-2.1.39: a Read of a missing file cancels its siblings, also ones arriving later; read-only Bash runs together', async () => {
    const record = await run('claude-code-2.1.39', [read('missing', 0, 'nope.txt'), read('slow', 0, 'a.txt', 400), read('late', 200)]);
    expect(outcome(record, 'missing')).toBe('invalid');
    expect(outcome(record, 'slow')).toBe('cancelled');
    expect(outcome(record, 'late')).toBe('cancelled');
    const together = await run('claude-code-2.1.39', [bash('l1', 0, 'ls'), bash('l2', 10, 'cat a.txt')]);
    expect(together.turns[0]!.batches).toHaveLength(1);
  });

  it('claude-code-2.1.47: while every call of the turn edits a file an error cancels nothing; a later call of another tool ends the respite', async () => {
    const edits = await run('claude-code-2.1.47', [editFile('e1', 0, 'missing.txt'), write('w', 10, 'c.txt', 'c', 200)]);
    expect(outcome(edits, 'w')).toBe('success');
    // What the tool does decides, not its name: a failing MultiEdit is a file edit too.
    const multi = await run('claude-code-2.1.47', [{ id: 'm', name: 'MultiEdit', input: { file_path: 'missing.txt', edits: [{ old_string: 'a', new_string: 'A' }] }, at: 0 }, write('w', 10, 'c.txt', 'c', 200)]);
    expect(outcome(multi, 'm')).not.toBe('success');
    expect(outcome(multi, 'w')).toBe('success');
    const mixed = await run('claude-code-2.1.47', [editFile('e1', 0, 'missing.txt'), write('w', 10, 'c.txt', 'c', 400), read('r', 100)]);
    expect(outcome(mixed, 'w')).toBe('cancelled');
    expect(outcome(mixed, 'r')).toBe('cancelled');
  });

  it('claude-code-2.1.72: only a Bash call’s error cancels its siblings', async () => {
    const reading = await run('claude-code-2.1.72', [read('missing', 0, 'nope.txt'), read('slow', 0, 'a.txt', 400)]);
    expect(outcome(reading, 'slow')).toBe('success');
    const failing = await run('claude-code-2.1.72', [bash('b', 0, 'ls nope-dir-x; exit 2'), read('r', 10, 'a.txt', 400)]);
    expect(outcome(failing, 'r')).toBe('cancelled');
  });

  it('claude-code-2.1.128: a read-only call’s failure no longer cancels, a write’s still does', async () => {
    const readOnly = await run('claude-code-2.1.128', [read('missing', 0, 'nope.txt'), read('slow', 0, 'a.txt', 400)]);
    expect(outcome(readOnly, 'slow')).toBe('success');
    const writing = await run('claude-code-2.1.128', [bash('b', 0, 'echo x > out.txt; exit 4'), read('r', 10)]);
    expect(outcome(writing, 'r')).toBe('cancelled');
  });

  it('claude-code-2.1.161: every call returns its own result, whatever fails', async () => {
    const record = await run('claude-code-2.1.161', [bash('b', 0, 'echo x > out.txt; exit 4'), read('missing', 5, 'nope.txt'), read('r', 10)]);
    expect(outcome(record, 'r')).toBe('success');
  });

  it('gemini-cli: after the stream, every call together (Bash included) but edits, which run alone; no cap', async () => {
    const reads = Array.from({ length: 12 }, (_, i) => read(`r${i}`, i));
    const record = await run('gemini-cli', [...reads, bash('b', 20, 'echo hi'), edit('w', 30), read('after', 40)]);
    expect(record.strategy).toBe('batched');
    const batches = record.turns[0]!.batches.map((batch) => batch.toolUseIds);
    expect(batches).toEqual([[...reads.map((r) => r.id), 'b'], ['w'], ['after']]);
    expect(overlapping(record, calls(record).get('r0')!).length).toBe(12);
  });

  it('codex: streaming with no cap, results in call order', async () => {
    const reads = Array.from({ length: 12 }, (_, i) => read(`r${i}`, 0, 'a.txt', 300 - i * 10));
    const record = await run('codex', reads);
    expect(overlapping(record, calls(record).get('r0')!).length).toBe(11);
    expect(record.turns[0]!.yieldOrder).toEqual(reads.map((r) => r.id));
  });

  it('ai-sdk-5: every call at once as it arrives, unsafe ones too, results as they complete', async () => {
    const record = await run('ai-sdk-5', [edit('w', 0), bash('b', 10, 'echo hi'), read('r', 20, 'a.txt', 10)]);
    expect(record.turns[0]!.batches).toHaveLength(1);
    expect(calls(record).get('b')!.executingAt).toBeLessThan(calls(record).get('w')!.completedAt!);
    expect(record.turns[0]!.yieldOrder[0]).toBe('r');
  });

  it('ai-sdk-7: after the stream, every call at once', async () => {
    const record = await run('ai-sdk-7', [edit('w', 0), bash('b', 100, 'echo hi')]);
    expect(record.strategy).toBe('parallel');
    const [w, b] = [calls(record).get('w')!, calls(record).get('b')!];
    expect(w.executingAt).toBe(b.executingAt);
  });

  it('cline: one call at a time, after the response', async () => {
    const record = await run('cline', [read('r1', 0), read('r2', 10), read('r3', 20)]);
    expect(record.strategy).toBe('serial');
    for (const call of record.turns[0]!.calls) expect(overlapping(record, call)).toEqual([]);
  });
});

function validSettings() {
  const result = validateScenario({ id: 'x', title: 'x', turns: [{ stream: [] }] });
  if (!result.ok) throw new Error('unreachable');
  return result.scenario.settings;
}

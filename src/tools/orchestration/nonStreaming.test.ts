import { describe, expect, it } from 'vitest';
import { bash, runBatchedScripted, safe, unsafe } from '../../../test/executorHarness';

const script = [safe('a', 0, 300), safe('b', 100, 100), unsafe('u', 200, 200), safe('c', 300, 100)];

describe('the non-streaming path (the seed’s runTools: the batches, after the stream)', () => {
  it('starts nothing until the stream has ended, and says so', async () => {
    const run = await runBatchedScripted(script, { strategy: 'batched', streamEnd: 1000 });
    expect(run.calls.get('a')!.startedAt).toBe(1000);
    expect(run.calls.get('a')!.waits[0]).toContain('after the model has finished streaming');
  });

  it('runs the partition batch after batch, a safe batch concurrently', async () => {
    const run = await runBatchedScripted(script, { strategy: 'batched', streamEnd: 1000 });
    const at = (id: string) => [run.calls.get(id)!.startedAt, run.calls.get(id)!.completedAt];
    expect(at('a')).toEqual([1000, 1300]);
    expect(at('b')).toEqual([1000, 1100]);
    expect(at('u')).toEqual([1300, 1500]);
    expect(at('c')).toEqual([1500, 1600]);
    expect(['a', 'b', 'u', 'c'].map((id) => run.calls.get(id)!.batch)).toEqual([0, 0, 1, 2]);
  });

  it('keeps a safe batch within maxConcurrency, starting the next call as one finishes', async () => {
    const calls = [safe('s0', 0, 100), safe('s1', 0, 300), safe('s2', 0, 100)];
    const run = await runBatchedScripted(calls, { strategy: 'batched', streamEnd: 0, maxConcurrency: 2 });
    expect(run.calls.get('s2')!.startedAt).toBe(100);
    expect(run.calls.get('s2')!.causes).toContainEqual({ kind: 'cap', cap: 2, executing: ['s0', 's1'] });
    expect(run.calls.get('s2')!.waits).toContainEqual(expect.stringContaining('concurrency cap of 2'));
  });

  it('runs one call at a time under the serial plan', async () => {
    const run = await runBatchedScripted(script, { strategy: 'serial', streamEnd: 1000 });
    expect(run.calls.get('b')!.startedAt).toBe(1300);
    expect(run.calls.get('c')!.startedAt).toBe(1600);
  });

  it('runs everything at once under the parallel plan, unsafe calls included', async () => {
    const run = await runBatchedScripted(script, { strategy: 'parallel', streamEnd: 1000 });
    expect(['a', 'b', 'u', 'c'].map((id) => run.calls.get(id)!.startedAt)).toEqual([1000, 1000, 1000, 1000]);
    expect(new Set([...run.calls.values()].map((c) => c.batch))).toEqual(new Set([0]));
    // The one batch is recorded as concurrent, unsafe members and all: that is how it runs.
    const queued = run.events.flatMap((event) => (event.type === 'call_queued' ? [event.concurrentBatch] : []));
    expect(queued).toEqual([true, true, true, true]);
  });

  it('records every batch as serial under the serial plan, safe calls included', async () => {
    const run = await runBatchedScripted(script, { strategy: 'serial', streamEnd: 1000 });
    const queued = run.events.flatMap((event) => (event.type === 'call_queued' ? [[event.batch, event.concurrentBatch]] : []));
    expect(queued).toEqual([[0, false], [1, false], [2, false], [3, false]]);
  });

  it('does not cancel siblings on a Bash error (as in the real non-streaming path)', async () => {
    const run = await runBatchedScripted([bash('b', 0, 100, { fail: true }), safe('a', 10, 50)], { strategy: 'batched', streamEnd: 20 });
    expect(run.calls.get('b')!.outcome).toBe('error');
    expect(run.calls.get('a')!.outcome).toBe('success');
  });

  it('yields completed results in request order by default and in completion order on request', async () => {
    const calls = [safe('slow', 0, 500), safe('fast', 0, 50)];
    expect((await runBatchedScripted(calls, { strategy: 'batched', streamEnd: 0 })).yieldOrder).toEqual(['slow', 'fast']);
    expect((await runBatchedScripted(calls, { strategy: 'batched', streamEnd: 0, resultOrder: 'completion' })).yieldOrder).toEqual(['fast', 'slow']);
  });

  it('gives every call a result on interrupt, started or not', async () => {
    const run = await runBatchedScripted(script, { strategy: 'batched', streamEnd: 100 + 300, interruptAt: 500 });
    expect([...run.calls.values()].map((c) => c.outcome)).toEqual(['interrupted', 'interrupted', 'interrupted', 'interrupted']);
    expect(run.yielded).toHaveLength(4);
  });
});

import { describe, expect, it } from 'vitest';
import { bash, runScripted, safe, unsafe } from '../../../test/executorHarness';
import { SafeBashSleep, SafeSleep, UnsafeSleep } from '../../../test/testTools';

describe('StreamingToolExecutor: start rule and queue scan', () => {
  it('starts a safe call the moment it arrives, while the stream goes on', async () => {
    const run = await runScripted([safe('a', 100, 500), safe('b', 300, 500)]);
    expect(run.calls.get('a')!.startedAt).toBe(100);
    expect(run.calls.get('b')!.startedAt).toBe(300);
  });

  it('runs an unsafe call alone: it waits for executing calls, and later calls wait for it', async () => {
    const run = await runScripted([safe('a', 0, 500), unsafe('u', 100, 200), safe('c', 150, 100)]);
    const u = run.calls.get('u')!;
    expect(u.startedAt).toBe(500);
    expect(run.calls.get('c')!.startedAt).toBe(700);
    expect(u.waits[0]).toContain('not concurrency-safe and must run alone');
    expect(run.calls.get('c')!.waits[0]).toContain('UnsafeSleep');
    expect(run.calls.get('c')!.waits[0]).toContain('queued earlier');
  });

  it('lets no call overtake a queued unsafe call, even a safe one that could run beside the executing ones', async () => {
    const run = await runScripted([safe('a', 0, 1000), unsafe('u', 10, 100), safe('b', 20, 100)]);
    expect(run.calls.get('b')!.startedAt).toBeGreaterThanOrEqual(run.calls.get('u')!.completedAt!);
  });

  it('never runs more than maxConcurrency calls, and says the cap is why the rest wait', async () => {
    const script = Array.from({ length: 12 }, (_, i) => safe(`s${i}`, 0, 100 + i));
    const run = await runScripted(script, { maxConcurrency: 10 });
    expect(run.calls.get('s9')!.startedAt).toBe(0);
    expect(run.calls.get('s10')!.startedAt).toBe(100);
    expect(run.calls.get('s11')!.startedAt).toBe(101);
    expect(run.calls.get('s10')!.waits[0]).toContain('concurrency cap of 10');
    let executing = 0;
    let peak = 0;
    for (const event of run.events) {
      if (event.type === 'call_started') peak = Math.max(peak, ++executing);
      if (event.type === 'call_completed') executing--;
    }
    expect(peak).toBe(10);
  });

  it('assigns batches as partitionToolCalls would over the arrival order', async () => {
    const run = await runScripted([safe('a', 0, 10), safe('b', 5, 10), unsafe('u', 6, 10), safe('c', 7, 10)]);
    expect(['a', 'b', 'u', 'c'].map((id) => run.calls.get(id)!.batch)).toEqual([0, 0, 1, 2]);
  });
});

describe('StreamingToolExecutor: yield order', () => {
  it('yields in request order by default: a fast later result waits for a slow earlier one', async () => {
    const run = await runScripted([safe('slow', 0, 1000), safe('fast', 10, 50)]);
    expect(run.yieldOrder).toEqual(['slow', 'fast']);
    expect(run.calls.get('fast')!.completedAt).toBe(60);
    expect(run.calls.get('fast')!.yieldedAt).toBe(1000);
  });

  it('under completion order lets a finished safe call pass a slower safe sibling', async () => {
    const run = await runScripted([safe('slow', 0, 1000), safe('fast', 10, 50)], { resultOrder: 'completion' });
    expect(run.yieldOrder).toEqual(['fast', 'slow']);
    expect(run.calls.get('fast')!.yieldedAt).toBe(60);
  });

  it('under completion order still keeps order around an unsafe call', async () => {
    const run = await runScripted([unsafe('u', 0, 100), safe('b', 1, 10)], { resultOrder: 'completion' });
    expect(run.yieldOrder).toEqual(['u', 'b']);
  });

  it('sends progress at once, before the results that are still held back', async () => {
    const run = await runScripted([safe('slow', 0, 1000), safe('p', 0, 400, { progress: 3 })]);
    const p = run.calls.get('p')!;
    expect(p.progressAt).toEqual([100, 200, 300]);
    expect(p.yieldedAt).toBe(1000);
  });
});

describe('StreamingToolExecutor: sibling cascade', () => {
  it('cancels queued siblings when a Bash call errors, naming the failed call; the Bash call keeps its error', async () => {
    const run = await runScripted([bash('b1', 0, 100, { fail: true }), safe('a', 10, 50), bash('b2', 20, 50)]);
    expect(run.calls.get('b1')!.outcome).toBe('error');
    for (const id of ['a', 'b2']) {
      const call = run.calls.get(id)!;
      expect(call.outcome).toBe('cancelled');
      expect(call.startedAt).toBeNull();
      expect(call.result!.content).toBe('<tool_use_error>Cancelled: parallel tool call Bash(step b1) errored</tool_use_error>');
    }
  });

  it('cancels calls of the turn that arrive after the Bash error', async () => {
    const run = await runScripted([bash('b1', 0, 100, { fail: true }), safe('late', 500, 50)]);
    expect(run.calls.get('late')!.outcome).toBe('cancelled');
    expect(run.yielded.map((r) => r.tool_use_id)).toEqual(['b1', 'late']);
  });

  it('cancels running siblings too when Bash runs in parallel (read-only policy)', async () => {
    const run = await runScripted([bash('b1', 0, 100, { fail: true }), bash('b2', 0, 1000)], {
      tools: [SafeSleep, UnsafeSleep, SafeBashSleep],
    });
    const b2 = run.calls.get('b2')!;
    expect(b2.startedAt).toBe(0);
    expect(b2.completedAt).toBe(100);
    expect(b2.outcome).toBe('cancelled');
  });

  it('cuts the failed command to 40 characters in the message', async () => {
    const command = 'x'.repeat(60);
    const run = await runScripted([bash('b1', 0, 10, { fail: true, command }), safe('a', 1, 10)]);
    expect(run.calls.get('a')!.result!.content).toContain(`Bash(${'x'.repeat(40)}…) errored`);
  });

  it('lets errors of other tools cancel nothing under the default policy', async () => {
    const run = await runScripted([unsafe('u', 0, 100, { fail: true }), safe('a', 10, 50)]);
    expect(run.calls.get('u')!.outcome).toBe('error');
    expect(run.calls.get('a')!.outcome).toBe('success');
  });

  it('cascades on any error under cascade "any", and on none under "none"', async () => {
    const script = [unsafe('u', 0, 100, { fail: true }), safe('a', 10, 50)];
    expect((await runScripted(script, { cascade: 'any' })).calls.get('a')!.outcome).toBe('cancelled');
    const none = await runScripted([bash('b', 0, 100, { fail: true }), safe('a', 10, 50)], { cascade: 'none' });
    expect(none.calls.get('a')!.outcome).toBe('success');
  });

  it('keeps results of calls that finished before the error', async () => {
    const run = await runScripted([safe('a', 0, 10), bash('b', 20, 100, { fail: true }), safe('c', 30, 10)]);
    expect(run.calls.get('a')!.outcome).toBe('success');
    expect(run.calls.get('c')!.outcome).toBe('cancelled');
  });
});

describe('StreamingToolExecutor: interrupt and discard', () => {
  it('gives every call a result on interrupt: running ones the long message, unstarted ones the short one', async () => {
    const run = await runScripted([safe('a', 0, 1000), unsafe('u', 10, 100), safe('c', 20, 10)], { interruptAt: 300 });
    const a = run.calls.get('a')!;
    expect(a.outcome).toBe('interrupted');
    expect(a.completedAt).toBe(300);
    expect(a.result!.content).toContain('Nothing it was about to write was written');
    for (const id of ['u', 'c']) {
      expect(run.calls.get(id)!.outcome).toBe('interrupted');
      expect(run.calls.get(id)!.result!.content).toContain('before this tool call began');
    }
    expect(run.yielded).toHaveLength(3);
  });

  it('aborts simulated latency at once', async () => {
    const run = await runScripted([{ ...safe('a', 0, 10), latencyMs: 5000 }], { interruptAt: 100 });
    expect(run.calls.get('a')!.completedAt).toBe(100);
    expect(run.calls.get('a')!.outcome).toBe('interrupted');
  });

  it('on discard starts nothing more, aborts running calls, yields nothing more and marks the rest discarded', async () => {
    const run = await runScripted([safe('done', 0, 10), safe('slow', 0, 1000), unsafe('u', 5, 10), safe('after', 2000, 10)], {
      discardAt: 500,
    });
    expect(run.calls.get('done')!.outcome).toBe('success');
    expect(run.calls.get('slow')!.outcome).toBe('discarded');
    expect(run.calls.get('slow')!.result).toBeNull();
    expect(run.calls.get('u')!.startedAt).toBeNull();
    expect(run.calls.get('u')!.outcome).toBe('discarded');
    expect(run.calls.has('after')).toBe(false);
    expect(run.yieldOrder).toEqual(['done']);
  });
});

describe('StreamingToolExecutor: bad calls', () => {
  it('answers an unknown tool and invalid input with error results, and runs them as unsafe', async () => {
    const run = await runScripted([
      { id: 'x', name: 'Nope', input: {}, at: 0 },
      { id: 'y', name: 'SafeSleep', input: { ms: 'soon' }, at: 0 },
      { id: 'z', name: 'SafeSleep', input: {}, inputError: '{"ms": 1', at: 0 },
    ]);
    expect(run.calls.get('x')!.result!.content).toBe('<tool_use_error>Error: No such tool available: Nope</tool_use_error>');
    expect(run.calls.get('y')!.result!.content).toContain('InputValidationError');
    expect(run.calls.get('y')!.result!.content).toContain('ms');
    expect(run.calls.get('z')!.result!.content).toContain('not valid JSON');
    expect([...run.calls.values()].map((c) => c.batch)).toEqual([0, 1, 2]);
    expect([...run.calls.values()].every((c) => c.outcome === 'invalid')).toBe(true);
  });

  it('turns a throw inside a tool into an error result of that call alone', async () => {
    const run = await runScripted([safe('t', 0, 10, { throws: true }), safe('ok', 0, 20)]);
    expect(run.calls.get('t')!.result).toMatchObject({ is_error: true, content: '<tool_use_error>SafeSleep blew up</tool_use_error>' });
    expect(run.calls.get('ok')!.outcome).toBe('success');
  });
});

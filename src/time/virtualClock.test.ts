import { describe, expect, it, vi } from 'vitest';
import { createVirtualClock } from './virtualClock';

/** A macrotask later: what ran before it ran in an earlier task. */
const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the virtual clock', () => {
  it('jumps over simulated waits: timers fire in time order, at their own times', async () => {
    const clock = createVirtualClock();
    const fired: [string, number][] = [];
    const done = Promise.all([clock.sleep(20).then(() => fired.push(['b', clock.now()])), clock.sleep(10).then(() => fired.push(['a', clock.now()]))]);
    await clock.runUntil(done);
    expect(fired).toEqual([
      ['a', 10],
      ['b', 20],
    ]);
  });

  it('catches up the moments real work carried it past one task each, not all in one', async () => {
    let real = 0;
    const clock = createVirtualClock({ realNow: () => real });
    // The clock hops between tasks through a message port (nextTask.ts): counting them tells the tasks apart.
    const hops = vi.spyOn(MessagePort.prototype, 'postMessage');
    const seen: Record<string, number> = {};
    let finishWork!: () => void;
    const work = clock.track(new Promise<void>((resolve) => (finishWork = resolve)));
    const first = clock.sleep(10).then(() => (seen['10'] = hops.mock.calls.length));
    const second = clock.sleep(20).then(() => (seen['20'] = hops.mock.calls.length));
    // Real work in flight for 30 ms: both moments fall due while it runs.
    const run = clock.runUntil(Promise.all([work, first, second]));
    await nextTask();
    real = 30;
    await Promise.all([first, second]);
    finishWork();
    await run;
    hops.mockRestore();
    expect(seen['20']).toBeGreaterThan(seen['10']!);
  });
});

import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../tools/events';
import { buildRecord } from '../../run/reduceRun';
import { completed, queued, seedRun, waiting } from '../../../test/sampleRuns';
import { replayBuiltIn } from '../../../test/replayBuiltIn';
import { executorState } from './executorState';

/** The seed run up to (and with) the first event `match` finds. */
function seedUntil(match: (event: RunEvent) => boolean) {
  const events = seedRun();
  return buildRecord(events.slice(0, events.findIndex(match) + 1));
}

const ids = (calls: readonly { id: string }[]) => calls.map((call) => call.id);

describe('executorState', () => {
  it('before a run: nothing', () => {
    expect(executorState(buildRecord([]))).toMatchObject({ turn: null, queue: [], slots: [], gate: [], released: 0 });
  });

  it('while the reads run, Bash waits at the head of the queue to run alone, Read c behind it; the stream still brings blocks', () => {
    const state = executorState(seedUntil((event) => event.type === 'call_waiting' && event.id === 'toolu_c'));
    expect(state.streaming).toBe(true);
    expect(ids(state.slots)).toEqual(['toolu_a', 'toolu_b']);
    expect(state.slots.map((slot) => slot.doing)).toEqual(['latency', 'latency']);
    expect(ids(state.queue)).toEqual(['toolu_bash', 'toolu_c']);
    expect(state.queue.map((call) => call.safe)).toEqual([false, true]);
    expect(state.barrier).toEqual({ kind: 'runs-alone', at: 'toolu_bash', by: ['toolu_a', 'toolu_b'] });
    expect(state.cap).toBe(10);
  });

  it('a block being streamed is on its way', () => {
    const state = executorState(seedUntil((event) => event.type === 'block_started' && event.index === 4));
    expect(state.arriving).toEqual({ name: 'Read', id: 'toolu_c' });
  });

  it('Bash alone in the slots, asking, then in its latency; Read c held behind it', () => {
    expect(executorState(seedUntil((event) => event.type === 'permission_asked')).slots).toEqual([{ id: 'toolu_bash', label: 'Bash(ls src)', safe: false, doing: 'asking' }]);
    const state = executorState(seedUntil((event) => event.type === 'call_waiting' && event.id === 'toolu_c' && event.cause.kind === 'unsafe-running'));
    expect(state.slots).toEqual([{ id: 'toolu_bash', label: 'Bash(ls src)', safe: false, doing: 'latency' }]);
    expect(state.barrier).toEqual({ kind: 'unsafe-running', at: 'toolu_c', by: ['toolu_bash'] });
    expect(state.released).toBe(2);
    expect(state.lastReleased?.id).toBe('toolu_b');
  });

  it('the gate holds finished results behind an earlier one, in request order', () => {
    const record = buildRecord([
      { type: 'run_started', at: 0, scenario: 't', sandbox: 'virtual', strategy: 'streaming', settings: {} },
      { type: 'turn_started', at: 0, turn: 0 },
      ...['big', 'small'].flatMap((id): RunEvent[] => [queued(0, id, 'Read'), { type: 'call_started', at: 0, id }, { type: 'call_running', at: 0, id }]),
      completed(100, 'small', 'success'),
      waiting(100, 'small', { kind: 'yield-order', waitingFor: 'big' }),
    ]);
    const state = executorState(record);
    expect(ids(state.gate)).toEqual(['small']);
    expect(state.gateWaitsFor?.id).toBe('big');
    expect(ids(state.slots)).toEqual(['big']);
    expect(state.resultOrder).toBe('request');
  });

  it('a Bash error trips the cascade: it names the failed call and counts the cancelled', async () => {
    const state = executorState(await replayBuiltIn('bash-cascade'));
    expect(state.turn).toBe(0);
    expect(state.cascade).toEqual({ by: { id: 'toolu_bash_cat_dist', label: 'Bash(cat dist/build.log)', safe: false }, cancelled: 2 });
  });

  it('a finished turn keeps its busiest moment: concurrency-cap ends empty, having held ten in the slots and four in the queue', async () => {
    const state = executorState(await replayBuiltIn('concurrency-cap'));
    expect(state.streaming).toBe(false);
    expect([state.queue.length, state.slots.length, state.gate.length]).toEqual([0, 0, 0]);
    expect(state.most).toEqual({ queued: 4, slots: 10, gate: expect.any(Number) as number });
  });

  it('the seed run at its end: two reads at once at most, and a call that starts as it is queued never counts as waiting', () => {
    const state = executorState(buildRecord(seedRun()));
    expect(state.most.slots).toBe(2);
    const record = buildRecord([
      { type: 'run_started', at: 0, scenario: 't', sandbox: 'virtual', strategy: 'streaming', settings: {} },
      { type: 'turn_started', at: 0, turn: 0 },
      queued(5, 'a', 'Read'),
      { type: 'call_started', at: 5, id: 'a' },
    ]);
    expect(executorState(record).most).toEqual({ queued: 0, slots: 1, gate: 0 });
  });
});

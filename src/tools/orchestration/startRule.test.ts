import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { opensBatch } from './partition';
import { nextStarts, waitCause, type SchedulingCall, type StartState } from './startRule';

/** Calls named by their safety: `s…` may run concurrently, `u…` must run alone. */
function calls(...ids: string[]): SchedulingCall[] {
  let batch = -1;
  let previous: boolean | undefined;
  return ids.map((id) => {
    const concurrent = id.startsWith('s');
    if (opensBatch(previous, concurrent)) batch++;
    previous = concurrent;
    return { id, concurrent, batch };
  });
}

function state(queued: SchedulingCall[], executing: SchedulingCall[] = [], more: Partial<StartState<SchedulingCall>> = {}): StartState<SchedulingCall> {
  return { queued, executing, cap: 10, timing: 'during-stream', streamOpen: true, ...more };
}

const ids = (list: readonly SchedulingCall[]) => list.map((call) => call.id);

describe('nextStarts: the start rule without a clock', () => {
  it('starts nothing when nothing is queued', () => {
    expect(nextStarts(state([]))).toEqual({ starts: [], blocked: null });
  });

  it('starts consecutive safe calls together, up to the cap, and names the calls holding the slots', () => {
    const [s1, s2, s3] = calls('s1', 's2', 's3');
    const decision = nextStarts(state([s1!, s2!, s3!], [], { cap: 2 }));
    expect(ids(decision.starts)).toEqual(['s1', 's2']);
    expect(decision.blocked).toEqual({ call: s3, cause: { kind: 'cap', cap: 2, executing: ['s1', 's2'] } });
  });

  it('starts an unsafe call when nothing runs, and nothing after it', () => {
    const [u, s] = calls('u', 's');
    const decision = nextStarts(state([u!, s!]));
    expect(ids(decision.starts)).toEqual(['u']);
    expect(decision.blocked).toEqual({ call: s, cause: { kind: 'unsafe-running', blockers: ['u'] } });
  });

  it('keeps an unsafe call waiting while safe calls run, and lets nothing overtake it', () => {
    const [a, u, s] = calls('sa', 'u', 's');
    const decision = nextStarts(state([u!, s!], [a!]));
    expect(decision.starts).toEqual([]);
    expect(decision.blocked).toEqual({ call: u, cause: { kind: 'runs-alone', executing: ['sa'] } });
  });

  it('keeps a safe call waiting while an unsafe call runs', () => {
    const [u, s] = calls('u', 's');
    expect(nextStarts(state([s!], [u!])).blocked?.cause).toEqual({ kind: 'unsafe-running', blockers: ['u'] });
  });

  it('has no cap when the cap is Infinity', () => {
    const many = calls(...Array.from({ length: 50 }, (_, i) => `s${i}`));
    expect(nextStarts(state(many, [], { cap: Infinity })).starts).toHaveLength(50);
  });

  it('starts nothing while the stream is open under after-stream timing', () => {
    const [s] = calls('s');
    expect(nextStarts(state([s!], [], { timing: 'after-stream', streamOpen: true }))).toEqual({ starts: [], blocked: { call: s, cause: { kind: 'stream-open' } } });
    expect(ids(nextStarts(state([s!], [], { timing: 'after-stream', streamOpen: false })).starts)).toEqual(['s']);
  });

  it('says a later batch waits for the previous one under after-stream timing', () => {
    const [a, u] = calls('sa', 'u');
    expect(nextStarts(state([u!], [a!], { timing: 'after-stream', streamOpen: false })).blocked?.cause).toEqual({ kind: 'previous-batch', batch: 0 });
  });

  it('starts, over a whole response, exactly the partition’s batches one after another', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 5 }), fc.array(fc.nat(), { maxLength: 60 }), (safety, cap, picks) => {
        const all = calls(...safety.map((safe, i) => `${safe ? 's' : 'u'}${i}`));
        let queued = [...all];
        let executing: SchedulingCall[] = [];
        const startedBatches: number[][] = [];
        let pick = 0;
        while (queued.length > 0 || executing.length > 0) {
          const decision = nextStarts(state(queued, executing, { cap, timing: 'after-stream', streamOpen: false }));
          if (decision.starts.length > 0) startedBatches.push([...new Set(decision.starts.map((call) => call.batch))]);
          queued = queued.slice(decision.starts.length);
          executing = [...executing, ...decision.starts];
          expect(executing.length).toBeLessThanOrEqual(cap);
          // Every call executing together belongs to one batch.
          expect(new Set(executing.map((call) => call.batch)).size).toBe(1);
          // One executing call finishes (chosen by the random picks).
          executing.splice((picks[pick++] ?? 0) % executing.length, 1);
        }
        // Batches start in order.
        const order = startedBatches.flat();
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }),
    );
  });
});

describe('waitCause', () => {
  it('names the unsafe call queued ahead before anything else', () => {
    const [u, s, a] = calls('u', 's', 'sa');
    const cause = waitCause(s!, { executing: [a!], cap: 1, timing: 'during-stream', streamOpen: true, unsafeAhead: u });
    expect(cause).toEqual({ kind: 'unsafe-ahead', blockers: ['u'] });
  });

  it('does not name a call as its own blocker', () => {
    const [u] = calls('u');
    expect(waitCause(u!, { executing: [], cap: 1, timing: 'during-stream', streamOpen: true, unsafeAhead: u }).kind).toBe('runs-alone');
  });
});

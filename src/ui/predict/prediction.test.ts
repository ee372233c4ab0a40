import { describe, expect, it } from 'vitest';
import { runScenario } from '../../run/runScenario';
import { createVirtualSandbox } from '../../sandbox/virtualSandbox';
import { BUILT_IN_SCENARIOS } from '../../scenarios/library';
import type { Scenario } from '../../scenarios/schema';
import { validateScenario } from '../../scenarios/validate';
import { createVirtualClock } from '../../time/virtualClock';
import { guessMarks } from './guessRun';
import { comparePrediction, initialPrediction, normaliseBatches, predictableCalls } from './prediction';

function lesson(id: string): Scenario {
  const result = validateScenario(BUILT_IN_SCENARIOS.find((raw) => (raw as { id?: string }).id === id));
  if (!result.ok) throw new Error(`${id}: ${JSON.stringify(result.errors)}`);
  return result.scenario;
}

async function replay(scenario: Scenario) {
  const clock = createVirtualClock();
  return clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), clock, strategy: 'streaming' }));
}

describe('predict, then run', () => {
  const scenario = lesson('seed-partition');

  it('offers the first response’s calls in arrival order, all in one batch to start', () => {
    const calls = predictableCalls(scenario);
    expect(calls.map((call) => call.label)).toEqual(['Read(src/a.ts)', 'Read(src/b.ts)', 'Bash(ls src)', 'Read(src/c.ts)']);
    const first = initialPrediction(scenario);
    expect(new Set(Object.values(first.batches))).toEqual(new Set([1]));
    expect(first.order).toEqual(calls.map((call) => call.id));
  });

  it('counts only the grouping: batches 3, 3, 7 are batches 1, 1, 2', () => {
    expect([...normaliseBatches(['a', 'b', 'c'], (id) => ({ a: 3, b: 3, c: 7 })[id]).values()]).toEqual([1, 1, 2]);
  });

  it('lays a guess over the run: the right guess scores every call, a wrong one says why', async () => {
    const record = await replay(scenario);
    const calls = predictableCalls(scenario);
    const turn = record.turns[0]!;
    const right = {
      scenarioId: scenario.id,
      batches: Object.fromEntries(turn.batches.flatMap((batch) => batch.toolUseIds.map((id) => [id, batch.index + 1]))),
      order: [...turn.yieldOrder],
    };
    const met = comparePrediction(right, record, calls)!;
    expect(met.calls.every((call) => call.right)).toBe(true);
    expect(met.order.every((place) => place.right)).toBe(true);
    expect(met.orderWhy).toBeUndefined();

    const naive = comparePrediction(initialPrediction(scenario), record, calls)!;
    const bash = naive.calls.find((call) => call.label === 'Bash(ls src)')!;
    expect(bash.right).toBe(false);
    expect(bash.why).toContain('not concurrency-safe');
    const afterBash = naive.calls.find((call) => call.label === 'Read(src/c.ts)')!;
    expect(afterBash.why).toContain('arrived right after Bash(ls src)');
  });

  it('says the strategy is why when the strategy alone explains the batches', async () => {
    const clock = createVirtualClock();
    const record = await clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), clock, strategy: 'serial' }));
    const result = comparePrediction(initialPrediction(scenario), record, predictableCalls(scenario))!;
    expect(result.calls.find((call) => call.label === 'Read(src/b.ts)')?.why).toBe('the serial strategy runs every call alone, one at a time');
  });

  it('marks each lane with its guessed batch (renumbered from 1), and once the run ended whether it was right', async () => {
    const record = await replay(scenario);
    const guess = { scenarioId: scenario.id, batches: { toolu_read_a: 3, toolu_read_b: 3, toolu_bash_ls: 7, toolu_read_c: 7 }, order: initialPrediction(scenario).order };
    const { marks, result } = guessMarks(scenario, guess, record);
    expect(Object.fromEntries(marks)).toEqual({
      toolu_read_a: { batch: 1, right: true },
      toolu_read_b: { batch: 1, right: true },
      toolu_bash_ls: { batch: 2, right: true },
      toolu_read_c: { batch: 2, right: false },
    });
    expect(result?.calls.filter((call) => call.right)).toHaveLength(3);
    // While the run has not ended, the marks say the guess only.
    const running = { ...record, status: 'running' as const };
    expect(guessMarks(scenario, guess, running).marks.get('toolu_read_c')).toEqual({ batch: 2 });
    // No guess made: the first guess (all in batch 1) is marked.
    expect(guessMarks(scenario, null, record).marks.get('toolu_bash_ls')).toEqual({ batch: 1, right: false });
  });
});

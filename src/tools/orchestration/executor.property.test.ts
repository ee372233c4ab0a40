import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runScripted, type ScriptedCall } from '../../../test/executorHarness';
import { FakeBashSleep, SafeSleep, UnsafeSleep } from '../../../test/testTools';
import { ToolPool } from '../pool';
import { partitionToolCalls } from './partition';
import { STRATEGIES, STRATEGY_SCHEDULES } from './strategy';

const kinds = ['safe', 'unsafe', 'bash', 'unknown', 'invalid', 'broken'] as const;

const callArb = fc.record({
  kind: fc.constantFrom(...kinds),
  gap: fc.integer({ min: 0, max: 300 }),
  ms: fc.integer({ min: 0, max: 600 }),
  latencyMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 400 })),
  fail: fc.boolean(),
});

const scenarioArb = fc.record({
  strategy: fc.constantFrom(...STRATEGIES),
  calls: fc.array(callArb, { minLength: 1, maxLength: 24 }),
  maxConcurrency: fc.integer({ min: 1, max: 6 }),
  resultOrder: fc.constantFrom('request' as const, 'completion' as const),
  cascade: fc.constantFrom('bash' as const, 'any' as const, 'none' as const),
  cut: fc.oneof(
    fc.constant(undefined),
    fc.record({ kind: fc.constantFrom('interrupt' as const, 'discard' as const), at: fc.integer({ min: 0, max: 4000 }) }),
  ),
});

interface RandomCall {
  kind: (typeof kinds)[number];
  gap: number;
  ms: number;
  latencyMs: number;
  fail: boolean;
}

function toScript(calls: readonly RandomCall[]): ScriptedCall[] {
  let at = 0;
  return calls.map((call, i) => {
    at += call.gap;
    const id = `toolu_${i}`;
    const input = { ms: call.ms, fail: call.fail };
    switch (call.kind) {
      case 'safe':
        return { id, name: 'SafeSleep', input, at, latencyMs: call.latencyMs };
      case 'unsafe':
        return { id, name: 'UnsafeSleep', input, at, latencyMs: call.latencyMs };
      case 'bash':
        return { id, name: 'Bash', input: { ...input, command: `cmd ${i}` }, at, latencyMs: call.latencyMs };
      case 'unknown':
        return { id, name: 'NoSuchTool', input, at };
      case 'invalid':
        return { id, name: 'SafeSleep', input: { ms: 'later' }, at };
      case 'broken':
        return { id, name: 'SafeSleep', input: {}, inputError: '{"ms": 1', at };
    }
  });
}

const pool = new ToolPool([SafeSleep, UnsafeSleep, FakeBashSleep]);

describe('scheduler invariants over random call sequences, for every strategy', () => {
  it('holds every scheduling invariant', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const script = toScript(scenario.calls);
        const schedule = STRATEGY_SCHEDULES[scenario.strategy];
        const run = await runScripted(script, {
          strategy: scenario.strategy,
          maxConcurrency: scenario.maxConcurrency,
          resultOrder: scenario.resultOrder,
          cascade: scenario.cascade,
          ...(scenario.cut?.kind === 'interrupt' ? { interruptAt: scenario.cut.at } : {}),
          ...(scenario.cut?.kind === 'discard' ? { discardAt: scenario.cut.at } : {}),
        });
        const views = [...run.calls.values()];

        // 1. Exactly one result per tool_use, unless discarded.
        const resultCounts = new Map<string, number>();
        for (const result of run.yielded) resultCounts.set(result.tool_use_id, (resultCounts.get(result.tool_use_id) ?? 0) + 1);
        for (const view of views) {
          if (view.outcome === 'discarded') expect(resultCounts.has(view.id)).toBe(false);
          else expect(resultCounts.get(view.id)).toBe(1);
        }
        expect(run.yielded.length).toBe(views.filter((v) => v.outcome !== 'discarded').length);
        // Calls that arrived before a cut are all known to the executor.
        const cutAt = scenario.cut?.at ?? Infinity;
        const arrived = script.filter((c) => scenario.cut?.kind !== 'discard' || c.at < cutAt);
        if (scenario.cut?.kind !== 'interrupt') expect(views.length).toBe(arrived.length);

        // 2 and 3. No call that must run alone overlaps another (every unsafe call, unless the
        // strategy runs everything at once); never more than the cap executing.
        const concurrent = (id: string) =>
          schedule.grouping === 'parallel' ? true : schedule.grouping === 'serial' ? false : run.calls.get(id)!.safe;
        const spans = views
          .filter((v) => v.startedAt !== null)
          .map((v) => ({ ...v, start: v.startedAt!, end: v.completedAt! }));
        const cap = schedule.grouping === 'parallel' ? Infinity : scenario.maxConcurrency;
        for (const a of spans) {
          const overlapping = spans.filter((b) => b.start < a.end && a.start < b.end);
          if (!concurrent(a.id)) expect(overlapping.filter((b) => b.id !== a.id && b.end > b.start && a.end > a.start)).toEqual([]);
          expect(spans.filter((b) => b.start <= a.start && a.start < b.end).length).toBeLessThanOrEqual(cap);
        }

        // 4. Batches equal partitionToolCalls over the arrival order (with the grouping's verdict of safety).
        const arrivalOrder = views.map((v) => script.find((c) => c.id === v.id)!);
        const expected = partitionToolCalls(arrivalOrder, pool, (call) => concurrent(call.id)).map((b) => b.calls.map((c) => c.id));
        const actual: string[][] = [];
        for (const view of views) (actual[view.batch] ??= []).push(view.id);
        expect(actual).toEqual(expected);

        // 5. Batch k+1 starts only after batch k has ended.
        for (let k = 0; k + 1 < actual.length; k++) {
          const ends = actual[k]!.map((id) => run.calls.get(id)!).map((v) => v.completedAt ?? -Infinity);
          const starts = actual[k + 1]!.map((id) => run.calls.get(id)!.startedAt).filter((s): s is number => s !== null);
          for (const start of starts) expect(start).toBeGreaterThanOrEqual(Math.max(...ends));
        }

        // 7. Under after-stream timing nothing starts before the stream has ended.
        if (schedule.timing === 'after-stream') {
          const streamEnd = Math.min(script.at(-1)!.at, scenario.cut?.at ?? Infinity);
          for (const span of spans) expect(span.start).toBeGreaterThanOrEqual(streamEnd);
        }

        // 8. Every cause names calls that really were in its way when the wait began.
        const executingAt = (id: string, at: number) => {
          const other = run.calls.get(id)!;
          return other.startedAt !== null && other.startedAt <= at && (other.completedAt === null || other.completedAt >= at);
        };
        for (const view of views) {
          view.causes.forEach((cause, i) => {
            const at = view.waitTimes[i]!;
            switch (cause.kind) {
              case 'unsafe-running':
                for (const id of cause.blockers) expect(executingAt(id, at) && !concurrent(id)).toBe(true);
                break;
              case 'runs-alone':
              case 'cap':
                expect(cause.executing.length).toBeGreaterThan(0);
                for (const id of cause.executing) expect(executingAt(id, at)).toBe(true);
                break;
              case 'unsafe-ahead':
                for (const id of cause.blockers) {
                  const other = run.calls.get(id)!;
                  expect(!concurrent(id) && other.queuedAt <= at && (other.startedAt === null || other.startedAt >= at)).toBe(true);
                }
                break;
              case 'yield-order': {
                const other = run.calls.get(cause.waitingFor)!;
                expect(views.indexOf(other)).toBeLessThan(views.indexOf(view));
                expect(other.yieldedAt === null || other.yieldedAt >= at).toBe(true);
                break;
              }
              case 'stream-open':
                expect(schedule.timing).toBe('after-stream');
                break;
              case 'previous-batch':
                expect(cause.batch).toBe(view.batch - 1);
                break;
              case 'permission':
                break;
            }
          });
        }

        // 6. Under request order, yields follow request order.
        if (scenario.resultOrder === 'request') {
          const requested = views.map((v) => v.id).filter((id) => run.yieldOrder.includes(id));
          expect(run.yieldOrder).toEqual(requested);
        }
      }),
      { numRuns: 150 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runScripted, type ScriptedCall } from '../../test/executorHarness';
import { toChromeTrace, type ChromeTrace, type TraceEvent } from './chromeTrace';
import type { RunEvent } from '../tools/events';
import { buildRecord } from './reduceRun';
import { fallbackRun, seedRun, subAgentRun } from '../../test/sampleRuns';

type Complete = Extract<TraceEvent, { ph: 'X' }>;
type Metadata = Extract<TraceEvent, { ph: 'M' }>;

const completes = (trace: ChromeTrace): Complete[] => trace.traceEvents.filter((event): event is Complete => event.ph === 'X');
const metadata = (trace: ChromeTrace, name: string): Metadata[] =>
  trace.traceEvents.filter((event): event is Metadata => event.ph === 'M' && event.name === name);
const laneName = (trace: ChromeTrace, pid: number, tid: number): string | undefined =>
  metadata(trace, 'thread_name').find((event) => event.pid === pid && event.tid === tid)?.args.name as string | undefined;
const named = (trace: ChromeTrace, name: string): Complete => completes(trace).find((event) => event.name === name)!;

function byLane(trace: ChromeTrace): Map<string, Complete[]> {
  const lanes = new Map<string, Complete[]>();
  for (const event of completes(trace)) lanes.set(`${event.pid}:${event.tid}`, [...(lanes.get(`${event.pid}:${event.tid}`) ?? []), event]);
  return lanes;
}

/** Spans on one lane nest: each lies inside the enclosing open span or after it, never across its end. */
function expectNesting(spans: readonly Complete[]): void {
  const sorted = spans.map((span, order) => ({ span, order })).sort((a, b) => a.span.ts - b.span.ts || b.span.dur - a.span.dur || a.order - b.order);
  const open: Complete[] = [];
  for (const { span } of sorted) {
    while (open.length > 0 && open[open.length - 1]!.ts + open[open.length - 1]!.dur <= span.ts) open.pop();
    const parent = open[open.length - 1];
    if (parent) expect(span.ts + span.dur, `${span.name} must end inside ${parent.name}`).toBeLessThanOrEqual(parent.ts + parent.dur);
    open.push(span);
  }
}

function expectWellFormed(trace: ChromeTrace): void {
  expect(JSON.parse(JSON.stringify(trace))).toEqual(trace);
  expect(trace.displayTimeUnit).toBe('ms');
  for (const event of trace.traceEvents) {
    expect(Number.isFinite(event.ts) && event.ts >= 0, `${event.name} ts`).toBe(true);
    if (event.ph === 'X') expect(Number.isFinite(event.dur) && event.dur >= 0, `${event.name} dur`).toBe(true);
    if (event.ph === 'X' || event.ph === 'i') expect(laneName(trace, event.pid, event.tid), `lane of ${event.name}`).toBeDefined();
  }
  for (const spans of byLane(trace).values()) expectNesting(spans);
}

/** Slot lanes hold calls that never overlap in time. */
function expectSlotsApart(trace: ChromeTrace): number {
  let slots = 0;
  for (const [key, spans] of byLane(trace)) {
    const calls = spans.filter((span) => span.cat === 'call').sort((a, b) => a.ts - b.ts);
    if (calls.length === 0) continue;
    slots++;
    const [pid, tid] = key.split(':').map(Number);
    expect(laneName(trace, pid!, tid!)).toMatch(/^slot \d+$/);
    for (let i = 1; i < calls.length; i++) expect(calls[i]!.ts).toBeGreaterThanOrEqual(calls[i - 1]!.ts + calls[i - 1]!.dur);
  }
  return slots;
}

describe('the nesting check used here', () => {
  it('rejects spans that cross on one lane', () => {
    const span = (name: string, ts: number, dur: number): Complete => ({ ph: 'X', name, pid: 1, tid: 1, ts, dur });
    expect(() => expectNesting([span('a', 0, 10), span('b', 5, 10)])).toThrow();
    expect(() => expectNesting([span('a', 0, 10), span('b', 2, 3), span('c', 10, 5)])).not.toThrow();
  });
});

describe('toChromeTrace', () => {
  const seed = toChromeTrace(buildRecord(seedRun()));

  it('writes well-formed trace JSON whose lanes all nest', () => {
    for (const events of [seedRun(), fallbackRun(), subAgentRun()]) expectWellFormed(toChromeTrace(buildRecord(events)));
  });

  it('draws each call as Name(id) on a slot lane, with its input and outcome', () => {
    const read = named(seed, 'Read(toolu_a)');
    expect(read).toMatchObject({ ts: 500_000, dur: 800_000, cat: 'call', args: { input: { file_path: 'src/a.ts' }, outcome: 'success' } });
    expect(laneName(seed, read.pid, read.tid)).toBe('slot 1');
    expect(laneName(seed, 1, named(seed, 'Read(toolu_b)').tid)).toBe('slot 2');
    expect(named(seed, 'Bash(toolu_bash)').tid).toBe(read.tid);
    expect(expectSlotsApart(seed)).toBe(2);
  });

  it('nests the permission, latency and run phases inside the call', () => {
    const bash = named(seed, 'Bash(toolu_bash)');
    const phases = completes(seed).filter((event) => event.cat === 'phase' && event.tid === bash.tid && event.ts >= bash.ts && event.ts < bash.ts + bash.dur);
    expect(phases.map((phase) => [phase.name, phase.ts, phase.dur])).toEqual([
      ['permission', 1_500_000, 50_000],
      ['latency', 1_550_000, 300_000],
      ['run', 1_850_000, 150_000],
    ]);
    expect(bash.args).toMatchObject({ queuedAt: 900, queuedMs: 600, awaitingYieldMs: 0 });
  });

  it('spans each batch from its first call start to its last call end, on the batches lane', () => {
    const batches = completes(seed).filter((event) => event.cat === 'batch');
    expect(batches.map((batch) => [batch.name, batch.ts, batch.ts + batch.dur])).toEqual([
      ['batch 1 (turn 0)', 500_000, 1_500_000],
      ['batch 2 (turn 0)', 1_500_000, 2_000_000],
      ['batch 3 (turn 0)', 2_000_000, 2_400_000],
    ]);
    expect(laneName(seed, 1, batches[0]!.tid)).toBe('batches');
  });

  it('puts the stream and its blocks on the stream lane, and yields as instants', () => {
    const stream = named(seed, 'stream (turn 0)');
    expect(laneName(seed, 1, stream.tid)).toBe('stream');
    expect(named(seed, 'tool_use Read(toolu_a)')).toMatchObject({ tid: stream.tid, ts: 300_000, dur: 200_000 });
    const yields = seed.traceEvents.filter((event) => event.ph === 'i' && event.cat === 'yield').map((event) => event.name);
    expect(yields).toEqual(['yield Read(toolu_a)', 'yield Read(toolu_b)', 'yield Bash(toolu_bash)', 'yield Read(toolu_c)']);
  });

  it('counts calls queued, executing and awaiting yield, back to zero at the end', () => {
    const counters = seed.traceEvents.filter((event) => event.ph === 'C');
    expect(counters.length).toBeGreaterThan(3);
    expect(counters.some((event) => event.args.executing === 2)).toBe(true);
    expect(counters[counters.length - 1]!.args).toEqual({ queued: 0, executing: 0, 'awaiting yield': 0 });
  });

  it('marks a streaming fallback and calls discarded without running as instants', () => {
    const trace = toChromeTrace(buildRecord(fallbackRun()));
    const instants = trace.traceEvents.filter((event) => event.ph === 'i').map((event) => event.name);
    expect(instants).toContain('streaming fallback');
    expect(instants).toContain('Bash(toolu_y) discarded without running');
    expect(named(trace, 'Read(toolu_x)').args).toMatchObject({ outcome: 'discarded', result: null });
  });

  it('gives a sub-agent its own process, named after its Agent call', () => {
    const trace = toChromeTrace(buildRecord(subAgentRun()));
    const processes = metadata(trace, 'process_name').map((event) => [event.pid, event.args.name]);
    expect(processes).toEqual([
      [1, 'main agent: sample (streaming, virtual)'],
      [2, 'sub-agent of Agent(toolu_agent)'],
    ]);
    expect(named(trace, 'Read(toolu_sub_read)').pid).toBe(2);
    expect(named(trace, 'Agent(toolu_agent)').pid).toBe(1);
  });

  it('never overlaps calls on a slot and needs no more slots than the cap, for random executor runs', async () => {
    const cutArb = fc.option(fc.record({ kind: fc.constantFrom('interrupt', 'discard'), at: fc.integer({ min: 0, max: 2000 }) }), { nil: undefined });
    const callArb = fc.record({ safe: fc.boolean(), gap: fc.integer({ min: 0, max: 200 }), ms: fc.integer({ min: 0, max: 500 }), latencyMs: fc.integer({ min: 0, max: 200 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(callArb, { minLength: 1, maxLength: 20 }), fc.integer({ min: 1, max: 4 }), cutArb, async (calls, maxConcurrency, cut) => {
        let at = 0;
        const script: ScriptedCall[] = calls.map((call, i) => {
          at += call.gap;
          return { id: `toolu_${i}`, name: call.safe ? 'SafeSleep' : 'UnsafeSleep', input: { ms: call.ms }, at, latencyMs: call.latencyMs };
        });
        const run = await runScripted(script, { maxConcurrency, ...(cut ? { [cut.kind === 'interrupt' ? 'interruptAt' : 'discardAt']: cut.at } : {}) });
        const events: RunEvent[] = [
          { type: 'run_started', at: 0, scenario: 'random', sandbox: 'virtual', strategy: 'streaming', settings: {} },
          { type: 'turn_started', at: 0, turn: 0 },
          ...run.events,
        ];
        const record = buildRecord(events);
        expect(record.anomalies).toEqual([]);
        const trace = toChromeTrace(record);
        expectWellFormed(trace);
        expect(expectSlotsApart(trace)).toBeLessThanOrEqual(maxConcurrency);
      }),
      { numRuns: 25 },
    );
  });
});

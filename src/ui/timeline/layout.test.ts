import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../tools/events';
import { buildRecord, reduceRun } from '../../run/reduceRun';
import { type CallRecord, type RunRecord } from '../../run/record';
import { completed, fallbackRun, queued, seedRun, subAgentRun, waiting } from '../../../test/sampleRuns';
import {
  axisTicks,
  activityMoments,
  callSegments,
  capMoments,
  collapsedTimeMap,
  createScale,
  fitView,
  formatTick,
  layoutTimeline,
  LINEAR_TIME,
  niceStep,
  timeMapOf,
  visibleLanes,
  type BarSegment,
} from './layout';
import { mergeStreamSegments } from './streamBars';
import { callAriaLabel, callLabel, inputSummary } from './callText';

const callOf = (record: RunRecord, id: string): CallRecord => {
  const lane = layoutTimeline(record, fitView(record, 600)).lanes.find((l) => l.call.id === id);
  if (!lane) throw new Error(`no lane for ${id}`);
  return lane.call;
};
const bar = (segments: readonly BarSegment[]) => segments.map(({ kind, from, to, open }) => `${kind} ${from}-${to}${open ? ' open' : ''}`);

const start = (settings: Record<string, unknown> = {}): RunEvent[] => [
  { type: 'run_started', at: 0, scenario: 't', sandbox: 'virtual', strategy: 'streaming', settings },
  { type: 'turn_started', at: 0, turn: 0 },
];
/** A safe call that executes from `from` to `to` (queued at `from`), then yields. */
const ran = (id: string, from: number, to: number, options: Parameters<typeof queued>[3] = {}): RunEvent[] => [
  queued(from, id, 'Read', options),
  { type: 'call_started', at: from, id },
  { type: 'call_running', at: from, id },
  completed(to, id, 'success'),
  { type: 'call_yielded', at: to, id },
];

describe('time scale', () => {
  it('maps the view start to 0 and its end to the width, linearly, and back', () => {
    const scale = createScale({ widthPx: 1000, startMs: 0, endMs: 2000 });
    expect(scale.x(0)).toBe(0);
    expect(scale.x(2000)).toBe(1000);
    expect(scale.x(500)).toBe(250);
    expect(scale.pxPerMs).toBe(0.5);
    for (const at of [0, 1, 333.3, 1999]) expect(scale.time(scale.x(at))).toBeCloseTo(at, 9);
  });

  it('handles a view that does not start at zero, and an empty span without dividing by zero', () => {
    const scale = createScale({ widthPx: 400, startMs: 1000, endMs: 3000 });
    expect(scale.x(2000)).toBe(200);
    expect(scale.time(100)).toBe(1500);
    expect(Number.isFinite(createScale({ widthPx: 400, startMs: 5, endMs: 5 }).x(6))).toBe(true);
  });

  it('fits the view to the run, or to now while it runs', () => {
    const record = buildRecord(seedRun());
    expect(fitView(record, 800)).toEqual({ widthPx: 800, startMs: 0, endMs: 2600 });
    expect(fitView(record, 800, 3000).endMs).toBe(3000);
  });
});

describe('axis ticks', () => {
  it('picks 1, 2, 2.5 or 5 × 10ⁿ steps', () => {
    expect([0.7, 1, 1.3, 2.2, 3, 7, 120, 240, 312, 4999].map(niceStep)).toEqual([1, 1, 2, 2.5, 5, 10, 200, 250, 500, 5000]);
  });

  it('labels milliseconds below a second and seconds above', () => {
    expect(formatTick(0, 500)).toBe('0 ms');
    expect(formatTick(500, 500)).toBe('500 ms');
    expect(formatTick(1000, 500)).toBe('1 s');
    expect(formatTick(1500, 500)).toBe('1.5 s');
    expect(formatTick(2000, 1000)).toBe('2 s');
    expect(formatTick(1250, 50)).toBe('1.25 s');
    expect(formatTick(0.5, 0.5)).toBe('0.5 ms');
    // A long session's axis goes by the clock.
    expect([25_000, 45_000, 61_000, 400_000, 1_000_000, 2_000_000, 5_000_000].map(niceStep)).toEqual([30_000, 60_000, 120_000, 600_000, 1_800_000, 3_600_000, 2 * 3_600_000]);
    expect(formatTick(0, 30_000)).toBe('0:00');
    expect(formatTick(750_000, 30_000)).toBe('12:30');
    expect(formatTick(3_900_000, 600_000)).toBe('1:05:00');
  });

  it('places round ticks across the view, at least the minimum spacing apart', () => {
    const scale = createScale({ widthPx: 600, startMs: 0, endMs: 2600 });
    const ticks = axisTicks(scale, 72);
    expect(ticks.map((t) => t.label)).toEqual(['0 ms', '500 ms', '1 s', '1.5 s', '2 s', '2.5 s']);
    expect(ticks.map((t) => t.x)).toEqual(ticks.map((t) => scale.x(t.at)));
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]!.x - ticks[i - 1]!.x).toBeGreaterThanOrEqual(72);
  });

  it('a tick whose label would pass the track’s end reads leftwards from its line; the others rightwards', () => {
    // 2.5 s sits 23 px before the end: "2.5 s" is wider than that.
    const ticks = axisTicks(createScale({ widthPx: 600, startMs: 0, endMs: 2600 }), 72);
    expect(ticks.filter((tick) => tick.atEnd).map((tick) => tick.label)).toEqual(['2.5 s']);
    // Drawn leftwards it would cover the label before it: it is left out.
    const narrow = axisTicks(createScale({ widthPx: 250, startMs: 0, endMs: 1000 }), 72);
    const last = narrow.at(-1)!;
    const before = narrow.at(-2)!;
    if (last.atEnd) expect(last.x - (last.label.length * 6.5 + 6)).toBeGreaterThanOrEqual(before.x + before.label.length * 6.5 + 6);
    expect(axisTicks(createScale({ widthPx: 130, startMs: 0, endMs: 500 }), 60).map((tick) => tick.label)).toEqual(['0 ms', '250 ms']);
    // With room after the last tick, none does.
    expect(axisTicks(createScale({ widthPx: 600, startMs: 0, endMs: 2900 }), 72).some((tick) => tick.atEnd)).toBe(false);
  });

  it('starts at the first round step inside a view that starts mid-way, with no float drift', () => {
    const ticks = axisTicks(createScale({ widthPx: 300, startMs: 0.05, endMs: 0.95 }), 60);
    expect(ticks[0]!.at).toBeGreaterThanOrEqual(0.05);
    for (const tick of ticks) expect(tick.label).toMatch(/^0\.\d ms$/);
  });

  it('reads the time on both sides of every fold of idle time, each stretch at its own step', () => {
    // Two bursts of work ten minutes apart, the quiet between them folded to 2 s.
    const busy = [
      { start: 0, end: 4000 },
      { start: 600_000, end: 604_000 },
    ];
    const map = collapsedTimeMap(busy, 2000);
    const scale = createScale({ widthPx: 600, startMs: 0, endMs: 604_000 }, map);
    const ticks = axisTicks(scale, 72);
    expect(ticks.some((tick) => tick.at < 4000)).toBe(true);
    expect(ticks.some((tick) => tick.at >= 600_000)).toBe(true);
    expect(ticks.every((tick) => tick.at <= 4000 || tick.at >= 600_000)).toBe(true);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]!.x - ticks[i - 1]!.x).toBeGreaterThanOrEqual(36);
  });
});

describe('lane order', () => {
  it('lists calls turn by turn and batch by batch, with frames around each batch', () => {
    const layout = layoutTimeline(buildRecord(seedRun()), fitView(buildRecord(seedRun()), 600));
    expect(layout.lanes.map((lane) => [lane.row, lane.call.id, lane.batch, lane.depth])).toEqual([
      [0, 'toolu_a', 0, 0],
      [1, 'toolu_b', 0, 0],
      [2, 'toolu_bash', 1, 0],
      [3, 'toolu_c', 2, 0],
    ]);
    expect(layout.batches.map(({ batch, concurrent, label, firstRow, lastRow, from, to, open }) => ({ batch, concurrent, label, firstRow, lastRow, from, to, open }))).toEqual([
      { batch: 0, concurrent: true, label: 'concurrent', firstRow: 0, lastRow: 1, from: 500, to: 1500, open: false },
      { batch: 1, concurrent: false, label: 'serial', firstRow: 2, lastRow: 2, from: 900, to: 2000, open: false },
      { batch: 2, concurrent: true, label: 'concurrent', firstRow: 3, lastRow: 3, from: 1100, to: 2400, open: false },
    ]);
  });

  it('puts a sub-agent’s calls right under its Agent call, one level deeper, inside its frame', () => {
    const events = subAgentRun();
    const end = events.pop()!;
    const record = buildRecord([...events, ...ran('toolu_after', 100, 120, { batch: 1 }), end]);
    const layout = layoutTimeline(record, fitView(record, 600));
    expect(layout.lanes.map((lane) => [lane.call.id, lane.depth, lane.agent ?? null])).toEqual([
      ['toolu_agent', 0, null],
      ['toolu_sub_read', 1, 'toolu_agent'],
      ['toolu_after', 0, null],
    ]);
    const frames = layout.batches.map(({ agent, batch, firstRow, lastRow }) => ({ agent: agent ?? null, batch, firstRow, lastRow }));
    expect(frames).toEqual([
      { agent: 'toolu_agent', batch: 0, firstRow: 1, lastRow: 1 },
      { agent: null, batch: 0, firstRow: 0, lastRow: 1 },
      { agent: null, batch: 1, firstRow: 2, lastRow: 2 },
    ]);
    const agentLane = layout.lanes[0]!;
    expect(agentLane.stream?.filter((s) => s.kind === 'stream').map((s) => [s.turn, s.from, s.to])).toEqual([
      [0, 10, 60],
      [1, 60, 80],
    ]);
  });

  it('keeps a call no batch lists, after its turn’s batches', () => {
    const record = buildRecord(seedRun());
    const turn = record.turns[0]!;
    const orphan: CallRecord = { ...turn.calls[0]!, id: 'toolu_orphan' };
    const broken: RunRecord = { ...record, turns: [{ ...turn, calls: [...turn.calls, orphan] }, ...record.turns.slice(1)] };
    expect(layoutTimeline(broken, fitView(broken, 600)).lanes.map((lane) => lane.call.id)).toEqual(['toolu_a', 'toolu_b', 'toolu_bash', 'toolu_c', 'toolu_orphan']);
  });

  it('draws the main stream bar turn by turn, blocks on top', () => {
    const layout = layoutTimeline(buildRecord(seedRun()), fitView(buildRecord(seedRun()), 600));
    expect(layout.stream.map((s) => `${s.turn} ${s.kind} ${s.from}-${s.to}`)).toEqual([
      '0 stream 0-1100',
      '0 text 0-300',
      '0 tool_use 300-500',
      '0 tool_use 500-700',
      '0 tool_use 700-900',
      '0 tool_use 900-1100',
      '1 stream 2400-2600',
      '1 text 2400-2600',
    ]);
    expect(layout.stream[0]!.endReason).toBe('end');
  });

  it('draws blocks too narrow to tell apart as one segment, and keeps wide ones apart', () => {
    const blocks = Array.from({ length: 200 }, (_, i) => ({ turn: 0, kind: 'tool_use' as const, from: i * 4, to: i * 4 + 4, open: false, label: `tool_use Read (t${i})` }));
    const whole = { turn: 0, kind: 'stream' as const, from: 0, to: 800, open: false, label: 'turn 0 stream' };
    const wide = { turn: 0, kind: 'tool_use' as const, from: 800, to: 1000, open: false, label: 'tool_use Bash (tb)' };
    const scale = createScale({ widthPx: 500, startMs: 0, endMs: 1000 });
    const merged = mergeStreamSegments([whole, ...blocks, wide], scale.x);
    expect(merged.map((s) => `${s.kind} ${s.from}-${s.to}`)).toEqual(['stream 0-800', 'tool_use 0-800', 'tool_use 800-1000']);
    expect(merged[1]!.label).toBe('200 tool_use blocks: tool_use Read (t0) … tool_use Read (t199)');
    // Zoomed in far enough, every block is wide enough to draw on its own.
    expect(mergeStreamSegments([whole, ...blocks, wide], createScale({ widthPx: 5000, startMs: 0, endMs: 1000 }).x)).toHaveLength(202);
  });

  it('extends a stream still arriving, and its open block, to now', () => {
    const record = buildRecord(seedRun().slice(0, 11));
    const layout = layoutTimeline(record, fitView(record, 600, 650), 650);
    expect(layout.stream.map((s) => `${s.kind} ${s.from}-${s.to}${s.open ? ' open' : ''}`)).toEqual([
      'stream 0-650 open',
      'text 0-300',
      'tool_use 300-500',
      'tool_use 500-650 open',
    ]);
  });
});

describe('bar segments', () => {
  const seed = buildRecord(seedRun());

  it('shows simulated latency before a call really runs, and the instant it ran', () => {
    expect(bar(callSegments(callOf(seed, 'toolu_a'), 2600))).toEqual(['latency 500-1300', 'executing 1300-1300', 'yielded-marker 1300-1300']);
  });

  it('shows a call that waited, was asked, then had latency', () => {
    expect(bar(callSegments(callOf(seed, 'toolu_bash'), 2600))).toEqual([
      'queued 900-1500',
      'asking 1500-1550',
      'latency 1550-1850',
      'executing 1850-2000',
      'yielded-marker 2000-2000',
    ]);
  });

  it('shows the wait for its yield after a call completed', () => {
    const record = buildRecord([...start(), queued(0, 'x', 'Read'), { type: 'call_started', at: 0, id: 'x' }, { type: 'call_running', at: 0, id: 'x' }, completed(100, 'x', 'success'), { type: 'call_yielded', at: 250, id: 'x' }]);
    expect(bar(callSegments(callOf(record, 'x'), 300))).toEqual(['executing 0-100', 'completed-awaiting-yield 100-250', 'yielded-marker 250-250']);
  });

  it('draws nothing after a discarded call’s end, and no yield', () => {
    const record = buildRecord(fallbackRun());
    expect(bar(callSegments(callOf(record, 'toolu_z'), 1300))).toEqual(['executing 200-400']);
    expect(bar(callSegments(callOf(record, 'toolu_y'), 1300))).toEqual(['queued 300-900']);
    expect(bar(callSegments(callOf(record, 'toolu_x'), 1300))).toEqual(['latency 100-950']);
  });

  it('shows a call cancelled while queued as queued until it was settled', () => {
    const record = buildRecord([...start(), queued(0, 'q', 'Read'), waiting(0, 'q', { kind: 'cap', cap: 1, executing: ['x'] }), completed(50, 'q', 'cancelled'), { type: 'call_yielded', at: 60, id: 'q' }]);
    expect(bar(callSegments(callOf(record, 'q'), 100))).toEqual(['queued 0-50', 'completed-awaiting-yield 50-60', 'yielded-marker 60-60']);
  });

  it('denied after an ask: asking until the answer, no execution', () => {
    const record = buildRecord([
      ...start(),
      queued(0, 'd', 'Bash', { concurrencySafe: false, concurrentBatch: false }),
      { type: 'call_started', at: 10, id: 'd' },
      { type: 'permission_asked', at: 10, id: 'd', reason: 'not read-only' },
      { type: 'permission_answered', at: 40, id: 'd', answer: 'deny' },
      completed(40, 'd', 'denied', 'denied'),
      { type: 'call_yielded', at: 40, id: 'd' },
    ]);
    expect(bar(callSegments(callOf(record, 'd'), 100))).toEqual(['queued 0-10', 'asking 10-40', 'yielded-marker 40-40']);
  });

  it('extends unfinished spans to now and marks them open', () => {
    const atStart = buildRecord(seedRun().slice(0, 10));
    expect(bar(callSegments(callOf(atStart, 'toolu_a'), 800))).toEqual(['latency 500-800 open']);
    const asking = buildRecord(seedRun().slice(0, 32));
    expect(bar(callSegments(callOf(asking, 'toolu_bash'), 1520))).toEqual(['queued 900-1500', 'asking 1500-1520 open']);
    expect(bar(callSegments(callOf(asking, 'toolu_c'), 1520))).toEqual(['queued 1100-1520 open']);
  });

  it('gives each lane its latest state and outcome', () => {
    const layout = layoutTimeline(buildRecord(seedRun().slice(0, 32)), fitView(buildRecord(seedRun().slice(0, 32)), 600));
    expect(layout.lanes.map((lane) => [lane.call.id, lane.state, lane.outcome])).toEqual([
      ['toolu_a', 'yielded', 'success'],
      ['toolu_b', 'yielded', 'success'],
      ['toolu_bash', 'executing', null],
      ['toolu_c', 'queued', null],
    ]);
  });
});

describe('concurrency cap', () => {
  it('marks each stretch in which the executing safe calls fill the cap', () => {
    const record = buildRecord([...start({ maxConcurrency: 2 }), ...ran('a', 0, 100), ...ran('b', 10, 50), ...ran('c', 60, 120)]);
    expect(capMoments(record, 200).map(({ at, until, open, peak, cap }) => ({ at, until, open, peak, cap }))).toEqual([
      { at: 10, until: 50, open: false, peak: 2, cap: 2 },
      { at: 60, until: 100, open: false, peak: 2, cap: 2 },
    ]);
  });

  it('keeps one stretch when a call ends just as the next starts', () => {
    const record = buildRecord([...start({ maxConcurrency: 2 }), ...ran('a', 0, 100), ...ran('b', 0, 50), ...ran('c', 50, 80)]);
    expect(capMoments(record, 200).map(({ at, until }) => [at, until])).toEqual([[0, 80]]);
  });

  it('ignores calls that are not concurrency-safe, and uses the default cap of 10 when none is set', () => {
    const unsafe = buildRecord([...start({ maxConcurrency: 1 }), ...ran('u', 0, 100, { concurrencySafe: false })]);
    expect(capMoments(unsafe, 200)).toEqual([]);
    const many = Array.from({ length: 10 }, (_, i) => ran(`c${i}`, i, 100)).flat();
    expect(capMoments(buildRecord([...start(), ...many]), 200).map(({ at, cap }) => [at, cap])).toEqual([[9, 10]]);
  });

  it('leaves the stretch open while the calls filling the cap still execute', () => {
    const record = buildRecord([...start({ maxConcurrency: 2 }), queued(0, 'a', 'Read'), { type: 'call_started', at: 0, id: 'a' }, queued(5, 'b', 'Read'), { type: 'call_started', at: 5, id: 'b' }]);
    expect(capMoments(record, 70)).toMatchObject([{ at: 5, until: 70, open: true }]);
    const layout = layoutTimeline(record, fitView(record, 600, 70), 70);
    expect(layout.capMarkers).toMatchObject([{ at: 5, firstRow: 0, lastRow: 1 }]);
  });
});

describe('idle collapse', () => {
  /** `a` runs 0–100, then nothing happens until `b` at 5000 (a stream still open counts as nothing new). */
  const idle = () => buildRecord([...start(), ...ran('a', 0, 100), ...ran('b', 5000, 5100), { type: 'stream_ended', at: 5100, turn: 0, reason: 'end' }, { type: 'run_ended', at: 5100, files: {} }]);

  it('draws a gap longer than the threshold as the threshold, keeping time in order', () => {
    const record = idle();
    expect(Math.max(...activityMoments(record).filter((at) => at < 5000))).toBe(100);
    const map = collapsedTimeMap([{ start: 0, end: 100 }, { start: 5000, end: 5100 }], 500);
    expect(map.gaps).toEqual([{ from: 100, to: 5000, shownMs: 500 }]);
    expect(map.toDrawn(100)).toBe(100);
    expect(map.toDrawn(5000)).toBe(600);
    expect(map.toDrawn(5100)).toBe(700);
    const samples = [0, 50, 100, 300, 2550, 4999, 5000, 5050, 6000];
    const drawn = samples.map(map.toDrawn);
    for (let i = 1; i < drawn.length; i++) expect(drawn[i]!).toBeGreaterThan(drawn[i - 1]!);
    for (const at of samples) expect(map.toRun(map.toDrawn(at))).toBeCloseTo(at, 6);
  });

  it('collapses a long sleep: a call executing with no news is idle time too', () => {
    const record = buildRecord([...start(), ...ran('sleep', 0, 10_000), ...ran('b', 10_000, 10_100)]);
    expect(timeMapOf(record, 1000).gaps).toEqual([{ from: 0, to: 10_000, shownMs: 1000 }]);
  });

  it('leaves short gaps alone', () => {
    expect(collapsedTimeMap([{ start: 0, end: 100 }, { start: 400, end: 500 }], 500)).toBe(LINEAR_TIME);
    expect(timeMapOf(idle(), undefined)).toBe(LINEAR_TIME);
  });

  it('lays out a collapsed view whose x maps back to run time, with no tick inside the gap', () => {
    const record = idle();
    const layout = layoutTimeline(record, { ...fitView(record, 700), collapseIdleOverMs: 500 });
    expect(layout.gaps).toEqual([{ from: 100, to: 5000, shownMs: 500 }]);
    const { scale } = layout;
    expect(scale.x(0)).toBe(0);
    expect(scale.x(5100)).toBeCloseTo(700, 9);
    expect(scale.x(5000)).toBeCloseTo(600, 9);
    for (const x of [0, 50, 100, 350, 600, 650, 700]) expect(scale.x(scale.time(x))).toBeCloseTo(x, 6);
    expect(scale.time(650)).toBeCloseTo(5050, 6);
    for (const tick of layout.ticks) expect(tick.at <= 100 || tick.at >= 5000).toBe(true);
    const xs = layout.ticks.map((tick) => tick.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    expect(layout.lanes.map((lane) => lane.call.id)).toEqual(['a', 'b']);
  });
});

describe('lane identity', () => {
  it('keeps the call objects of unchanged lanes from one record to the next (what lane memoising relies on)', () => {
    const events = seedRun();
    // As the page does: draw each record before the next event arrives.
    const before = buildRecord(events.slice(0, 31));
    const lanesBefore = layoutTimeline(before, fitView(before, 600)).lanes;
    const after = reduceRun(before, events[31]!);
    const lanesAfter = layoutTimeline(after, fitView(after, 600)).lanes;
    const changed = lanesAfter.filter((lane, i) => lane.call !== lanesBefore[i]!.call).map((lane) => lane.call.id);
    expect(changed).toEqual([(events[31] as { id: string }).id]);
  });
});

describe('virtual range', () => {
  it('covers the rows in the viewport plus the overscan, within the lane count', () => {
    expect(visibleLanes(0, 300, 30, 1000, 0)).toEqual({ first: 0, end: 10 });
    expect(visibleLanes(3000, 300, 30, 1000, 6)).toEqual({ first: 94, end: 116 });
    expect(visibleLanes(3015, 300, 30, 1000, 0)).toEqual({ first: 100, end: 111 });
    expect(visibleLanes(29_900, 300, 30, 1000, 6)).toEqual({ first: 990, end: 1000 });
    expect(visibleLanes(-50, 300, 30, 5, 6)).toEqual({ first: 0, end: 5 });
    expect(visibleLanes(0, 300, 30, 0)).toEqual({ first: 0, end: 0 });
  });

  // Its speed is the page budget's to measure (npm run budget: a 1,000-call replay), not a unit test's.
  it('lays out a 1,000-call run: a lane per call, a frame per batch', () => {
    const events = [...start({ maxConcurrency: 10 }), ...Array.from({ length: 1000 }, (_, i) => ran(`c${i}`, i * 3, i * 3 + 40, { batch: Math.floor(i / 10) })).flat()];
    const record = buildRecord(events);
    const layout = layoutTimeline(record, { ...fitView(record, 1200), collapseIdleOverMs: 100 });
    expect(layout.lanes).toHaveLength(1000);
    expect(layout.batches).toHaveLength(100);
  });
});

describe('call text', () => {
  it('labels a lane by tool and its most telling input', () => {
    expect(inputSummary({ command: 'ls -la' })).toBe('ls -la');
    expect(inputSummary({ file_path: 'src/a.ts', limit: 3 })).toBe('src/a.ts');
    expect(inputSummary({ n: 3 })).toBe('{"n":3}');
    expect(inputSummary('{"broken')).toBe('{"broken');
    expect(inputSummary({ command: 'x'.repeat(80) })).toHaveLength(40);
    expect(callLabel(callOf(buildRecord(seedRun()), 'toolu_bash'))).toBe('Bash(ls src)');
  });

  it('summarises a lane for screen readers', () => {
    const seed = buildRecord(seedRun());
    expect(callAriaLabel(callOf(seed, 'toolu_a'))).toBe('Read(src/a.ts): yielded, success, batch 1, ran 500–1300 ms');
    expect(callAriaLabel(callOf(buildRecord(seedRun().slice(0, 32)), 'toolu_c'))).toBe('Read(src/c.ts): queued, batch 3, queued since 1100 ms');
  });
});

describe('a long session at fit width', () => {
  /** `turns` turns 100 ms apart, each a short stream with one Read block and its call. */
  const manyTurns = (turns: number): RunRecord => {
    const events: RunEvent[] = [{ type: 'run_started', at: 0, scenario: 'long', sandbox: 'virtual', strategy: 'streaming', settings: {} }];
    for (let turn = 0; turn < turns; turn++) {
      const at = turn * 100;
      const id = `toolu_${turn}`;
      events.push(
        { type: 'turn_started', at, turn },
        { type: 'block_started', at, turn, index: 0, kind: 'tool_use', id, name: 'Read' },
        { type: 'block_stopped', at: at + 10, turn, index: 0 },
        queued(at + 10, id, 'Read', { turn, input: { file_path: `f${turn}.ts` } }),
        { type: 'stream_ended', at: at + 10, turn, reason: 'end' },
        { type: 'call_started', at: at + 10, id },
        { type: 'call_running', at: at + 10, id },
        completed(at + 50, id, 'success', 'x'),
        { type: 'call_yielded', at: at + 50, id },
        { type: 'turn_ended', at: at + 50, turn },
      );
    }
    return buildRecord(events);
  };

  it('draws neighbouring responses too narrow to tell apart as one stream segment, and each apart when zoomed in', () => {
    const record = manyTurns(300);
    const fitted = layoutTimeline(record, fitView(record, 600));
    const responses = fitted.stream.filter((segment) => segment.kind === 'stream');
    // 300 responses of 10 ms, 100 ms apart, at 0.02 px/ms: sub-pixel bars 2 px apart, one run.
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({ turn: 0, lastTurn: 299, from: 0, to: 29_910, label: 'turns 0–299 (300 responses)' });
    expect(fitted.stream.length).toBeLessThan(5);
    const zoomed = layoutTimeline(record, { widthPx: 600 * 256, startMs: record.startedAt, endMs: record.endedAt });
    expect(zoomed.stream.filter((segment) => segment.kind === 'stream')).toHaveLength(300);
  });

  it('marks and lines turns a few pixels apart once per group, saying which turns it stands for', () => {
    const record = manyTurns(300);
    const fitted = layoutTimeline(record, fitView(record, 600));
    const turnMarks = fitted.marks.filter((mark) => mark.kind === 'turn');
    // 2 px apart: a line every 8 px (every fourth turn), a mark every 66 px (every 33rd), with its count.
    expect(turnMarks).toHaveLength(10);
    expect(turnMarks[1]).toMatchObject({ at: 3300, title: '33 turns, 33–65, began between 3300 and 6500 ms', data: { turn: '33', turns: '33' } });
    // Each has room for its words: "T33 ×33", not a fence of "T"s (but the last, 6 px from the end and squeezed by the one before).
    const words = turnMarks.slice(0, -1);
    expect(words.map((mark) => mark.text)).toEqual(words.map((mark) => `T${mark.data.turn} ×${mark.data.turns}`));
    expect(fitted.turnStarts).toHaveLength(300);
    expect(fitted.turnStarts.filter((start) => start.line)).toHaveLength(75);
    // Zoomed in 8×, turns are 16 px apart: every line drawn, a mark for every fifth turn.
    const zoomed = layoutTimeline(record, { widthPx: 600 * 8, startMs: record.startedAt, endMs: record.endedAt });
    expect(zoomed.marks.filter((mark) => mark.kind === 'turn')).toHaveLength(60);
    expect(zoomed.turnStarts.every((start) => start.line)).toBe(true);
  });
});

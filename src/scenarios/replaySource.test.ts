import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StreamBlock } from './schema';
import { createVirtualClock } from '../time/virtualClock';
import { compileTurn, replayTurn, type ReplayEnd } from './replaySource';
import type { StreamEvent, TimedStreamEvent } from '../model/streamEvents';

const text = (at: number, durationMs: number, body = 'Let me look at the files first, then edit.'): StreamBlock => ({ type: 'text', text: body, at, durationMs });
const tool = (id: string, at: number, durationMs: number, input: Record<string, unknown> | string = { file_path: 'src/a.ts' }, latencyMs = 0): StreamBlock => ({
  type: 'tool_use',
  id,
  name: 'Read',
  input,
  at,
  durationMs,
  latencyMs,
});

/** Checks the protocol of a compiled stream and returns each block's streamed content by index. */
function assembled(events: readonly TimedStreamEvent[]): Map<number, { start: StreamEvent; content: string; stopAt: number; latencyMs?: number }> {
  const open = new Map<number, { start: StreamEvent; content: string; stopAt: number; latencyMs?: number }>();
  const closed = new Map<number, { start: StreamEvent; content: string; stopAt: number; latencyMs?: number }>();
  let lastStart = -1;
  let previousAt = 0;
  expect(events[0]!.event.type).toBe('message_start');
  expect(events.slice(-2).map((e) => e.event.type)).toEqual(['message_delta', 'message_stop']);
  for (const { at, event, latencyMs } of events) {
    expect(at).toBeGreaterThanOrEqual(previousAt);
    previousAt = at;
    if (event.type === 'content_block_start') {
      expect(event.index).toBe(lastStart + 1);
      lastStart = event.index;
      open.set(event.index, { start: event, content: '', stopAt: -1 });
    } else if (event.type === 'content_block_delta') {
      const block = open.get(event.index);
      expect(block, `delta for block ${event.index} outside its start and stop`).toBeDefined();
      block!.content += event.delta.type === 'text_delta' ? event.delta.text : event.delta.partial_json;
    } else if (event.type === 'content_block_stop') {
      const block = open.get(event.index);
      expect(block, `stop for block ${event.index} without a start`).toBeDefined();
      open.delete(event.index);
      closed.set(event.index, { ...block!, stopAt: at, ...(latencyMs !== undefined ? { latencyMs } : {}) });
    }
  }
  expect(open.size, 'every start has a stop').toBe(0);
  return closed;
}

describe('compileTurn', () => {
  it('compiles text and tool blocks into a valid stream whose deltas add up to the content', () => {
    const broken = '{"file_path": "src/a.ts", "limit": 1';
    const events = compileTurn({ stream: [text(0, 300), tool('toolu_1', 300, 200, { file_path: 'src/a.ts', offset: 10 }, 800), tool('toolu_2', 500, 100, broken)] });
    const blocks = assembled(events);
    expect([...blocks.values()].map((b) => b.content)).toEqual(['Let me look at the files first, then edit.', '{"file_path":"src/a.ts","offset":10}', broken]);
    expect([...blocks.values()].map((b) => [b.stopAt, b.latencyMs])).toEqual([[300, undefined], [500, 800], [600, 0]]);
    expect(events.at(-2)).toEqual({ at: 600, event: { type: 'message_delta', delta: { stop_reason: 'tool_use' } } });
    expect(events.at(-1)).toEqual({ at: 600, event: { type: 'message_stop' } });
  });

  it('streams each text and input in several deltas spread inside the block’s time', () => {
    const events = compileTurn({ stream: [text(100, 400), tool('toolu_1', 500, 300)] });
    const deltas = (index: number) => events.filter((e) => e.event.type === 'content_block_delta' && e.event.index === index);
    for (const [index, from, to] of [[0, 100, 500], [1, 500, 800]] as const) {
      expect(deltas(index).length).toBeGreaterThan(1);
      for (const delta of deltas(index)) {
        expect(delta.at).toBeGreaterThan(from);
        expect(delta.at).toBeLessThan(to);
      }
    }
  });

  it('with deltas at-close (an imported block, written unseen), sends each text and input whole as its block closes', () => {
    const broken = '{"file_path": "src/a.ts", "limit": 1';
    const stream = [text(100, 400), tool('toolu_1', 500, 300), tool('toolu_2', 800, 0, broken)];
    const events = compileTurn({ stream }, { deltas: 'at-close' });
    const deltas = events.filter((e) => e.event.type === 'content_block_delta');
    expect(deltas.map((delta) => delta.at)).toEqual([500, 800, 800]);
    // The same content, the same stops, as the spread stream.
    const whole = (compiled: readonly TimedStreamEvent[]) => [...assembled(compiled).values()].map((block) => [block.content, block.stopAt]);
    expect(whole(events)).toEqual(whole(compileTurn({ stream })));
    // The clock steps once a block instead of once a delta.
    expect(new Set(events.map((e) => e.at)).size).toBeLessThan(new Set(compileTurn({ stream }).map((e) => e.at)).size);
  });

  it('numbers blocks in order of `at`, not of the list, and ends when the last block closes', () => {
    const events = compileTurn({ stream: [tool('toolu_late', 400, 100), text(0, 1000), tool('toolu_early', 100, 50)] });
    const starts = events.flatMap((e) => (e.event.type === 'content_block_start' ? [[e.at, e.event.index, e.event.content_block.type === 'tool_use' ? e.event.content_block.id : 'text']] : []));
    expect(starts).toEqual([[0, 0, 'text'], [100, 1, 'toolu_early'], [400, 2, 'toolu_late']]);
    assembled(events);
    expect(events.at(-1)!.at).toBe(1000);
  });

  it('says end_turn for a response without tools, and handles an empty one', () => {
    expect(compileTurn({ stream: [text(0, 10)] }).at(-2)!.event).toEqual({ type: 'message_delta', delta: { stop_reason: 'end_turn' } });
    expect(compileTurn({ stream: [] }).map((e) => [e.at, e.event.type])).toEqual([[0, 'message_start'], [0, 'message_delta'], [0, 'message_stop']]);
  });

  it('keeps a zero-length block in protocol order', () => {
    const events = compileTurn({ stream: [tool('toolu_1', 50, 0)] });
    expect(events.map((e) => e.event.type)).toEqual(['message_start', 'content_block_start', ...Array<string>(3).fill('content_block_delta'), 'content_block_stop', 'message_delta', 'message_stop']);
  });

  it('yields a valid stream for any blocks, overlapping or not, with any text', () => {
    const block = fc.oneof(
      fc.record({ type: fc.constant('text' as const), text: fc.string({ unit: 'grapheme' }), at: fc.nat(1000), durationMs: fc.nat(500) }),
      fc.record({
        type: fc.constant('tool_use' as const),
        name: fc.constant('Read'),
        input: fc.oneof(fc.string({ unit: 'grapheme' }), fc.dictionary(fc.string(), fc.jsonValue())),
        at: fc.nat(1000),
        durationMs: fc.nat(500),
        latencyMs: fc.nat(100),
      }),
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 8 }), (drafts) => {
        const stream = drafts.map((d, i): StreamBlock => (d.type === 'text' ? d : { ...d, id: `toolu_${i}` }));
        const blocks = assembled(compileTurn({ stream }));
        const byStart = stream.map((b, i) => ({ b, i })).sort((x, y) => x.b.at - y.b.at || x.i - y.i).map(({ b }) => b);
        byStart.forEach((b, index) => {
          const got = blocks.get(index)!;
          expect(got.stopAt).toBe(b.at + b.durationMs);
          expect(got.content).toBe(b.type === 'text' ? b.text : typeof b.input === 'string' ? b.input : JSON.stringify(b.input));
        });
      }),
    );
  });
});

async function collect(events: readonly TimedStreamEvent[], options: { cutAt?: number; abortAt?: number } = {}) {
  const clock = createVirtualClock();
  const controller = new AbortController();
  const seen: { at: number; type: string }[] = [];
  const run = async (): Promise<ReplayEnd> => {
    if (options.abortAt !== undefined) {
      const abortAt = options.abortAt;
      void clock.sleep(abortAt).then(() => controller.abort());
    }
    const replay = replayTurn(events, clock, controller.signal, options.cutAt);
    for (;;) {
      const next = await replay.next();
      if (next.done) return next.value;
      seen.push({ at: clock.now(), type: next.value.event.type });
      expect(clock.now()).toBe(next.value.at);
    }
  };
  const end = await clock.runUntil(run());
  return { seen, end, now: clock.now() };
}

describe('replayTurn', () => {
  const events = compileTurn({ stream: [tool('toolu_1', 100, 200, { a: 1 }, 50), tool('toolu_2', 300, 200)] });

  it('yields every event at its own virtual time and reports a complete stream', async () => {
    const { seen, end } = await collect(events);
    expect(seen).toEqual(events.map((e) => ({ at: e.at, type: e.event.type })));
    expect(end).toEqual({ reason: 'complete', cut: false, at: 500, delivered: events.length });
  });

  it('stops before the first event at or after cutAt, at exactly cutAt', async () => {
    const { seen, end, now } = await collect(events, { cutAt: 300 });
    expect(seen.every((e) => e.at < 300)).toBe(true);
    // The first block closes at exactly 300: that stop is cut too, so the call never reaches the executor.
    expect(seen.map((e) => e.type)).not.toContain('content_block_stop');
    expect(end).toEqual({ reason: 'cut', cut: true, at: 300, delivered: events.filter((e) => e.at < 300).length });
    expect(now).toBe(300);
  });

  it('waits until cutAt when it falls between two events', async () => {
    const { seen, end, now } = await collect(events, { cutAt: 301 });
    expect(seen.filter((e) => e.type === 'content_block_stop')).toEqual([{ at: 300, type: 'content_block_stop' }]);
    expect(end).toMatchObject({ reason: 'cut', at: 301 });
    expect(now).toBe(301);
  });

  it('cuts at 0 before even message_start', async () => {
    const { seen, end } = await collect(events, { cutAt: 0 });
    expect(seen).toEqual([]);
    expect(end).toEqual({ reason: 'cut', cut: true, at: 0, delivered: 0 });
  });

  it('delivers the whole stream, then cuts, when cutAt comes after the stream ends', async () => {
    const { seen, end, now } = await collect(events, { cutAt: 2000 });
    expect(seen).toHaveLength(events.length);
    expect(end).toEqual({ reason: 'cut', cut: true, at: 2000, delivered: events.length });
    expect(now).toBe(2000);
  });

  it('ends quietly when the signal aborts mid-stream', async () => {
    const { seen, end } = await collect(events, { abortAt: 250 });
    expect(seen.every((e) => e.at <= 250)).toBe(true);
    expect(end).toEqual({ reason: 'aborted', cut: false, at: 250, delivered: seen.length });
  });

  it('yields nothing when the signal has already aborted', async () => {
    const clock = createVirtualClock();
    const replay = replayTurn(events, clock, AbortSignal.abort(), 300);
    const first = await clock.runUntil(replay.next());
    expect(first).toEqual({ done: true, value: { reason: 'aborted', cut: false, at: 0, delivered: 0 } });
  });

  it('measures time from its own start, not from the clock’s origin', async () => {
    const clock = createVirtualClock();
    const run = async () => {
      await clock.sleep(1000);
      const times: number[] = [];
      for await (const timed of replayTurn(events, clock, new AbortController().signal)) times.push(clock.now() - 1000 - timed.at);
      return times;
    };
    expect(new Set(await clock.runUntil(run()))).toEqual(new Set([0]));
  });
});

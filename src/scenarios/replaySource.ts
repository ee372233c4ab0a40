import type { StreamBlock } from './schema';
import { sleepUnlessAborted, type Clock } from '../time/clock';
import { stringifyJson } from '../model/deepJson';
import type { StreamEvent, TimedStreamEvent } from '../model/streamEvents';

const TEXT_CHARS_PER_DELTA = 24;
const MAX_TEXT_DELTAS = 4;
const JSON_CHARS_PER_DELTA = 10;
const MAX_JSON_DELTAS = 6;

/** Splits `text` into at most `max` pieces of about `size` code points each (never an empty one). */
function chunk(text: string, size: number, max: number): string[] {
  const points = Array.from(text);
  if (points.length === 0) return [];
  const count = Math.min(max, Math.ceil(points.length / size));
  const pieces: string[] = [];
  for (let i = 0; i < count; i++) {
    pieces.push(points.slice(Math.round((i * points.length) / count), Math.round(((i + 1) * points.length) / count)).join(''));
  }
  return pieces;
}

/** What a tool block streams as its input: the raw string as written (broken or not), or the object as JSON. */
export function inputJson(input: Record<string, unknown> | string): string {
  return typeof input === 'string' ? input : stringifyJson(input);
}

/** Options for {@link compileTurn}: what `message_start` names, and how a block's text arrives. */
export interface CompileOptions {
  messageId?: string;
  model?: string;
  /**
   * `spread` (the default): a block's text or input in a few deltas over its duration, as a model
   * writes it. `at-close`: in one delta as the block closes, for a block whose writing nobody saw
   * (an imported session's: its log holds each block whole, and when it closed).
   */
  deltas?: 'spread' | 'at-close';
}

/**
 * Compiles a scenario turn into the timed events of a Messages API stream (design.md, The model stream and Scenarios):
 * `message_start` at 0; for each block, in order of `at` (ties keep the scenario's order, and that
 * order is the block's `index`), `content_block_start` at `at`, its text or input JSON in a few
 * deltas spread over its duration, and `content_block_stop` at `at + durationMs` (a tool block's
 * stop carries its `latencyMs`); then `message_delta` and `message_stop` when the last block closes.
 * Blocks that overlap in time interleave by index, which an index-keyed consumer assembles as usual.
 */
export function compileTurn(turn: { readonly stream: readonly StreamBlock[] }, options: CompileOptions = {}): TimedStreamEvent[] {
  const events: { at: number; seq: number; timed: TimedStreamEvent }[] = [];
  const push = (at: number, event: StreamEvent, latencyMs?: number) =>
    events.push({ at, seq: events.length, timed: latencyMs === undefined ? { at, event } : { at, event, latencyMs } });
  /** A block's text (`whole`) as deltas: whole as it closes, or in `chunk`s spread over its time. */
  const spread = (block: StreamBlock, whole: string, size: number, max: number, delta: (piece: string) => StreamEvent) => {
    if (whole === '') return;
    if (options.deltas === 'at-close') {
      push(block.at + block.durationMs, delta(whole));
      return;
    }
    const pieces = chunk(whole, size, max);
    pieces.forEach((piece, i) => {
      const offset = Math.min(block.durationMs, Math.round((block.durationMs * (i + 1)) / (pieces.length + 1)));
      push(block.at + offset, delta(piece));
    });
  };

  push(0, { type: 'message_start', message: { id: options.messageId ?? 'msg_replay', role: 'assistant', model: options.model ?? 'scenario-replay' } });
  const ordered = turn.stream.map((block, order) => ({ block, order })).sort((a, b) => a.block.at - b.block.at || a.order - b.order);
  let end = 0;
  ordered.forEach(({ block }, index) => {
    const close = block.at + block.durationMs;
    end = Math.max(end, close);
    if (block.type === 'text') {
      push(block.at, { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      spread(block, block.text, TEXT_CHARS_PER_DELTA, MAX_TEXT_DELTAS, (text) => ({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } }));
      push(close, { type: 'content_block_stop', index });
    } else {
      push(block.at, { type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
      spread(block, inputJson(block.input), JSON_CHARS_PER_DELTA, MAX_JSON_DELTAS, (partial_json) => ({
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json },
      }));
      push(close, { type: 'content_block_stop', index }, block.latencyMs);
    }
  });
  const usesTools = turn.stream.some((block) => block.type === 'tool_use');
  push(end, { type: 'message_delta', delta: { stop_reason: usesTools ? 'tool_use' : 'end_turn' } });
  push(end, { type: 'message_stop' });
  return events.sort((a, b) => a.at - b.at || a.seq - b.seq).map(({ timed }) => timed);
}

interface ReplayEndBase {
  /** When the replay ended, in ms from its start: the last event's time, `cutAt`, or the moment of the abort. */
  at: number;
  /** How many events were yielded; all of them when the stream completed before a late cut. */
  delivered: number;
}

/**
 * How a replayed stream ended: `complete` (every event delivered), `cut` (`cutAt` came: the
 * scripted fallback or Stop, at exactly `cutAt`), or `aborted` (the signal fired first).
 */
export type ReplayEnd =
  | (ReplayEndBase & { reason: 'complete'; cut: false })
  | (ReplayEndBase & { reason: 'cut'; cut: true })
  | (ReplayEndBase & { reason: 'aborted'; cut: false });

/**
 * Replays compiled events at their times on `clock`, measured from the generator's first step.
 * With `cutAt` it yields only the events due before it, waits until exactly `cutAt`, and returns
 * a cut; when the whole stream is due before `cutAt` (a Stop while the tools still run) it delivers
 * every event, then waits and cuts, and `delivered` says so. An abort of `signal` ends the replay
 * quietly with `aborted`: it never throws for an abort.
 */
export async function* replayTurn(
  events: readonly TimedStreamEvent[],
  clock: Clock,
  signal: AbortSignal,
  cutAt?: number,
): AsyncGenerator<TimedStreamEvent, ReplayEnd, void> {
  const start = clock.now();
  const elapsed = () => clock.now() - start;
  let delivered = 0;
  const aborted = (): ReplayEnd => ({ reason: 'aborted', cut: false, at: elapsed(), delivered });

  /** Waits until `at`; false when the signal aborted first. */
  const waitUntil = async (at: number): Promise<boolean> => {
    if (signal.aborted) return false;
    const delay = at - elapsed();
    if (delay <= 0) return true;
    return sleepUnlessAborted(clock, delay, signal);
  };

  for (const timed of events) {
    if (cutAt !== undefined && timed.at >= cutAt) break;
    if (!(await waitUntil(timed.at))) return aborted();
    yield timed;
    delivered++;
  }
  if (cutAt === undefined) {
    return signal.aborted ? aborted() : { reason: 'complete', cut: false, at: events.at(-1)?.at ?? 0, delivered };
  }
  if (!(await waitUntil(cutAt))) return aborted();
  return { reason: 'cut', cut: true, at: cutAt, delivered };
}

import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../tools/events';
import { frameBatcher } from './frameBatcher';

const event = (at: number): RunEvent => ({ type: 'run_started', at }) as unknown as RunEvent;
const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('frameBatcher', () => {
  it('hands a frame’s events over together, in a task after the frame, never in the push', async () => {
    const batches: RunEvent[][] = [];
    const batcher = frameBatcher((events) => batches.push(events));
    batcher.push(event(1));
    batcher.push(event(2));
    expect(batches).toEqual([]);
    await later(60);
    expect(batches.map((batch) => batch.map((e) => e.at))).toEqual([[1, 2]]);
  });

  it('flushes at once when asked, and the frame already scheduled then hands over nothing', async () => {
    const batches: RunEvent[][] = [];
    const batcher = frameBatcher((events) => batches.push(events));
    batcher.push(event(1));
    batcher.flush();
    expect(batches.map((batch) => batch.length)).toEqual([1]);
    await later(60);
    expect(batches.map((batch) => batch.length)).toEqual([1]);
  });
});

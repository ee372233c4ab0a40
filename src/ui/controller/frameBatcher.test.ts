import { describe, expect, it, vi } from 'vitest';
import type { RunEvent } from '../../tools/events';
import { frameBatcher } from './frameBatcher';

const event = (at: number): RunEvent => ({ type: 'run_started', at }) as unknown as RunEvent;

// Each waits for a state, never for an amount of time: on a machine busy with other work a frame
// may come long after 60 ms.
describe('frameBatcher', () => {
  it('hands a frame’s events over together, in a task after the frame, never in the push', async () => {
    const batches: RunEvent[][] = [];
    const batcher = frameBatcher((events) => batches.push(events));
    batcher.push(event(1));
    batcher.push(event(2));
    expect(batches).toEqual([]);
    await vi.waitFor(() => expect(batches.length).toBeGreaterThan(0));
    expect(batches.map((batch) => batch.map((e) => e.at))).toEqual([[1, 2]]);
  });

  it('flushes at once when asked, and the frame already scheduled then hands over nothing', async () => {
    const batches: RunEvent[][] = [];
    const batcher = frameBatcher((events) => batches.push(events));
    batcher.push(event(1));
    batcher.flush();
    expect(batches.map((batch) => batch.length)).toEqual([1]);
    // A second batcher's frame, scheduled after the first's, comes after it: once it has handed
    // its event over, the first batcher's frame has come and gone.
    const marks: RunEvent[][] = [];
    frameBatcher((events) => marks.push(events)).push(event(3));
    await vi.waitFor(() => expect(marks.length).toBe(1));
    expect(batches.map((batch) => batch.length)).toEqual([1]);
  });
});

import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../tools/events';
import { writeWatch } from './writeWatch';

const queued = (id: string, concurrencySafe: boolean) => ({ type: 'call_queued', at: 0, id, concurrencySafe }) as unknown as RunEvent;
const completed = (id: string) => ({ type: 'call_completed', at: 1, id, outcome: 'success', result: null, display: null }) as RunEvent;
const shell = (type: 'background_started' | 'background_ended', id: string) => ({ type, at: 2, id, startedBy: 'b', command: 'sleep 1', how: 'exit', exitCode: 0 }) as RunEvent;

describe('writeWatch', () => {
  it('counts the completion of an unsafe call, not of a concurrency-safe one', () => {
    const wrote = writeWatch();
    expect(wrote([queued('read', true), queued('edit', false)])).toBe(false);
    expect(wrote([completed('read')])).toBe(false);
    expect(wrote([completed('edit')])).toBe(true);
    expect(wrote([completed('edit')])).toBe(false);
  });

  it('counts every completion while a background shell runs, and the shell’s end', () => {
    const wrote = writeWatch();
    expect(wrote([queued('read', true), shell('background_started', 'bash_1')])).toBe(false);
    expect(wrote([completed('read')])).toBe(true);
    expect(wrote([shell('background_ended', 'bash_1')])).toBe(true);
    expect(wrote([queued('read2', true), completed('read2')])).toBe(false);
  });
});

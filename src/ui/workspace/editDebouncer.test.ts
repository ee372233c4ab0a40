import { describe, expect, it } from 'vitest';
import { createEditDebouncer, type DebounceTimers } from './editDebouncer';

function fakeTimers() {
  let next = 0;
  const scheduled = new Map<number, () => void>();
  const timers: DebounceTimers = {
    set: (callback) => {
      scheduled.set(++next, callback);
      return next;
    },
    clear: (handle) => scheduled.delete(handle as number),
  };
  const fire = () => {
    const callbacks = [...scheduled.values()];
    scheduled.clear();
    for (const callback of callbacks) callback();
  };
  return { timers, fire, count: () => scheduled.size };
}

describe('createEditDebouncer', () => {
  it('commits only the last text once the timer fires', () => {
    const commits: string[] = [];
    const clock = fakeTimers();
    const debouncer = createEditDebouncer((path, text) => commits.push(`${path}=${text}`), 300, clock.timers);
    debouncer.edit('a.ts', 'x');
    debouncer.edit('a.ts', 'xy');
    expect(commits).toEqual([]);
    expect(clock.count()).toBe(1);
    clock.fire();
    expect(commits).toEqual(['a.ts=xy']);
  });

  it('flush commits every pending file at once and cancels the timer', () => {
    const commits: string[] = [];
    const clock = fakeTimers();
    const debouncer = createEditDebouncer((path, text) => commits.push(`${path}=${text}`), 300, clock.timers);
    debouncer.edit('a.ts', '1');
    debouncer.edit('b.ts', '2');
    debouncer.flush();
    expect(commits).toEqual(['a.ts=1', 'b.ts=2']);
    expect(clock.count()).toBe(0);
    debouncer.flush();
    expect(commits).toHaveLength(2);
  });

  it('discard drops a deleted file’s pending edit', () => {
    const commits: string[] = [];
    const clock = fakeTimers();
    const debouncer = createEditDebouncer((path, text) => commits.push(`${path}=${text}`), 300, clock.timers);
    debouncer.edit('gone.ts', 'x');
    expect(debouncer.pendingFor('gone.ts')).toBe('x');
    debouncer.discard('gone.ts');
    debouncer.flush();
    expect(commits).toEqual([]);
  });
});

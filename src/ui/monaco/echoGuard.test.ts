import { describe, expect, it } from 'vitest';
import { EchoGuard } from './echoGuard';

describe('EchoGuard', () => {
  it('treats a value equal to the editor text as in sync', () => {
    expect(new EchoGuard().classify('a', 'x', 'x')).toBe('in-sync');
  });

  it('ignores a lagging parent echoing an older text the user typed', () => {
    const guard = new EchoGuard();
    guard.noteEmitted('a', 'h');
    guard.noteEmitted('a', 'he');
    expect(guard.classify('a', 'h', 'hel')).toBe('stale-echo');
    expect(guard.classify('a', 'hel', 'hel')).toBe('in-sync');
    // Once settled, the old texts are forgotten: the parent going back to one is a real change.
    expect(guard.classify('a', 'h', 'hel')).toBe('apply');
  });

  it('applies a value the editor never produced', () => {
    const guard = new EchoGuard();
    guard.noteEmitted('a', 'typed');
    expect(guard.classify('a', 'from the run', 'typed')).toBe('apply');
  });

  it('keeps documents apart', () => {
    const guard = new EchoGuard();
    guard.noteEmitted('a', 'one');
    expect(guard.classify('b', 'one', 'two')).toBe('apply');
  });
});

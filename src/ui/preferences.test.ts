import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPreference, writePreference } from './preferences';

describe('preferences', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('remembers a choice where storage works', () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => void kept.set(key, value) });
    expect(readPreference('tsp.test')).toBeUndefined();
    writePreference('tsp.test', 'folded');
    expect(readPreference('tsp.test')).toBe('folded');
  });

  it('with storage off or full, nothing fails and nothing is remembered', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(() => writePreference('tsp.test', 'folded')).not.toThrow();
    expect(readPreference('tsp.test')).toBeUndefined();
  });
});

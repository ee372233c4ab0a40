import { describe, expect, it } from 'vitest';
import { runStatusText } from './Header';

describe('the run status in the header', () => {
  it('says whether a run met the lesson, and does not judge a call made by hand against it', () => {
    expect(runStatusText({ status: 'done', kind: 'replay' }, true)).toBe('done · expectations met');
    expect(runStatusText({ status: 'done', kind: 'replay' }, false)).toBe('done · differs from the lesson');
    expect(runStatusText({ status: 'done', kind: 'manual' }, true)).toBe('done · a call by hand');
    expect(runStatusText({ status: 'done', kind: 'manual' }, false)).toBe('done · a call by hand');
    expect(runStatusText({ status: 'idle' }, undefined)).toBe('idle');
  });
});

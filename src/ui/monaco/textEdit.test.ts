import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimalReplacement } from './textEdit';

function apply(text: string, edit: ReturnType<typeof minimalReplacement>): string {
  return edit === null ? text : text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}

describe('minimalReplacement', () => {
  it('returns null for equal texts', () => {
    expect(minimalReplacement('abc', 'abc')).toBeNull();
  });

  it('replaces only the changed middle', () => {
    expect(minimalReplacement('const a = 1;\n', 'const ab = 1;\n')).toEqual({ start: 7, end: 7, text: 'b' });
    expect(minimalReplacement('hello world', 'hello there world')).toEqual({ start: 6, end: 6, text: 'there ' });
    expect(minimalReplacement('abcdef', 'abef')).toEqual({ start: 2, end: 4, text: '' });
  });

  it('does not split a surrogate pair', () => {
    const edit = minimalReplacement('a😀b', 'a😃b');
    expect(edit).toEqual({ start: 1, end: 3, text: '😃' });
  });

  it('always turns the old text into the new one', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(apply(a, minimalReplacement(a, b))).toBe(b);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        expect(apply(a, minimalReplacement(a, b))).toBe(b);
      }),
    );
  });
});

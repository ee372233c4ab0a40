import { describe, expect, it } from 'vitest';
import { lineDiff } from './lineDiff';

describe('lineDiff', () => {
  it('shows the line one text lost and the line the other has instead', () => {
    const both = 'export const retries = 3;\nexport const timeoutMs = 5000;\n';
    const raced = 'export const retries = 1;\nexport const timeoutMs = 5000;\n';
    expect(lineDiff(both, raced)).toEqual([
      { kind: 'removed', text: 'export const retries = 3;' },
      { kind: 'added', text: 'export const retries = 1;' },
      { kind: 'same', text: 'export const timeoutMs = 5000;' },
    ]);
  });

  it('keeps equal texts as they are', () => {
    expect(lineDiff('a\nb', 'a\nb').every((line) => line.kind === 'same')).toBe(true);
  });
});

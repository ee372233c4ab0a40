import { describe, expect, it } from 'vitest';
import { changeSnippet } from './changeSnippet';

const lines = (count: number) => Array.from({ length: count }, (_, i) => `l${i + 1}`);

describe('changeSnippet', () => {
  it('shows one hunk with three lines of context around the change', () => {
    const before = `${lines(10).join('\n')}\n`;
    const after = before.replace('l5\n', 'five\n');
    const snippet = changeSnippet(before, after);
    expect(snippet.diff).toBe(['@@ -2,7 +2,7 @@', ' l2', ' l3', ' l4', '-l5', '+five', ' l6', ' l7', ' l8'].join('\n'));
    expect(snippet.firstLine).toBe(2);
    expect(snippet.lastLine).toBe(8);
    expect(snippet.numbered.split('\n')[3]).toBe(`${'5'.padStart(6)}\tfive`);
  });

  it('handles insertions at the end and a new file', () => {
    expect(changeSnippet('a\n', 'a\nb\n').diff).toBe('@@ -1,1 +1,2 @@\n a\n+b');
    expect(changeSnippet('', 'x\ny\n').diff).toBe('@@ -0,0 +1,2 @@\n+x\n+y');
  });

  it('is empty when nothing changed', () => {
    expect(changeSnippet('same\n', 'same\n').diff).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { splitInlineCode } from './inlineCode';

describe('splitInlineCode', () => {
  it('splits code spans from the text around them', () => {
    expect(splitInlineCode('Run `Read a.ts` then `ls`.')).toEqual([
      { code: false, text: 'Run ' },
      { code: true, text: 'Read a.ts' },
      { code: false, text: ' then ' },
      { code: true, text: 'ls' },
      { code: false, text: '.' },
    ]);
  });

  it('leaves an unclosed backtick and other Markdown as text', () => {
    expect(splitInlineCode('a ` b *c*')).toEqual([{ code: false, text: 'a ` b *c*' }]);
  });

  it('lets a longer fence hold a backtick', () => {
    expect(splitInlineCode('x ``a`b`` y')).toEqual([
      { code: false, text: 'x ' },
      { code: true, text: 'a`b' },
      { code: false, text: ' y' },
    ]);
    expect(splitInlineCode('`` `tick` ``')).toEqual([{ code: true, text: '`tick`' }]);
  });

  it('returns nothing for empty text', () => {
    expect(splitInlineCode('')).toEqual([]);
  });
});

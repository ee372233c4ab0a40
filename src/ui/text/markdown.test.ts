import { describe, expect, it } from 'vitest';
import { BUILT_IN_SCENARIOS } from '../../scenarios/library';
import { parseInline, parseMarkdown, plainText, type Inline } from './markdown';

/** Every piece of text left as text, to find markup that was not read. */
function texts(parts: readonly Inline[]): string[] {
  return parts.flatMap((part) => (part.kind === 'text' ? [part.text] : part.kind === 'code' ? [] : texts(part.children)));
}

describe('lesson Markdown', () => {
  it('reads code, strong, emphasis and links, leaving snake_case and lone stars alone', () => {
    expect(parseInline('Press **Compare** to run `claude-code-2.1.161`, *then* see run_in_background and 2 * 3.')).toEqual([
      { kind: 'text', text: 'Press ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'Compare' }] },
      { kind: 'text', text: ' to run ' },
      { kind: 'code', text: 'claude-code-2.1.161' },
      { kind: 'text', text: ', ' },
      { kind: 'em', children: [{ kind: 'text', text: 'then' }] },
      { kind: 'text', text: ' see run_in_background and 2 * 3.' },
    ]);
  });

  it('reads nothing inside a code span', () => {
    expect(parseInline('`**not bold**`')).toEqual([{ kind: 'code', text: '**not bold**' }]);
  });

  it('links only to web addresses: any other target stays text', () => {
    expect(parseInline('[Perfetto](https://ui.perfetto.dev)')).toEqual([{ kind: 'link', href: 'https://ui.perfetto.dev', children: [{ kind: 'text', text: 'Perfetto' }] }]);
    expect(plainText(parseInline('[click](javascript:alert)'))).toBe('click');
    expect(parseInline('[click](javascript:alert)').some((part) => part.kind === 'link')).toBe(false);
  });

  it('parts paragraphs at blank lines and reads bullet and numbered lists', () => {
    expect(parseMarkdown('One\nline.\n\n- a\n- b `c`\n\n1. first\n2. second').map((block) => block.kind === 'list' ? `${block.ordered ? 'ol' : 'ul'}:${block.items.length}` : `p:${plainText(block.children)}`)).toEqual([
      'p:One line.',
      'ul:2',
      'ol:2',
    ]);
  });

  it('leaves no raw ** or backticks in any built-in lesson’s text', () => {
    for (const raw of BUILT_IN_SCENARIOS) {
      const { id, title, description } = raw as { id: string; title: string; description?: string };
      for (const block of parseMarkdown(`${title}\n\n${description ?? ''}`)) {
        const parts = block.kind === 'paragraph' ? block.children : block.items.flat();
        for (const text of texts(parts)) {
          expect(text, id).not.toMatch(/\*\*|`/);
        }
      }
    }
  });
});

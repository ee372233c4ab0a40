import { splitInlineCode } from './inlineCode';

/*
 * A small Markdown reader for lesson text: paragraphs, bullet and numbered lists, and inline
 * `code`, **strong**, *emphasis* and [links](https://…). It builds data, not HTML: the component
 * that draws it makes React elements, so nothing written in a lesson is ever markup.
 */

/** A piece of a line: text, code, strong or emphasised pieces, or a link to a web address. */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong' | 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

/** A block of text: a paragraph, or a list of items. */
export type Block = { kind: 'paragraph'; children: Inline[] } | { kind: 'list'; ordered: boolean; items: Inline[][] };

const BULLET = /^\s*[-*+]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;

/** Reads lesson Markdown into blocks: blank lines part paragraphs, `- ` and `1. ` lines make lists. */
export function parseMarkdown(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = [];
    list = null;
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      flush();
      continue;
    }
    const marker = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (marker) {
      const ordered = !BULLET.test(line);
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(line.slice(marker[0].length).trim());
    } else if (list && /^\s+/.test(line)) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

/** Reads one line of Markdown: code spans first (nothing inside them is read), then emphasis and links. */
export function parseInline(text: string): Inline[] {
  return splitInlineCode(text).flatMap((part): Inline[] => (part.code ? [{ kind: 'code', text: part.text }] : parseEmphasis(part.text)));
}

/** A web address a lesson may link to: http and https only. */
function safeHref(href: string): string | undefined {
  return /^https?:\/\/[^\s]+$/i.test(href) ? href : undefined;
}

const PATTERNS: { kind: 'strong' | 'em' | 'link'; re: RegExp }[] = [
  { kind: 'link', re: /\[([^\]]+)\]\(([^)\s]+)\)/ },
  { kind: 'strong', re: /\*\*(?=\S)([\s\S]*?\S)\*\*|__(?=\S)([\s\S]*?\S)__(?!\w)/ },
  // `_x_` only between word boundaries, so snake_case names stay as written.
  { kind: 'em', re: /\*(?=[^\s*])([^*]*?[^\s*])\*|(?<!\w)_(?=\S)([^_]*?\S)_(?!\w)/ },
];

function parseEmphasis(text: string): Inline[] {
  if (text === '') return [];
  let first: { kind: 'strong' | 'em' | 'link'; match: RegExpExecArray } | undefined;
  for (const { kind, re } of PATTERNS) {
    const match = re.exec(text);
    if (match && (!first || match.index < first.match.index)) first = { kind, match };
  }
  if (!first) return [{ kind: 'text', text }];
  const { kind, match } = first;
  const before = text.slice(0, match.index);
  const after = text.slice(match.index + match[0].length);
  let middle: Inline;
  if (kind === 'link') {
    const href = safeHref(match[2]!);
    middle = href ? { kind: 'link', href, children: parseEmphasis(match[1]!) } : { kind: 'text', text: match[1]! };
  } else {
    middle = { kind, children: parseEmphasis(match[1] ?? match[2] ?? '') };
  }
  return mergeText([...parseEmphasis(before), middle, ...parseEmphasis(after)]);
}

function mergeText(parts: Inline[]): Inline[] {
  const merged: Inline[] = [];
  for (const part of parts) {
    const last = merged.at(-1);
    if (last?.kind === 'text' && part.kind === 'text') merged[merged.length - 1] = { kind: 'text', text: last.text + part.text };
    else merged.push(part);
  }
  return merged;
}

/** The text of inline pieces without any markup (for titles, labels and plain summaries). */
export function plainText(parts: readonly Inline[]): string {
  return parts.map((part) => (part.kind === 'text' || part.kind === 'code' ? part.text : plainText(part.children))).join('');
}

/** Lesson text on the page: Markdown read into data and drawn as elements. */
export { InlineMarkdown, Markdown } from './Markdown';
export { parseInline, parseMarkdown, plainText, type Block, type Inline } from './markdown';
export { splitInlineCode, type DescriptionPart } from './inlineCode';

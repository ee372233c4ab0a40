import { RESULT_CAP_CHARS } from '../buildTool';

/** Bodies longer than this are cut before conversion: converting megabytes of HTML is slow, and the result would be cut anyway. */
export const MAX_BODY_CHARS = 2_000_000;
/**
 * The content's share of a result: below the pipeline's cap (past which the whole result becomes a
 * 2,000-character preview), with room left for the heading lines.
 */
export const MAX_CONTENT_CHARS = RESULT_CAP_CHARS - 5_000;

/** How a body was shown. `described`: it is not text, so only its type and size are given. */
export type ContentFormat = 'markdown' | 'text' | 'json' | 'described';

/** A body ready for the model: its text (or description) and notes on what was cut. */
export interface PageContent {
  format: ContentFormat;
  text: string;
  notes: string[];
}

const TEXTUAL = new Set(['application/xml', 'application/javascript', 'application/x-ndjson', 'application/yaml', 'application/x-yaml']);

/** The media type without its parameters: `text/html; charset=utf-8` → `text/html`. */
export function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Whether a body of this media type is text worth reading (no type at all: perhaps, decided on the body). */
export function isTextual(mediaType: string): boolean {
  return mediaType === '' || mediaType.startsWith('text/') || mediaType.endsWith('+xml') || mediaType.endsWith('+json') || mediaType === 'application/json' || mediaType === 'application/xhtml+xml' || TEXTUAL.has(mediaType);
}

/** What is said of a body that is not text, instead of the body. */
export function describedContent(mediaType: string, size: string): PageContent {
  const kind = mediaType === '' ? 'binary content with no content type' : `${mediaType} content`;
  return { format: 'described', text: `(${kind}, ${size}; not shown, since WebFetch returns text only)`, notes: [] };
}

/**
 * A text body as the model reads it: HTML as Markdown, other text and JSON as they are, cut to fit.
 * The HTML converter (turndown, and the DOM parser under it) loads with the first HTML page.
 */
export async function toPageContent(body: string, mediaType: string): Promise<PageContent> {
  // A NUL never occurs in text: a body that came without a content type and has one is binary.
  if (mediaType === '' && body.includes('\u0000')) return describedContent('', `${body.length.toLocaleString('en-US')} characters as decoded`);
  const notes: string[] = [];
  let source = body;
  if (source.length > MAX_BODY_CHARS) {
    notes.push(`The body was ${chars(body.length)}; only the first ${chars(MAX_BODY_CHARS)} were read.`);
    source = source.slice(0, MAX_BODY_CHARS);
  }
  const isHtml = mediaType === 'text/html' || mediaType === 'application/xhtml+xml';
  let text = isHtml ? (await import('./htmlToMarkdown')).htmlToMarkdown(source) : source;
  if (text.length > MAX_CONTENT_CHARS) {
    notes.push(`The ${isHtml ? 'Markdown' : 'content'} was ${chars(text.length)}; the first ${chars(MAX_CONTENT_CHARS)} follow.`);
    text = text.slice(0, MAX_CONTENT_CHARS);
  }
  const format: ContentFormat = isHtml ? 'markdown' : mediaType === 'application/json' || mediaType.endsWith('+json') ? 'json' : 'text';
  return { format, text, notes };
}

function chars(count: number): string {
  return `${count.toLocaleString('en-US')} characters`;
}

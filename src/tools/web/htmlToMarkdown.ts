import TurndownService from 'turndown';

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
turndown.remove(['script', 'style']);

/** An HTML page as Markdown, scripts and styles dropped (WebFetch's conversion). */
export function htmlToMarkdown(html: string): string {
  return turndown.turndown(html);
}

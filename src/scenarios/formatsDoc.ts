import { SESSION_FORMATS } from './import/sessionFormats';

/** Where the README's list of session formats sits, between its markers; `formatsDoc.test.ts` fails when it is stale. */
export const FORMATS_LIST_START = '<!-- session formats: made by `npm run docs:formats` from src/scenarios/import/sessionFormats.ts -->';
export const FORMATS_LIST_END = '<!-- end of session formats -->';

/** The formats' table as the README's list: each format's name and where its files are. */
export function formatsList(): string {
  const items = SESSION_FORMATS.map((format) => `- **${format.name}**: ${'refusal' in format ? `${format.where}; a file of it is named and refused, it holds no tool calls` : format.where}`);
  return [FORMATS_LIST_START, ...items, FORMATS_LIST_END].join('\n');
}

/** `text` (the README) with its list of formats made anew. */
export function withFormatsList(text: string): string {
  const start = text.indexOf(FORMATS_LIST_START);
  const end = text.indexOf(FORMATS_LIST_END);
  if (start < 0 || end < start) throw new Error('the README has no list of session formats between its markers');
  return `${text.slice(0, start)}${formatsList()}${text.slice(end + FORMATS_LIST_END.length)}`;
}

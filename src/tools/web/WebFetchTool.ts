import * as z from 'zod';
import { buildTool } from '../buildTool';
import type { Tool } from '../types';
import { globalFetchPort, type FetchPort } from './fetchPort';
import { describedContent, isTextual, MAX_CONTENT_CHARS, mediaTypeOf, toPageContent, type ContentFormat } from './pageContent';
import { DEFAULT_TIMEOUT_MS, readBody, webRequest } from './webRequest';

/**
 * The cut, grouped by hand: the first `toLocaleString` of a process sets up ICU's number formatting
 * (megabytes of its data read into memory), and this text is written as the tool is loaded.
 */
const MAX_CONTENT_TEXT = String(MAX_CONTENT_CHARS).replace(/\B(?=(\d{3})+$)/g, ',');

const PROMPT = `Fetches a web page (http or https) and returns its content as text.

- HTML is converted to Markdown (scripts and styles dropped); plain text and JSON come back as they are; other content (images, PDFs, archives) is only described.
- prompt says what you want from the page. No model reads the page for you here: the result repeats your prompt and gives the page's content, and you answer from it yourself.
- Redirects are followed; the result names the final URL, the status and the content type.
- Long content is cut at about ${MAX_CONTENT_TEXT} characters, with a note.
- A status outside 200-299 is an error result carrying the status.
- Each fetch asks for permission, naming the domain; a WebFetch(domain:example.com) deny rule refuses a domain and its subdomains.
- In the browser playground many sites refuse cross-origin reads (CORS); the command-line replay has no such limit.`;

const inputSchema = z.strictObject({
  // `url` is also what the permission rules read for WebFetch(domain:…): keep the name.
  url: z.string().describe('The http or https URL to fetch'),
  prompt: z.string().describe('What you want to learn from the page; repeated with the result'),
});

/** WebFetch's input. */
export type WebFetchInput = z.infer<typeof inputSchema>;

/** What a fetch gave: a page, a status outside 2xx, or no answer at all. */
export type WebFetchOutput =
  | { kind: 'page'; url: string; finalUrl: string; status: number; statusText: string; mediaType: string; format: ContentFormat; content: string; notes: string[]; prompt: string }
  | { kind: 'http-error'; url: string; finalUrl: string; status: number; statusText: string; mediaType: string; excerpt: string }
  | { kind: 'unreachable'; url: string; message: string }
  /** Redirected to another host: not read, so that the rules are checked for that host. */
  | { kind: 'redirect'; url: string; finalUrl: string };

/** Redirects followed within one host before the call gives up. */
const MAX_REDIRECTS = 10;

/** A browser answers a redirect it was told not to follow without saying where it leads. */
const OPAQUE_REDIRECT = (url: string) =>
  `${url} redirected, and the browser does not tell the page where to, so the redirect was not followed: ` +
  'a redirect is followed only once its target has been checked against the permission rules. The command-line replay (npm run replay) can follow it.';

/** The absolute URL a `Location` header names, relative to the URL that sent it; `undefined` when it is not an http(s) URL. */
function resolveLocation(location: string, from: string): string | undefined {
  try {
    const next = new URL(location, from);
    return next.protocol === 'http:' || next.protocol === 'https:' ? next.href : undefined;
  } catch {
    return undefined;
  }
}

/** Options a test (or a slow network) may change. */
export interface WebFetchOptions {
  timeoutMs?: number;
}

const ERROR_EXCERPT_CHARS = 2_000;

/** WebFetch over `port`: read-only and safe to run in parallel; asks before each domain. */
export function createWebFetchTool(port: FetchPort = globalFetchPort, options: WebFetchOptions = {}): Tool<WebFetchInput, WebFetchOutput> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return buildTool<WebFetchInput, WebFetchOutput>({
    name: 'WebFetch',
    inputSchema,
    prompt: () => PROMPT,
    kind: 'fetch',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    shouldDefer: true,
    searchHint: 'fetch a web page url http download read website',
    userFacingName: (input) => (input?.url ? `WebFetch(${hostOf(input.url)})` : 'WebFetch'),
    description: (input) => `Fetch ${input.url}`,

    async validateInput(input) {
      const problem = urlProblem(input.url);
      return problem === undefined ? { ok: true } : { ok: false, message: problem };
    },

    async checkPermissions(input) {
      return { behavior: 'ask', reason: `WebFetch would read from ${hostOf(input.url)}` };
    },

    async call(input, context) {
      // Redirects are followed here, one hop at a time, never by fetch: a hop to another host is
      // not requested at all, so a rule for that host is checked by a new call before any request.
      let url = input.url;
      let response;
      for (let hop = 0; ; hop++) {
        const request = await context.clock.track(webRequest(port, url, { signal: context.abortSignal, timeoutMs, redirect: 'manual' }));
        if (!request.ok) return { output: { kind: 'unreachable', url: input.url, message: request.message }, isError: true };
        response = request.response;
        if (response.type === 'opaqueredirect') return { output: { kind: 'unreachable', url: input.url, message: OPAQUE_REDIRECT(url) }, isError: true };
        const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
        if (location === null) break;
        const next = resolveLocation(location, url);
        if (next === undefined) return { output: { kind: 'unreachable', url: input.url, message: `${url} redirected to an address that cannot be read: ${location.slice(0, 200)}` }, isError: true };
        if (hostOf(next) !== hostOf(input.url)) return { output: { kind: 'redirect', url: input.url, finalUrl: next }, isError: true };
        if (hop >= MAX_REDIRECTS) return { output: { kind: 'unreachable', url: input.url, message: `${input.url} redirected more than ${MAX_REDIRECTS} times; the last hop was to ${next}.` }, isError: true };
        url = next;
      }
      const finalUrl = url;
      const mediaType = mediaTypeOf(response.headers.get('content-type'));
      let page = describedContent(mediaType, sizeOf(response.headers.get('content-length')));
      // A body that is not text is never read: it would only be decoded into noise.
      if (isTextual(mediaType)) {
        const body = await context.clock.track(readBody(response, finalUrl, context.abortSignal, timeoutMs));
        if (!body.ok) return { output: { kind: 'unreachable', url: input.url, message: body.message }, isError: true };
        page = await toPageContent(body.text, mediaType);
      }
      const { status, statusText } = response;
      if (status < 200 || status > 299) {
        const excerpt = page.text.slice(0, ERROR_EXCERPT_CHARS);
        return { output: { kind: 'http-error', url: input.url, finalUrl, status, statusText, mediaType, excerpt }, isError: true };
      }
      return {
        output: { kind: 'page', url: input.url, finalUrl, status, statusText, mediaType, format: page.format, content: page.text, notes: page.notes, prompt: input.prompt },
      };
    },

    mapResult(output) {
      switch (output.kind) {
        case 'page':
          return [
            `Fetched ${output.finalUrl}${output.finalUrl === output.url ? '' : ` (redirected from ${output.url})`}`,
            `Status: ${statusLine(output.status, output.statusText)}`,
            `Content type: ${output.mediaType || 'none given'}${output.format === 'markdown' ? ' (converted to Markdown)' : ''}`,
            `What was asked: ${output.prompt}`,
            'No model has read this page: its content follows, for you to answer from.',
            ...output.notes.map((note) => `Note: ${note}`),
            '',
            output.content,
          ].join('\n');
        case 'http-error':
          return [
            `Fetching ${output.url} failed with HTTP ${statusLine(output.status, output.statusText)}${output.finalUrl === output.url ? '' : ` at ${output.finalUrl}`}.`,
            ...(output.excerpt ? ['', `The response (${output.mediaType || 'no content type'}) began:`, output.excerpt] : []),
          ].join('\n');
        case 'unreachable':
          return output.message;
        case 'redirect':
          return `${output.url} redirected to another host: ${output.finalUrl}. Its content was not read. To read it, call WebFetch again with that URL, so that the permission rules are checked for ${hostOf(output.finalUrl)}.`;
        default: {
          const exhaustive: never = output;
          return exhaustive;
        }
      }
    },

    render: {
      use: (input) => ({ title: `WebFetch ${input.url}`, summary: input.prompt }),
      result: (output) => {
        switch (output.kind) {
          case 'page':
            return {
              title: `Fetched ${hostOf(output.finalUrl)}`,
              summary: `${statusLine(output.status, output.statusText)} · ${output.mediaType || 'no content type'} · ${output.content.length.toLocaleString('en-US')} characters`,
              body: output.content,
              format: output.format === 'markdown' ? 'markdown' : output.format === 'json' ? 'code' : 'text',
              tone: 'success',
            };
          case 'http-error':
            return { title: `${hostOf(output.finalUrl)} answered ${statusLine(output.status, output.statusText)}`, body: output.excerpt, format: 'text', tone: 'error' };
          case 'unreachable':
            return { title: `Could not fetch ${hostOf(output.url)}`, summary: output.message, tone: 'error' };
          case 'redirect':
            return { title: `${hostOf(output.url)} redirected to ${hostOf(output.finalUrl)}`, summary: 'not followed: a new WebFetch call would check the rules for that host', tone: 'warning' };
          default: {
            const exhaustive: never = output;
            return exhaustive;
          }
        }
      },
      rejected: (input, reason) => ({ title: `Fetching from ${hostOf(input.url)} was not allowed`, summary: reason, tone: 'warning' }),
    },
  });
}

/** WebFetch over the global `fetch`. */
export const WebFetchTool = createWebFetchTool();

/** Why a URL cannot be fetched, or `undefined` when it can. */
function urlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url}" is not a valid URL. Give a full address such as https://example.com/page.`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `WebFetch fetches only http and https URLs; ${parsed.protocol.slice(0, -1)} URLs such as ${url} are refused.`;
  }
  return undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function statusLine(status: number, statusText: string): string {
  return statusText ? `${status} ${statusText}` : String(status);
}

function sizeOf(contentLength: string | null): string {
  const bytes = Number(contentLength ?? '');
  return contentLength !== null && Number.isFinite(bytes) ? `${bytes.toLocaleString('en-US')} bytes` : 'size not given';
}

import * as z from 'zod';
import { buildTool } from '../buildTool';
import { formatIssues } from '../execution';
import type { Tool } from '../types';
import { globalFetchPort, type FetchPort } from './fetchPort';
import { DEFAULT_TIMEOUT_MS, readBody, webRequest } from './webRequest';

/**
 * A search backend. The contract is small on purpose, so any engine can sit behind a thin proxy:
 *
 *     GET {endpoint}?q={query}
 *     Authorization: Bearer {apiKey}
 *     Accept: application/json
 *     200 → {"results": [{"title": "…", "url": "https://…", "snippet": "…"}]}   (snippet optional)
 *
 * Other fields are ignored. The domain filters are applied here to the answer, not sent.
 */
export interface SearchProvider {
  /** Shown in results ("Example Search"). */
  name: string;
  endpoint: string;
  apiKey: string;
  /** Defaults to the global `fetch`. */
  fetch?: FetchPort;
}

const PROMPT = `Searches the web and returns a numbered list of results: title, URL and a snippet.

- query needs at least 2 characters.
- allowed_domains keeps only results from those domains (and their subdomains); blocked_domains drops them. Give one or the other, not both.
- The results come from the configured search provider as they are; fetch a result with WebFetch to read it.`;

const inputSchema = z.strictObject({
  query: z.string().min(2).describe('What to search for'),
  allowed_domains: z.array(z.string().min(1)).optional().describe('Only keep results from these domains, e.g. ["docs.python.org"]'),
  blocked_domains: z.array(z.string().min(1)).optional().describe('Drop results from these domains'),
});

/** WebSearch's input. */
export type WebSearchInput = z.infer<typeof inputSchema>;

const hitSchema = z.object({
  title: z.string(),
  url: z.string().refine(isHttpUrl, 'not an http or https URL'),
  snippet: z.string().optional(),
});
const answerSchema = z.object({ results: z.array(hitSchema) });

/** One search result, as the provider gave it. */
export type SearchHit = z.infer<typeof hitSchema>;

/** The results kept after the domain filters, or why there were none to give. */
export type WebSearchOutput =
  | { kind: 'results'; query: string; provider: string; results: SearchHit[]; filteredOut: number }
  | { kind: 'failed'; query: string; provider: string; message: string };

/** WebSearch over `provider`; without one the tool is disabled, and the pool says why. */
export function createWebSearchTool(provider?: SearchProvider): Tool<WebSearchInput, WebSearchOutput> {
  return buildTool<WebSearchInput, WebSearchOutput>({
    name: 'WebSearch',
    inputSchema,
    prompt: () => PROMPT,
    kind: 'fetch',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    shouldDefer: true,
    searchHint: 'search the web internet query results',
    isEnabled: () => provider !== undefined,
    disabledReason: () => (provider ? undefined : 'no search provider is configured (set a search endpoint and an API key)'),
    userFacingName: (input) => (input?.query ? `WebSearch(${input.query})` : 'WebSearch'),
    description: (input) => `Search the web for "${input.query}"`,

    async validateInput(input) {
      if (input.allowed_domains && input.blocked_domains) {
        return { ok: false, message: 'Give allowed_domains or blocked_domains, not both.' };
      }
      return { ok: true };
    },

    async call(input, context) {
      if (!provider) throw new Error('WebSearch has no search provider configured');
      const failed = (message: string) => ({ output: { kind: 'failed' as const, query: input.query, provider: provider.name, message }, isError: true });
      let url: URL;
      try {
        url = new URL(provider.endpoint);
      } catch {
        return failed(`The search endpoint "${provider.endpoint}" is not a valid URL.`);
      }
      url.searchParams.set('q', input.query);

      const headers = { Authorization: `Bearer ${provider.apiKey}`, Accept: 'application/json' };
      const port = provider.fetch ?? globalFetchPort;
      const request = await context.clock.track(webRequest(port, url.href, { signal: context.abortSignal, timeoutMs: DEFAULT_TIMEOUT_MS, headers }));
      if (!request.ok) return failed(request.message);
      const { response } = request;
      if (response.status < 200 || response.status > 299) {
        return failed(`${provider.name} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
      }
      const body = await context.clock.track(readBody(response, url.href, context.abortSignal, DEFAULT_TIMEOUT_MS));
      if (!body.ok) return failed(body.message);
      const answer = parseAnswer(body.text);
      if (!answer.ok) return failed(`${provider.name} sent a malformed answer: ${answer.message}.`);

      const kept = answer.results.filter((hit) => passesFilters(hit.url, input));
      return { output: { kind: 'results', query: input.query, provider: provider.name, results: kept, filteredOut: answer.results.length - kept.length } };
    },

    mapResult(output) {
      if (output.kind === 'failed') return `Web search for "${output.query}" failed: ${output.message}`;
      const filtered = output.filteredOut > 0 ? ` ${output.filteredOut} more ${output.filteredOut === 1 ? 'was' : 'were'} left out by the domain filters.` : '';
      if (output.results.length === 0) return `No results for "${output.query}" from ${output.provider}.${filtered}`;
      const count = output.results.length === 1 ? '1 result' : `${output.results.length} results`;
      return `Web search for "${output.query}" (${output.provider}): ${count}.${filtered}\n\n${resultList(output.results)}`;
    },

    render: {
      use: (input) => ({ title: `WebSearch "${input.query}"`, summary: filterSummary(input) }),
      result: (output) =>
        output.kind === 'failed'
          ? { title: `Search for "${output.query}" failed`, summary: output.message, tone: 'error' }
          : {
              title: `${output.results.length} result${output.results.length === 1 ? '' : 's'} for "${output.query}"`,
              summary: output.filteredOut > 0 ? `${output.filteredOut} filtered out` : output.provider,
              ...(output.results.length > 0 ? { body: resultList(output.results), format: 'markdown' as const } : {}),
              tone: output.results.length > 0 ? 'success' : 'muted',
            },
    },
  });
}

/** WebSearch without a provider: listed, but disabled until one is configured. */
export const WebSearchTool = createWebSearchTool();

/** The provider's body checked against the contract; the message names the first thing wrong. */
function parseAnswer(text: string): { ok: true; results: SearchHit[] } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: `the body is not JSON (it begins "${text.slice(0, 80)}")` };
  }
  const answer = answerSchema.safeParse(json);
  return answer.success ? { ok: true, results: answer.data.results } : { ok: false, message: formatIssues(answer.error) };
}

function passesFilters(url: string, input: WebSearchInput): boolean {
  const host = new URL(url).hostname.toLowerCase();
  if (input.allowed_domains) return input.allowed_domains.some((domain) => hostIsIn(host, domain));
  if (input.blocked_domains) return !input.blocked_domains.some((domain) => hostIsIn(host, domain));
  return true;
}

/** A host is in a domain when it is the domain or a subdomain of it; `https://` or a path given with the domain are ignored. */
function hostIsIn(host: string, domain: string): boolean {
  const bare = domain.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/[/:].*$/, '').replace(/^\*\./, '');
  return host === bare || host.endsWith(`.${bare}`);
}

function isHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function resultList(results: readonly SearchHit[]): string {
  return results
    .map((hit, i) => {
      const title = hit.title.trim() || hit.url;
      const line = `${i + 1}. [${title.replace(/([[\]])/g, '\\$1')}](${hit.url})`;
      const snippet = hit.snippet?.replace(/\s+/g, ' ').trim();
      return snippet ? `${line}\n   ${snippet}` : line;
    })
    .join('\n');
}

function filterSummary(input: WebSearchInput): string | undefined {
  if (input.allowed_domains) return `only ${input.allowed_domains.join(', ')}`;
  if (input.blocked_domains) return `not ${input.blocked_domains.join(', ')}`;
  return undefined;
}

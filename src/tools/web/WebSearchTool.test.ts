import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';
import { createWebSearchTool, WebSearchTool, type SearchProvider, type WebSearchOutput } from './WebSearchTool';

const HITS = [
  { title: 'Python docs', url: 'https://docs.python.org/3/library/json.html', snippet: 'json — JSON encoder\nand decoder' },
  { title: 'A blog', url: 'https://blog.example.com/json', rank: 2 },
  { title: 'Example', url: 'http://example.com/' },
];

/** What the fake provider answers, by query. */
const answers: Record<string, { status: number; body: string }> = {
  json: { status: 200, body: JSON.stringify({ results: HITS }) },
  nothing: { status: 200, body: '{"results":[]}' },
  html: { status: 200, body: '<html>oops</html>' },
  shape: { status: 200, body: '{"results":[{"title":"t","url":"ftp://x"}]}' },
  missing: { status: 200, body: '{"items":[]}' },
  limited: { status: 429, body: 'slow down' },
};

let server: Server;
let endpoint: string;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const query = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
    const answer = answers[query] ?? answers.nothing!;
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function env(overrides: Partial<SearchProvider> = {}) {
  const provider: SearchProvider = { name: 'Loopback Search', endpoint, apiKey: 'KEY-123', ...overrides };
  return createToolTestEnv({}, [createWebSearchTool(provider)]);
}

describe('WebSearch', () => {
  it('asks the provider with the query and the key, and lists the results numbered', async () => {
    const run = await env().run('WebSearch', { query: 'json' });
    expect(run.outcome).toBe('success');
    const last = seen[seen.length - 1]!;
    expect(last.url).toBe('/search?q=json');
    expect(last.headers.authorization).toBe('Bearer KEY-123');
    expect(run.result.content).toBe(
      [
        'Web search for "json" (Loopback Search): 3 results.',
        '',
        '1. [Python docs](https://docs.python.org/3/library/json.html)',
        '   json — JSON encoder and decoder',
        '2. [A blog](https://blog.example.com/json)',
        '3. [Example](http://example.com/)',
      ].join('\n'),
    );
  });

  it('keeps only allowed domains, subdomains included', async () => {
    const run = await env().run('WebSearch', { query: 'json', allowed_domains: ['example.com'] });
    expect(run.result.content).toMatch(/2 results\. 1 more was left out by the domain filters\./);
    expect(run.result.content).toContain('blog.example.com');
    expect(run.result.content).not.toContain('python');
  });

  it('drops blocked domains', async () => {
    const run = await env().run('WebSearch', { query: 'json', blocked_domains: ['https://docs.python.org/'] });
    expect(run.result.content).toMatch(/2 results\. 1 more was left out/);
    expect(run.result.content).not.toContain('python');
  });

  it('says plainly when there are no results, and when filters removed them all', async () => {
    const none = await env().run('WebSearch', { query: 'nothing' });
    expect(none.outcome).toBe('success');
    expect(none.result.content).toBe('No results for "nothing" from Loopback Search.');
    const filtered = await env().run('WebSearch', { query: 'json', allowed_domains: ['nowhere.org'] });
    expect(filtered.result.content).toBe('No results for "json" from Loopback Search. 3 more were left out by the domain filters.');
  });

  it('reports a malformed answer, naming what is wrong', async () => {
    const notJson = await env().run('WebSearch', { query: 'html' });
    expect(notJson.outcome).toBe('error');
    expect(notJson.result.content).toBe('Web search for "html" failed: Loopback Search sent a malformed answer: the body is not JSON (it begins "<html>oops</html>").');
    expect((await env().run('WebSearch', { query: 'shape' })).result.content).toContain('results.0.url: not an http or https URL');
    expect((await env().run('WebSearch', { query: 'missing' })).result.content).toMatch(/malformed answer: results: /);
  });

  it('reports a status outside 2xx as an error', async () => {
    const run = await env().run('WebSearch', { query: 'limited' });
    expect(run.outcome).toBe('error');
    expect(run.result.content).toBe('Web search for "limited" failed: Loopback Search answered HTTP 429 Too Many Requests.');
  });

  it('reports a network failure and a bad endpoint as errors', async () => {
    const browserLike = { fetch: () => Promise.reject(new TypeError('Failed to fetch')) };
    expect((await env({ fetch: browserLike }).run('WebSearch', { query: 'json' })).result.content).toMatch(/likely the site does not allow cross-origin reads/);
    expect((await env({ endpoint: 'nope' }).run('WebSearch', { query: 'json' })).result.content).toMatch(/The search endpoint "nope" is not a valid URL/);
  });

  it('refuses a one-character query and both filters at once', async () => {
    const t = env();
    expect((await t.run('WebSearch', { query: 'a' })).result.content).toMatch(/InputValidationError: .*query/);
    const both = await t.run('WebSearch', { query: 'json', allowed_domains: ['a.com'], blocked_domains: ['b.com'] });
    expect(both.outcome).toBe('invalid');
    expect(both.result.content).toContain('not both');
  });
});

describe('WebSearch metadata and rendering', () => {
  const input = { query: 'json', allowed_domains: ['python.org'] };

  it('is disabled, saying why, until a provider is configured', () => {
    expect(WebSearchTool.isEnabled()).toBe(false);
    expect(WebSearchTool.disabledReason()).toMatch(/no search provider is configured/);
    const configured = createWebSearchTool({ name: 'S', endpoint, apiKey: 'k' });
    expect(configured.isEnabled()).toBe(true);
    expect(configured.disabledReason()).toBeUndefined();
  });

  it('is a deferred, read-only tool that may run in parallel', () => {
    expect(WebSearchTool.isConcurrencySafe(input)).toBe(true);
    expect(WebSearchTool.isReadOnly(input)).toBe(true);
    expect(WebSearchTool.shouldDefer).toBe(true);
    expect(WebSearchTool.maxResultSizeChars).toBe(100_000);
  });

  it('renders the call and the results', () => {
    expect(WebSearchTool.render.use(input)).toEqual({ title: 'WebSearch "json"', summary: 'only python.org' });
    const results: WebSearchOutput = { kind: 'results', query: 'json', provider: 'S', results: [{ title: 'T', url: 'https://t.org/' }], filteredOut: 2 };
    expect(WebSearchTool.render.result(results, input)).toEqual({
      title: '1 result for "json"',
      summary: '2 filtered out',
      body: '1. [T](https://t.org/)',
      format: 'markdown',
      tone: 'success',
    });
    expect(WebSearchTool.render.result({ kind: 'failed', query: 'json', provider: 'S', message: 'down' }, input)).toMatchObject({ tone: 'error', summary: 'down' });
    expect(WebSearchTool.render.error(input, 'boom')).toMatchObject({ title: 'WebSearch failed', tone: 'error' });
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';
import { parseRuleSet } from '../permissions/rules';
import type { FetchPort } from './fetchPort';
import { MAX_BODY_CHARS } from './pageContent';
import { createWebFetchTool, WebFetchTool, type WebFetchOutput } from './WebFetchTool';

const PAGE = `<!doctype html><html><head><title>Docs</title><style>body { color: red }</style>
<script>window.secret = 'do not show';</script></head>
<body><h1>Install</h1><p>Run <code>npm install</code> and <a href="/next">read on</a>.</p><ul><li>one</li><li>two</li></ul></body></html>`;

const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
  '/html': (_, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE),
  '/text': (_, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('plain words\n'),
  '/json': (_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"version":"1.2.3"}'),
  '/image': (_, res) => res.writeHead(200, { 'content-type': 'image/png', 'content-length': '4' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
  '/old': (_, res) => res.writeHead(302, { location: '/text' }).end(),
  '/loop': (_, res) => res.writeHead(302, { location: '/loop' }).end(),
  // 127.0.0.1 → localhost: the same server under another host name.
  '/elsewhere': (req, res) => res.writeHead(302, { location: `http://localhost:${(req.socket.localPort ?? 0).toString()}/text` }).end(),
  '/big': (_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${'word '.repeat(MAX_BODY_CHARS / 4)}</p>`),
  '/slow': () => {
    // Never answers: the call's signal (or the timeout) has to end it.
    slowArrived?.();
  },
};

let server: Server;
let base: string;
/** Told when a request for /slow has reached the server. */
let slowArrived: (() => void) | undefined;
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requested.push(req.url ?? '');
    const route = routes[req.url ?? ''];
    if (route) route(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('no such page');
  });
  // Idle connections outlive the file: a request must never meet a socket the server is closing
  // (on a busy machine a test after a slow one did, and failed with "other side closed").
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function env(tool = WebFetchTool) {
  return createToolTestEnv({}, [tool]);
}

describe('WebFetch', () => {
  it('converts HTML to Markdown without scripts or styles, naming the URL, status, type and prompt', async () => {
    const run = await env().run('WebFetch', { url: `${base}/html`, prompt: 'How do I install it?' });
    expect(run.outcome).toBe('success');
    const content = run.result.content;
    expect(content).toContain(`Fetched ${base}/html\nStatus: 200 OK\nContent type: text/html (converted to Markdown)\nWhat was asked: How do I install it?`);
    expect(content).toContain('# Install');
    expect(content).toContain('Run `npm install` and [read on](/next).');
    expect(content).toMatch(/^- {3}one$/m);
    expect(content).not.toContain('do not show');
    expect(content).not.toContain('color: red');
  });

  it('passes plain text and JSON through as they are', async () => {
    const text = await env().run('WebFetch', { url: `${base}/text`, prompt: 'p' });
    expect(text.result.content).toMatch(/Content type: text\/plain\n.*\n.*\n\nplain words\n$/);
    const json = await env().run('WebFetch', { url: `${base}/json`, prompt: 'p' });
    expect(json.result.content.endsWith('\n{"version":"1.2.3"}')).toBe(true);
  });

  it('describes a binary body instead of showing it', async () => {
    const run = await env().run('WebFetch', { url: `${base}/image`, prompt: 'p' });
    expect(run.outcome).toBe('success');
    expect(run.result.content).toContain('(image/png content, 4 bytes; not shown, since WebFetch returns text only)');
  });

  it('follows a redirect and names the final URL', async () => {
    const run = await env().run('WebFetch', { url: `${base}/old`, prompt: 'p' });
    expect(run.result.content).toMatch(new RegExp(`^Fetched ${base}/text \\(redirected from ${base}/old\\)`));
  });

  it('reports a 404 as an error carrying the status and the start of the body', async () => {
    const run = await env().run('WebFetch', { url: `${base}/missing`, prompt: 'p' });
    expect(run.outcome).toBe('error');
    expect(run.result.is_error).toBe(true);
    expect(run.result.content).toBe(`Fetching ${base}/missing failed with HTTP 404 Not Found.\n\nThe response (text/plain) began:\nno such page`);
  });

  it('cuts a very large body before converting it and keeps the result under the pipeline cap', async () => {
    const run = await env().run('WebFetch', { url: `${base}/big`, prompt: 'p' });
    expect(run.outcome).toBe('success');
    expect(run.result.content).toContain('only the first 2,000,000 characters were read');
    expect(run.result.content).toContain('the first 45,000 characters follow');
    expect(run.result.content.length).toBeLessThan(50_000);
    expect(run.result.content).not.toMatch(/^Output too large/);
  });

  it('stops a slow response when the call is interrupted', async () => {
    const controller = new AbortController();
    // Interrupted once the request is out, however slow the machine is to send it.
    slowArrived = () => controller.abort();
    const run = await env().run('WebFetch', { url: `${base}/slow`, prompt: 'p' }, { signal: controller.signal });
    slowArrived = undefined;
    expect(run.outcome, JSON.stringify(run.result)).toBe('interrupted');
  });

  it('gives up on a slow response after its timeout, as an error result', async () => {
    const run = await env(createWebFetchTool(undefined, { timeoutMs: 100 })).run('WebFetch', { url: `${base}/slow`, prompt: 'p' });
    expect(run.outcome).toBe('error');
    expect(run.result.content).toBe(`${base}/slow did not answer within 0.1 s, so the request was given up.`);
  });

  it('names the network error when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise((resolve) => closed.close(resolve));
    const run = await env().run('WebFetch', { url, prompt: 'p' });
    expect(run.outcome).toBe('error');
    expect(run.result.content).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:\d+\/: ECONNREFUSED \(connect ECONNREFUSED/);
  });

  it("explains a browser's bare TypeError as a likely CORS refusal", async () => {
    const browserLike: FetchPort = { fetch: () => Promise.reject(new TypeError('Failed to fetch')) };
    const run = await env(createWebFetchTool(browserLike)).run('WebFetch', { url: 'https://example.com/', prompt: 'p' });
    expect(run.outcome).toBe('error');
    expect(run.result.content).toMatch(/^The browser refused or could not reach https:\/\/example\.com\/ \(TypeError: Failed to fetch\)/);
    expect(run.result.content).toContain('cross-origin reads (CORS)');
    expect(run.result.content).toContain('command-line replay');
  });

  it('refuses ftp:, file: and malformed URLs before fetching', async () => {
    const t = env();
    const before = requested.length;
    const ftp = await t.run('WebFetch', { url: 'ftp://example.com/file.txt', prompt: 'p' });
    expect(ftp.outcome).toBe('invalid');
    expect(ftp.result.content).toMatch(/only http and https URLs; ftp URLs/);
    expect((await t.run('WebFetch', { url: 'file:///etc/passwd', prompt: 'p' })).result.content).toMatch(/file URLs/);
    expect((await t.run('WebFetch', { url: 'not a url', prompt: 'p' })).result.content).toMatch(/"not a url" is not a valid URL/);
    expect(requested.length).toBe(before);
  });
});

describe('WebFetch permissions', () => {
  it('asks before fetching, naming the domain', async () => {
    const t = env();
    const asked: string[] = [];
    t.env.shared.permissionMode = 'default';
    t.env.canUseTool = (request) => {
      asked.push(request.reason);
      return Promise.resolve('deny');
    };
    const run = await t.run('WebFetch', { url: `${base}/text`, prompt: 'p' });
    expect(run.outcome).toBe('denied');
    expect(asked).toEqual(['WebFetch would read from 127.0.0.1']);
  });

  it('honours a WebFetch(domain:…) deny rule through the pipeline, and only for that domain', async () => {
    const t = env();
    const parsed = parseRuleSet({ allow: [], ask: [], deny: ['WebFetch(domain:127.0.0.1)'] });
    if (!parsed.ok) throw new Error('bad rules');
    t.env.rules = parsed.rules;
    const before = requested.length;
    const run = await t.run('WebFetch', { url: `${base}/text`, prompt: 'p' });
    expect(run.outcome).toBe('denied');
    expect(run.result.content).toContain('the deny rule WebFetch(domain:127.0.0.1) matches');
    expect(requested.length).toBe(before);

    const other = parseRuleSet({ allow: [], ask: [], deny: ['WebFetch(domain:example.com)'] });
    if (!other.ok) throw new Error('bad rules');
    t.env.rules = other.rules;
    expect((await t.run('WebFetch', { url: `${base}/text`, prompt: 'p' })).outcome).toBe('success');
  });

  it('lets a WebFetch(domain:…) allow rule answer its ask in default mode', async () => {
    const t = env();
    t.env.shared.permissionMode = 'default';
    t.env.canUseTool = () => Promise.reject(new Error('should not ask'));
    const parsed = parseRuleSet({ allow: ['WebFetch(domain:127.0.0.1)'], ask: [], deny: [] });
    if (!parsed.ok) throw new Error('bad rules');
    t.env.rules = parsed.rules;
    expect((await t.run('WebFetch', { url: `${base}/text`, prompt: 'p' })).outcome).toBe('success');
  });

  it('does not read a page that redirected to another host, so a rule for that host cannot be slipped past', async () => {
    requested.length = 0;
    const run = await env().run('WebFetch', { url: `${base}/elsewhere`, prompt: 'p' });
    expect(run.outcome).toBe('error');
    expect(run.result.content).toContain('redirected to another host: http://localhost:');
    expect(run.result.content).not.toContain('plain words');
    // The other host was never asked: the redirect's target gets no request before its rules are checked.
    expect(requested).toEqual(['/elsewhere']);
  });

  it('follows redirects within the host one hop at a time, and gives up on a loop', async () => {
    requested.length = 0;
    const run = await env().run('WebFetch', { url: `${base}/old`, prompt: 'p' });
    expect(run.outcome).toBe('success');
    expect(requested).toEqual(['/old', '/text']);
    const loop = await env().run('WebFetch', { url: `${base}/loop`, prompt: 'p' });
    expect(loop.outcome).toBe('error');
    expect(loop.result.content).toMatch(/redirected more than 10 times/);
  });

  it('in a browser, a redirect it will not reveal is not followed, and says why', async () => {
    const port: FetchPort = { fetch: async () => ({ status: 0, statusText: '', headers: { get: () => null }, url: '', type: 'opaqueredirect', text: async () => '' }) };
    const run = await env(createWebFetchTool(port)).run('WebFetch', { url: 'https://docs.example.com/a', prompt: 'p' });
    expect(run.outcome).toBe('error');
    expect(run.result.content).toContain('the browser does not tell the page where to');
  });
});

describe('WebFetch metadata and rendering', () => {
  const input = { url: 'https://docs.example.com/a', prompt: 'What is it?' };

  it('is a deferred, read-only tool that may run in parallel', () => {
    expect(WebFetchTool.isConcurrencySafe(input)).toBe(true);
    expect(WebFetchTool.isReadOnly(input)).toBe(true);
    expect(WebFetchTool.shouldDefer).toBe(true);
    expect(WebFetchTool.maxResultSizeChars).toBe(100_000);
    expect(WebFetchTool.userFacingName(input)).toBe('WebFetch(docs.example.com)');
  });

  it('renders the call, each kind of result, a refusal and a parallel group', () => {
    expect(WebFetchTool.render.use(input)).toEqual({ title: 'WebFetch https://docs.example.com/a', summary: 'What is it?' });
    const page: WebFetchOutput = { kind: 'page', url: input.url, finalUrl: input.url, status: 200, statusText: 'OK', mediaType: 'text/html', format: 'markdown', content: '# A', notes: [], prompt: 'p' };
    expect(WebFetchTool.render.result(page, input)).toEqual({ title: 'Fetched docs.example.com', summary: '200 OK · text/html · 3 characters', body: '# A', format: 'markdown', tone: 'success' });
    const notFound = { kind: 'http-error', url: input.url, finalUrl: input.url, status: 404, statusText: 'Not Found', mediaType: 'text/plain', excerpt: 'gone' } as const;
    expect(WebFetchTool.render.result(notFound, input)).toMatchObject({ title: 'docs.example.com answered 404 Not Found', tone: 'error' });
    expect(WebFetchTool.render.result({ kind: 'unreachable', url: input.url, message: 'down' }, input)).toMatchObject({ title: 'Could not fetch docs.example.com', tone: 'error' });
    expect(WebFetchTool.render.rejected(input, 'no')).toEqual({ title: 'Fetching from docs.example.com was not allowed', summary: 'no', tone: 'warning' });
    expect(WebFetchTool.render.grouped([{ toolUseId: 'a', input }, { toolUseId: 'b', input: { ...input, url: 'https://x.org/' } }])).toEqual({
      title: '2 × WebFetch in parallel',
      summary: 'WebFetch(docs.example.com), WebFetch(x.org)',
    });
  });
});

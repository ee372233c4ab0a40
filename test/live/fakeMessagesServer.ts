import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ScriptedMessagesApi, type RecordedRequest, type Script } from './scriptedApi';

export interface FakeMessagesServer {
  /** The base URL to give the SDK, e.g. `http://127.0.0.1:43117`. */
  url: string;
  /** Every Messages API request received, credentials left out. */
  requests: RecordedRequest[];
  /** Every broken rule (a tool_use without exactly one tool_result, a script mismatch), by request. */
  violations: string[];
  close(): Promise<void>;
}

const ALLOWED_HEADERS = ['x-api-key', 'authorization', 'anthropic-version', 'anthropic-beta', 'anthropic-dangerous-direct-browser-access', 'content-type', 'accept'];
const EXPOSED_HEADERS = ['request-id', 'retry-after', 'retry-after-ms', 'x-should-retry'];

/**
 * A loopback fake of the Messages API for end-to-end tests: `POST /v1/messages` answered from
 * `script` (streams as server-sent events, `stream: false` requests as JSON), with the checks of
 * {@link ScriptedMessagesApi}. It allows cross-origin calls from a page (CORS, including the
 * preflight, and `Cross-Origin-Resource-Policy: cross-origin` for pages under COEP).
 */
export async function startFakeMessagesServer(options: { script: Script; apiKey?: string }): Promise<FakeMessagesServer> {
  const api = new ScriptedMessagesApi({ script: options.script, ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}) });
  const server = createServer((req, res) => {
    handle(api, req, res).catch((error: unknown) => {
      // Nothing may escape a request handler; a failure to answer ends the connection.
      api.violations.push(`the fake server failed to answer ${req.method ?? '?'} ${req.url ?? '?'}: ${error instanceof Error ? error.message : String(error)}`);
      res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: api.requests,
    violations: api.violations,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function handle(api: ScriptedMessagesApi, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const cors = corsHeaders(req);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, cors);
    res.end();
    return;
  }
  const body = await readBody(req);
  const gone = new AbortController();
  res.on('close', () => gone.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const response = await api.answer({ method: req.method ?? 'GET', url: req.url ?? '/', headers, body }, gone.signal);
  const out: Record<string, string> = { ...cors };
  response.headers.forEach((value, name) => (out[name] = value));
  res.writeHead(response.status, out);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Each event is on the wire before the next is read, so a scripted reset cuts after it.
      await new Promise<void>((resolve, reject) => res.write(value, (error) => (error ? reject(error) : resolve())));
    }
    res.end();
  } catch {
    // A scripted reset, or the client went away: break the connection without a clean end.
    res.destroy();
  }
}

function corsHeaders(req: IncomingMessage): Record<string, string> {
  const requested = req.headers['access-control-request-headers'];
  const allowed = new Set(ALLOWED_HEADERS);
  // The SDK adds its own platform headers (x-stainless-*): allow whatever the preflight names.
  for (const name of (typeof requested === 'string' ? requested : '').split(',')) if (name.trim() !== '') allowed.add(name.trim().toLowerCase());
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': [...allowed].join(', '),
    'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
    'access-control-max-age': '600',
    'cross-origin-resource-policy': 'cross-origin',
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

import { createServer, request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does to the server's CORS headers: `pass` forwards them as the server sent them,
 * `strip` drops every `Access-Control-*` header (a server that does not allow other origins), and
 * `hide-session-id` leaves `mcp-session-id` out of `Access-Control-Expose-Headers` (a server that
 * allows the origin but hides the session from the page).
 */
export type ProxyCors = 'pass' | 'strip' | 'hide-session-id';

/** A loopback HTTP front of an MCP server that listens on a Unix socket. */
export interface McpProxy {
  /** The MCP endpoint to connect to, e.g. `http://127.0.0.1:41234/mcp`. */
  url: string;
  /** Every `Authorization` header value received, so a test can see what a client sent. */
  authorizations: string[];
  /**
   * Resolves once a request whose body holds `text` (a tool's name) reached the server and its
   * answer began: the call is in flight there. A test waits for this state, not for a time.
   */
  answering(text: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Forwards every request on a loopback port, as it is, to the server at `socketPath` and its
 * answers back, streaming both ways: a fake of nothing (the real server answers everything). It can
 * change one thing on the way, to stand for a server set up differently: its CORS headers
 * (`cors`), or a gateway in front of it that wants `Authorization: Bearer TOKEN` (`bearer`) and
 * answers 401 otherwise (with CORS headers, as a gateway for pages must, so the page sees the 401).
 */
export async function startMcpProxy(options: { socketPath: string; cors?: ProxyCors; bearer?: string }): Promise<McpProxy> {
  const cors = options.cors ?? 'pass';
  const authorizations: string[] = [];
  const waiting: { text: string; resolve: () => void }[] = [];
  const answered: string[] = [];
  const noteAnswering = (body: string) => {
    answered.push(body);
    for (const waiter of waiting.filter((each) => body.includes(each.text))) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    const authorization = req.headers.authorization;
    if (authorization !== undefined) authorizations.push(authorization);
    if (options.bearer !== undefined && req.method !== 'OPTIONS' && authorization !== `Bearer ${options.bearer}`) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify({ error: 'invalid_token', error_description: 'a valid bearer token is required' }));
      req.resume();
      return;
    }
    const upstream = request(
      { socketPath: options.socketPath, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        noteAnswering(body);
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, rewriteCors(answer.headers, cors));
        // Flush the headers at once: an event stream's first event may be a while coming.
        res.flushHeaders();
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error) => {
      if (res.headersSent) res.destroy();
      else {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`the MCP server behind this proxy is gone: ${error.message}`);
      }
    });
    // A client that goes away takes its upstream request with it (and the other way round).
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    authorizations,
    answering: (text) =>
      answered.some((body) => body.includes(text)) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ text, resolve })),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function rewriteCors(headers: IncomingHttpHeaders, cors: ProxyCors): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (cors === 'strip' && name.startsWith('access-control-')) continue;
    if (cors === 'hide-session-id' && name === 'access-control-expose-headers') {
      const kept = String(value)
        .split(',')
        .map((header) => header.trim())
        .filter((header) => header.toLowerCase() !== 'mcp-session-id');
      if (kept.length > 0) out[name] = kept.join(', ');
      continue;
    }
    out[name] = value;
  }
  return out;
}

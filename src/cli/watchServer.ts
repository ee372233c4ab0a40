import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { SESSION_EVENTS_PATH } from '../scenarios/import/sessionStream';
import { tailSession } from './sessionTail';

export { SESSION_EVENTS_PATH };

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** The same isolation the page's own servers send (WebContainer needs it; the page is built for it). */
const ISOLATION = { 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Resource-Policy': 'same-origin' };

/**
 * A loopback server for `npm run watch`: the built page from `pageDir`, and the session log as
 * server-sent events at {@link SESSION_EVENTS_PATH} — every line already written, then each new
 * one as the agent writes it (`data: {"file", "lines", "reset"?}`). Each page that connects gets
 * its own tail, stopped when it goes. Nothing else is served: no listing, no path outside the page.
 */
export function createWatchServer(pageDir: string, logPath: string): Server {
  return createServer((request, response) => {
    // DNS rebinding: a page on another site can point its own name at 127.0.0.1 and read this
    // server as same-origin. Such a request still carries that name as its Host: only this
    // machine's own names are answered.
    if (!isLoopbackHost(request.headers.host)) return refuse(response, 403, 'this server answers only to localhost and 127.0.0.1');
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === SESSION_EVENTS_PATH) return streamSession(request, response, logPath);
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(response, 405, 'only GET');
    void serveFile(pageDir, url.pathname, response);
  });
}

/** Whether a Host header names this machine: `localhost`, `127.0.0.1` or `[::1]`, with any port. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return name === 'localhost' || name === '127.0.0.1' || name === '[::1]';
}

function streamSession(request: IncomingMessage, response: ServerResponse, logPath: string): void {
  response.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', ...ISOLATION });
  response.write(': following the session\n\n');
  const tail = tailSession(logPath, (lines) => response.write(`data: ${JSON.stringify(lines)}\n\n`));
  // A comment now and then keeps proxies and the browser from calling the stream dead.
  const heartbeat = setInterval(() => response.write(': still here\n\n'), 15_000);
  request.on('close', () => {
    clearInterval(heartbeat);
    tail.stop();
  });
}

async function serveFile(pageDir: string, pathname: string, response: ServerResponse): Promise<void> {
  let relative: string;
  try {
    relative = normalize(decodeURIComponent(pathname)).replace(/^[/\\]+/, '');
  } catch {
    return refuse(response, 400, 'bad path');
  }
  if (relative.split(sep).includes('..')) return refuse(response, 404, 'not found');
  let path = join(pageDir, relative || 'index.html');
  try {
    if ((await stat(path)).isDirectory()) path = join(path, 'index.html');
    await stat(path);
  } catch {
    // The page is one document: any other path is the page (its own router reads the URL).
    if (extname(relative) !== '') return refuse(response, 404, 'not found');
    path = join(pageDir, 'index.html');
  }
  response.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream', ...ISOLATION });
  createReadStream(path)
    .on('error', () => response.end())
    .pipe(response);
}

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...ISOLATION });
  response.end(`${message}\n`);
}

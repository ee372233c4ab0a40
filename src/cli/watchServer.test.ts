import { appendFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLog, watchMain } from './watchMain';
import { createWatchServer, SESSION_EVENTS_PATH } from './watchServer';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'watch-'));
  cleanups.push(() => rmSync(path, { recursive: true, force: true }));
  return path;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  cleanups.push(() => {
    server.closeAllConnections();
    server.close();
  });
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

function page(): string {
  const dir = folder();
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>page</title>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

/** A GET whose path is sent as written (fetch would tidy the dots away first). */
function rawGet(base: string, path: string): Promise<string> {
  return new Promise((done, fail) => {
    request(`${base}/`, { path }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => done(text));
    })
      .on('error', fail)
      .end();
  });
}

/** Reads server-sent events until `enough` holds of the lines received. */
async function readEvents(body: ReadableStream<Uint8Array>, enough: (lines: string[]) => boolean): Promise<string[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const lines = (): string[] =>
    text
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('data: '))
      .flatMap((chunk) => (JSON.parse(chunk.slice(6)) as { lines: string[] }).lines);
  while (!enough(lines())) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return lines();
}

describe('the watch server', () => {
  it('answers only to this machine\'s names: a request for another host name (DNS rebinding) is refused, the log and the page alike', async () => {
    const log = join(folder(), 's.jsonl');
    writeFileSync(log, '{"type":"user"}\n');
    const base = await listen(createWatchServer(page(), log));
    const get = (path: string, host: string) =>
      new Promise<number>((done, fail) => {
        request(`${base}${path}`, { headers: { host } }, (response) => {
          response.resume();
          done(response.statusCode ?? 0);
        })
          .on('error', fail)
          .end();
      });
    expect(await get(SESSION_EVENTS_PATH, 'attacker.example:5180')).toBe(403);
    expect(await get('/', 'attacker.example')).toBe(403);
    expect(await get('/', `localhost:${new URL(base).port}`)).toBe(200);
    expect(await get('/', `127.0.0.1:${new URL(base).port}`)).toBe(200);
    expect(await get('/', '[::1]:80')).toBe(200);
  });

  it('serves the built page with cross-origin isolation, and nothing outside it', async () => {
    const dir = page();
    const base = await listen(createWatchServer(dir, join(folder(), 'none.jsonl')));
    const index = await fetch(`${base}/`);
    expect(index.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(await index.text()).toContain('<title>page</title>');
    expect((await fetch(`${base}/assets/app.js`)).headers.get('content-type')).toContain('text/javascript');
    expect(await (await fetch(`${base}/some/route`)).text()).toContain('<title>page</title>');
    for (const path of ['/../../../../etc/passwd', '/assets/../../../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2f..%2fetc%2fpasswd']) {
      const text = await rawGet(base, path);
      expect(text, path).not.toContain('root:');
    }
    expect((await fetch(`${base}/missing.js`)).status).toBe(404);
  });

  it('streams the log: every line written so far, then each new one', async () => {
    const logDir = folder();
    const log = join(logDir, 'session.jsonl');
    writeFileSync(log, '{"a":1}\n{"a":2}\n');
    const base = await listen(createWatchServer(page(), log));
    const response = await fetch(`${base}${SESSION_EVENTS_PATH}`);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const body = response.body!;
    expect(await readEvents(body, (lines) => lines.length >= 2)).toEqual(['{"a":1}', '{"a":2}']);
    appendFileSync(log, '{"a":3}\n');
    expect(await readEvents(body, (lines) => lines.length >= 1)).toEqual(['{"a":3}']);
    await body.cancel();
  });
});

describe('npm run watch', () => {
  it('follows a folder’s most recently written session', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'old.jsonl'), '');
    writeFileSync(join(dir, 'new.jsonl'), '');
    utimesSync(join(dir, 'old.jsonl'), new Date(1_000), new Date(1_000));
    expect(await resolveLog(dir)).toBe(join(dir, 'new.jsonl'));
    expect(await resolveLog(join(dir, 'gone.jsonl'))).toEqual({ problem: 'no such file or folder' });
    expect(await resolveLog(folder())).toEqual({ problem: 'no session log (*.jsonl) in this folder' });
  });

  it('says what is wrong with its arguments, and prints its usage for --help', async () => {
    const err: string[] = [];
    const out: string[] = [];
    const io = { root: folder(), stdout: (text: string) => void out.push(text), stderr: (text: string) => void err.push(text) };
    expect(await watchMain(['--help'], io)).toBe(0);
    expect(out.join('')).toMatch(/^usage: npm run watch/);
    expect(await watchMain([], io)).toBe(2);
    expect(await watchMain(['x.jsonl', '--port', 'http'], io)).toBe(2);
    expect(await watchMain([join(folder(), 'gone.jsonl')], io)).toBe(2);
    expect(err.join('')).toContain('LOG.jsonl or FOLDER is missing');
    expect(err.join('')).toContain('--port must be a port number, not "http"');
    expect(err.join('')).toContain('gone.jsonl: no such file or folder');
  });
});

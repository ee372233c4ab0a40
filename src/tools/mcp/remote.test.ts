import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingHttp, type EverythingHttpServer } from '../../../test/mcp/everythingServer';
import { startMcpProxy, type McpProxy } from '../../../test/mcp/mcpProxy';
import { createToolTestEnv } from '../../../test/toolEnv';
import type { McpConnection } from './connection';
import { mcpToolsFor, type McpTool } from './mcpTool';
import { connectHttp, openServer } from './remote';

/** Streamable HTTP against the real server-everything (on a Unix socket, behind a loopback proxy). */

let everything: EverythingHttpServer;
let proxy: McpProxy;
const open: McpConnection[] = [];

beforeAll(async () => {
  everything = await startEverythingHttp();
  proxy = await startMcpProxy({ socketPath: everything.socketPath });
});
afterAll(async () => {
  await proxy.close();
  await everything.stop();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

async function connect(options: { timeoutMs?: number; url?: string } = {}): Promise<{ connection: McpConnection; tools: McpTool[] }> {
  const connection = await connectHttp({ name: 'everything', url: options.url ?? proxy.url, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  open.push(connection);
  return { connection, tools: mcpToolsFor(connection) };
}

function tool(tools: readonly McpTool[], name: string): McpTool {
  const found = tools.find((candidate) => candidate.mcp.toolName === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

/** One call through the real pipeline (validation, permissions, the abort check), every ask allowed. */
async function call(tools: readonly McpTool[], name: string, input: Record<string, unknown>, signal?: AbortSignal) {
  const run = await createToolTestEnv({}, [...tools]).run(tool(tools, name).name, input, signal ? { signal } : {});
  return { outcome: run.outcome, text: run.result.content, display: run.display };
}

describe('a Streamable HTTP server (server-everything)', () => {
  it('connects, says what it is, and lists its tools with their safety and its resources', async () => {
    const { connection, tools } = await connect();
    expect(connection.server).toMatchObject({ name: 'mcp-servers/everything', version: expect.any(String) as string });
    expect(connection.transport).toBe('http');
    expect(connection.target).toBe(proxy.url);
    const names = tools.map((candidate) => candidate.name);
    expect(names).toEqual(expect.arrayContaining(['mcp__everything__echo', 'mcp__everything__get-sum', 'mcp__everything__toggle-simulated-logging']));
    expect(tool(tools, 'get-sum').isConcurrencySafe({})).toBe(true);
    expect(tool(tools, 'toggle-simulated-logging').isConcurrencySafe({})).toBe(false);
    // A tool that only runs as a task is listed but disabled, with why.
    expect(tool(tools, 'simulate-research-query').isEnabled()).toBe(false);
    expect(tool(tools, 'simulate-research-query').disabledReason()).toMatch(/only as an MCP task/);
    expect(connection.resources.length).toBeGreaterThan(0);
  });

  it('calls a tool and returns its text', async () => {
    const { tools } = await connect();
    const result = await call(tools, 'get-sum', { a: 2, b: 40 });
    expect(result).toMatchObject({ outcome: 'success', text: 'The sum of 2 and 40 is 42.', display: { text: 'The sum of 2 and 40 is 42.', isError: false } });
  });

  it('stops reading a response past its size bound, and the call ends with an error result that says so', async () => {
    const connection = await connectHttp({ name: 'everything', url: proxy.url }, { maxResponseBytes: 200_000 });
    open.push(connection);
    const tools = mcpToolsFor(connection);
    const small = await call(tools, 'echo', { message: 'x'.repeat(1_000) });
    expect(small.outcome).toBe('success');
    const big = await call(tools, 'echo', { message: 'x'.repeat(300_000) });
    expect(big.outcome).toBe('error');
    expect(big.text).toMatch(/sent more than 200,000 bytes in one response, the most read of one/);
    expect(big.text).not.toMatch(/xxxxxxxxxx/);
    // A server past the bound is not trusted with more: the connection is lost, and says why.
    expect(connection.status()).toEqual({ state: 'lost', message: expect.stringMatching(/^the server at http:\/\/127\.0\.0\.1:\d+ sent more than 200,000 bytes/) as string });
  });

  it('ends a call that hangs at the server timeoutMs, with an error result that says so', async () => {
    const { tools } = await connect({ timeoutMs: 400 });
    const started = performance.now();
    const result = await call(tools, 'trigger-long-running-operation', { duration: 30, steps: 1 });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(result.outcome).toBe('error');
    expect(result.text).toBe('mcp__everything__trigger-long-running-operation did not answer within 0.4 s (the server\'s timeoutMs); the call was cancelled.');
  });

  it('ends a call that hangs when its signal aborts (the user’s Stop)', async () => {
    const { tools } = await connect();
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error('stopped')), 200);
    const started = performance.now();
    const result = await call(tools, 'trigger-long-running-operation', { duration: 30, steps: 1 }, stop.signal);
    expect(result.outcome).toBe('interrupted');
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('says 404 when nothing at the path speaks MCP, and "connection refused" when nothing listens', async () => {
    const wrongPath = await openServer({ name: 'everything', url: proxy.url.replace('/mcp', '/nope') });
    expect(wrongPath).toEqual({ ok: false, message: expect.stringMatching(/^Nothing at http:\/\/127\.0\.0\.1:\d+\/nope answers MCP requests \(HTTP 404\)/) as string });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await openServer({ name: 'gone', url: `http://127.0.0.1:${port}/mcp` });
    expect(refused).toEqual({ ok: false, message: `Nothing answers at http://127.0.0.1:${port}/mcp (connection refused): is the server running?` });
  });
});

describe('a URL with a user and a password in it', () => {
  it('fails with a message that names the URL without them (the fetch error quotes it whole)', async () => {
    const url = proxy.url.replace('http://', 'http://someone:PASSWORD-0123@');
    const opened = await openServer({ name: 'everything', url });
    expect(opened.ok).toBe(false);
    const message = opened.ok ? '' : opened.message;
    expect(message).toContain('[redacted]@127.0.0.1');
    expect(message).not.toContain('PASSWORD-0123');
    expect(message).not.toContain('someone');
  });
});

describe('a server behind a gateway that wants a bearer token', () => {
  let gateway: McpProxy;
  beforeAll(async () => {
    gateway = await startMcpProxy({ socketPath: everything.socketPath, bearer: 'gateway-token-0123456789' });
  });
  afterAll(() => gateway.close());

  it('says 401 and what to do without one, connects with it, and never repeats it', async () => {
    const without = await openServer({ name: 'guarded', url: gateway.url });
    expect(without).toEqual({ ok: false, message: expect.stringContaining('refused the request: HTTP 401 Unauthorized. It wants credentials') as string });
    const wrong = await openServer({ name: 'guarded', url: gateway.url, headers: { Authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.ok ? '' : wrong.message).toContain('The credentials sent were not accepted.');
    expect(wrong.ok ? '' : wrong.message).not.toContain('not-the-token-at-all');
    const opened = await openServer({ name: 'guarded', url: gateway.url, headers: { Authorization: 'Bearer gateway-token-0123456789' } });
    expect(opened.ok).toBe(true);
    if (opened.ok) open.push(opened.connection);
    expect(gateway.authorizations).toContain('Bearer gateway-token-0123456789');
  });
});

describe('a server that goes away mid-run', () => {
  it('fails the call in flight at once, marks the connection lost, and refuses later calls with why', async () => {
    const doomed = await startEverythingHttp();
    const front = await startMcpProxy({ socketPath: doomed.socketPath });
    try {
      const { connection, tools } = await connect({ url: front.url });
      const statuses: string[] = [];
      connection.onStatus((status) => statuses.push(status.state));
      // A 30-second operation: the server is killed once the call is in flight there (a state,
      // however busy the machine), and the call must end with the server, not with the operation.
      const pending = call(tools, 'trigger-long-running-operation', { duration: 30, steps: 1 });
      let ended = false;
      void pending.finally(() => {
        ended = true;
      });
      await front.answering('trigger-long-running-operation');
      expect(ended).toBe(false);
      await doomed.kill();
      const result = await pending;
      expect(result.outcome).toBe('error');
      expect(result.text).toMatch(/^The MCP server everything went away during the call to mcp__everything__trigger-long-running-operation: /);
      expect(connection.status().state).toBe('lost');
      expect(statuses).toEqual(['lost']);
      const later = await call(tools, 'echo', { message: 'hello?' });
      expect(later.text).toMatch(/^The MCP server everything cannot take the call to mcp__everything__echo: it went away earlier in the run: /);
    } finally {
      await front.close();
      await doomed.stop();
    }
  });
});

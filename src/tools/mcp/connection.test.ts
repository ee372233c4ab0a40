import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { connectDemoServer, connectInProcess, findConnection, redactSecrets } from './connection';

/** A low-level server that hands out its tools two pages at a time. */
function pagedServer(): Server {
  const server = new Server({ name: 'paged', version: '1.0.0' }, { capabilities: { tools: {} } });
  const names = ['a', 'b', 'c', 'd', 'e'];
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const tools = names.slice(start, start + 2).map((name) => ({ name, inputSchema: { type: 'object' as const } }));
    return start + 2 < names.length ? { tools, nextCursor: String(start + 2) } : { tools };
  });
  return server;
}

describe('connectInProcess', () => {
  it('follows listTools cursors to the last page', async () => {
    const connection = await connectInProcess(pagedServer(), { name: 'paged' });
    expect(connection.tools.map((tool) => tool.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(connection.resources).toEqual([]);
    await connection.close();
  });

  it('refuses a server name that would break mcp__SERVER__TOOL', async () => {
    for (const name of ['my__server', 'has space', '_lead', 'trail_', '']) {
      await expect(connectInProcess(new McpServer({ name: 'x', version: '1' }), { name })).rejects.toThrow(/must be letters, digits/);
    }
  });

  it('can be closed twice, and calls after closing fail', async () => {
    const connection = await connectDemoServer();
    await connection.close();
    await connection.close();
    await expect(connection.client.callTool({ name: 'get_weather', arguments: { city: 'Oslo' } })).rejects.toThrow(/Not connected/);
  });
});

describe('findConnection', () => {
  it('finds a connection by server name, or names the connected ones', async () => {
    const connection = await connectDemoServer();
    expect(findConnection([connection], 'demo')).toEqual({ ok: true, connection });
    expect(findConnection([connection], 'x')).toEqual({ ok: false, message: 'No MCP server named "x" is connected. Connected servers: demo.' });
    expect(findConnection([], 'x')).toEqual({ ok: false, message: 'No MCP server named "x" is connected. No MCP servers are connected.' });
    await connection.close();
  });
});

describe('redactSecrets', () => {
  it('takes a secret out as written, escaped in a JSON string and percent-encoded', () => {
    const secret = 'p4ss"w\\ord/with spaces';
    const answer = `raw ${secret}; json ${JSON.stringify({ value: secret })}; url https://x.example/?k=${encodeURIComponent(secret)}`;
    const redacted = redactSecrets(answer, [secret]);
    expect(redacted).toBe('raw [redacted]; json {"value":"[redacted]"}; url https://x.example/?k=[redacted]');
    expect(redactSecrets('short pw1 stays', ['pw1'])).toBe('short pw1 stays');
  });
});

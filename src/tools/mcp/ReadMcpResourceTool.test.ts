import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';
import { connectDemoServer, connectInProcess, type McpConnection } from './connection';
import { mcpToolsFor } from './mcpTool';
import { createReadMcpResourceTool } from './ReadMcpResourceTool';

const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

async function demo(): Promise<McpConnection> {
  const connection = await connectDemoServer();
  open.push(connection);
  return connection;
}

describe('ReadMcpResourceTool', () => {
  it('is a safe, read-only, deferred tool', () => {
    const tool = createReadMcpResourceTool([]);
    const input = { server: 'demo', uri: 'demo://issues' };
    expect([tool.name, tool.isReadOnly(input), tool.isConcurrencySafe(input), tool.shouldDefer]).toEqual(['ReadMcpResourceTool', true, true, true]);
  });

  it('returns a text resource with its URI', async () => {
    const t = createToolTestEnv({}, [createReadMcpResourceTool([await demo()])]);
    const run = await t.run('ReadMcpResourceTool', { server: 'demo', uri: 'demo://docs/readme' });
    expect(run.outcome).toBe('success');
    expect(run.result.content).toMatch(/^\[resource: demo:\/\/docs\/readme\]\n# The demo MCP server\n/);
  });

  it("reads the server's current state: an issue created through its tool shows up", async () => {
    const connection = await demo();
    const t = createToolTestEnv({}, [...mcpToolsFor(connection), createReadMcpResourceTool([connection])]);
    await t.run('mcp__demo__create_issue', { title: 'New one', body: '' });
    const run = await t.run('ReadMcpResourceTool', { server: 'demo', uri: 'demo://issues' });
    const issues = JSON.parse(run.result.content.slice(run.result.content.indexOf('\n') + 1)) as { id: number; title: string }[];
    expect(issues.map((issue) => `${issue.id} ${issue.title}`)).toEqual([
      '1 Grep misses files in dot folders',
      '2 Edit fails on CRLF files',
      '3 New one',
    ]);
  });

  it('fails validation for an unknown server, naming the connected ones', async () => {
    const run = await createToolTestEnv({}, [createReadMcpResourceTool([await demo()])]).run('ReadMcpResourceTool', { server: 'nope', uri: 'demo://issues' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toBe('<tool_use_error>No MCP server named "nope" is connected. Connected servers: demo.</tool_use_error>');
  });

  it('reports an unknown URI as an error result that points to the listing', async () => {
    const run = await createToolTestEnv({}, [createReadMcpResourceTool([await demo()])]).run('ReadMcpResourceTool', { server: 'demo', uri: 'demo://missing' });
    expect(run.outcome).toBe('error');
    expect(run.result).toMatchObject({
      is_error: true,
      content:
        'demo could not read demo://missing: Resource demo://missing not found. Call ListMcpResourcesTool with server "demo" to see its resources.',
    });
  });

  it('fails validation for a server without resources', async () => {
    const server = new McpServer({ name: 'tools-only', version: '1.0.0' });
    server.registerTool('ping', { description: 'Answers pong' }, () => ({ content: [{ type: 'text', text: 'pong' }] }));
    const connection = await connectInProcess(server, { name: 'tools-only' });
    open.push(connection);
    const run = await createToolTestEnv({}, [createReadMcpResourceTool([connection])]).run('ReadMcpResourceTool', { server: 'tools-only', uri: 'x://y' });
    expect(run.result.content).toBe('<tool_use_error>The MCP server tools-only has no resources.</tool_use_error>');
  });
});

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';
import { connectDemoServer, connectInProcess, type McpConnection } from './connection';
import { createListMcpResourcesTool } from './ListMcpResourcesTool';

const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

async function connect(connection: Promise<McpConnection>): Promise<McpConnection> {
  open.push(await connection);
  return open[open.length - 1]!;
}

/** A second server with one resource of its own, to list across servers. */
function notesServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerResource('today', 'notes://today', { mimeType: 'text/plain' }, (uri) => ({
    contents: [{ uri: uri.href, text: 'Buy milk' }],
  }));
  return server;
}

describe('ListMcpResourcesTool', () => {
  it('is a safe, read-only, deferred tool', async () => {
    const tool = createListMcpResourcesTool([]);
    expect([tool.name, tool.isReadOnly({}), tool.isConcurrencySafe({}), tool.shouldDefer]).toEqual(['ListMcpResourcesTool', true, true, true]);
  });

  it("lists every server's resources with the server they belong to", async () => {
    const demo = await connect(connectDemoServer());
    const notes = await connect(connectInProcess(notesServer(), { name: 'notes' }));
    const t = createToolTestEnv({}, [createListMcpResourcesTool([demo, notes])]);
    const run = await t.run('ListMcpResourcesTool', {});
    expect(run.outcome).toBe('success');
    const listed = JSON.parse(run.result.content) as { server: string; uri: string }[];
    expect(listed.map((resource) => `${resource.server} ${resource.uri}`)).toEqual([
      'demo demo://docs/readme',
      'demo demo://issues',
      'notes notes://today',
    ]);
    expect(listed[0]).toMatchObject({ name: 'readme', mimeType: 'text/markdown', title: 'About the demo server' });
  });

  it('lists one server when asked', async () => {
    const demo = await connect(connectDemoServer());
    const notes = await connect(connectInProcess(notesServer(), { name: 'notes' }));
    const run = await createToolTestEnv({}, [createListMcpResourcesTool([demo, notes])]).run('ListMcpResourcesTool', { server: 'notes' });
    expect((JSON.parse(run.result.content) as { uri: string }[]).map((resource) => resource.uri)).toEqual(['notes://today']);
  });

  it('names the connected servers when asked for an unknown one', async () => {
    const demo = await connect(connectDemoServer());
    const run = await createToolTestEnv({}, [createListMcpResourcesTool([demo])]).run('ListMcpResourcesTool', { server: 'github' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toBe('<tool_use_error>No MCP server named "github" is connected. Connected servers: demo.</tool_use_error>');
  });

  it('says so when no server has resources', async () => {
    const run = await createToolTestEnv({}, [createListMcpResourcesTool([])]).run('ListMcpResourcesTool', {});
    expect(run.result).toMatchObject({ is_error: false, content: 'No resources found.' });
  });

  it('still lists the other servers when one fails, and names the failure', async () => {
    const demo = await connect(connectDemoServer());
    const broken = await connect(connectInProcess(notesServer(), { name: 'broken' }));
    await broken.client.close();
    const run = await createToolTestEnv({}, [createListMcpResourcesTool([demo, broken])]).run('ListMcpResourcesTool', {});
    expect(run.outcome).toBe('success');
    expect(run.result.content).toContain('"uri": "demo://issues"');
    expect(run.result.content).toMatch(/Listing the resources of broken failed: .+/);
  });
});

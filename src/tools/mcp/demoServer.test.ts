import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDemoServer, type McpConnection } from './connection';
import { MAX_SLOW_ECHO_DELAY_MS } from './demoServer';

const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

async function demo(): Promise<McpConnection> {
  const connection = await connectDemoServer();
  open.push(connection);
  return connection;
}

/** The text parts of a call's result, checked against the protocol's result schema. */
const textOf = (result: unknown) =>
  CallToolResultSchema.parse(result)
    .content.map((part) => (part.type === 'text' ? part.text : part.type))
    .join('\n');

describe('the demo MCP server', () => {
  it('lists its four tools with their annotations and its two resources', async () => {
    const connection = await demo();
    expect(connection.serverName).toBe('demo');
    expect(connection.tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint])).toEqual([
      ['get_weather', true, undefined],
      ['lookup_issue', true, undefined],
      ['create_issue', false, false],
      ['slow_echo', true, undefined],
    ]);
    expect(connection.resources.map((resource) => resource.uri)).toEqual(['demo://docs/readme', 'demo://issues']);
  });

  it('gives the same weather for the same city every time, and an error result for an unknown one', async () => {
    const { client } = await demo();
    const first = await client.callTool({ name: 'get_weather', arguments: { city: 'Tokyo' } });
    const again = await client.callTool({ name: 'get_weather', arguments: { city: 'tokyo' } });
    expect(textOf(first)).toBe('Tokyo: light rain, 21 °C, humidity 78%');
    expect(textOf(again)).toBe('tokyo: light rain, 21 °C, humidity 78%');
    const unknown = await client.callTool({ name: 'get_weather', arguments: { city: 'Atlantis' } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^No weather for "Atlantis"\. Known cities: berlin, cairo/);
  });

  it('answers input its schema rejects with an error result (the server validates too)', async () => {
    const { client } = await demo();
    const result = await client.callTool({ name: 'slow_echo', arguments: { text: 'x', delayMs: MAX_SLOW_ECHO_DELAY_MS + 1 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/delayMs/);
  });

  it('keeps a tracker per server: an issue created on one connection is not on another', async () => {
    const first = await demo();
    const second = await demo();
    await first.client.callTool({ name: 'create_issue', arguments: { title: 'Only here', body: 'b' } });
    expect(textOf(await first.client.callTool({ name: 'lookup_issue', arguments: { id: 3 } }))).toBe('#3 [open] Only here\n\nb');
    const elsewhere = await second.client.callTool({ name: 'lookup_issue', arguments: { id: 3 } });
    expect(elsewhere.isError).toBe(true);
    const listing = await second.client.readResource({ uri: 'demo://issues' });
    const text = listing.contents[0] && 'text' in listing.contents[0] ? listing.contents[0].text : '';
    expect((JSON.parse(text) as unknown[]).length).toBe(2);
  });
});

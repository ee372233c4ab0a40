import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../run/runScenario';
import { createVirtualSandbox } from '../../sandbox/virtualSandbox';
import { validateScenario } from '../../scenarios/validate';
import { createVirtualClock } from '../../time/virtualClock';
import { connectInProcess } from './connection';
import { mcpToolsFor } from './mcpTool';

/** An object schema nested `depth` levels deep (`{properties: {a: {properties: {a: …}}}}`). */
function nested(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'object' };
  for (let i = 0; i < depth; i++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

/** A server with a tool whose input schema is 20,000 levels deep beside one that is plain. */
function deepServer(): Server {
  const server = new Server({ name: 'deep', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      { name: 'plain', inputSchema: { type: 'object' as const, properties: { q: { type: 'string' } } }, annotations: { readOnlyHint: true } },
      { name: 'abyss', inputSchema: nested(20_000) as { type: 'object' }, annotations: { readOnlyHint: true } },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => ({ content: [{ type: 'text', text: `ran ${request.params.name}` }] }));
  return server;
}

describe('an MCP tool whose input schema is nested too deep', () => {
  it('is left out of the pool with its reason; the server’s other tools work, and every call of the run gets a result', async () => {
    const connection = await connectInProcess(deepServer(), { name: 'deep' });
    try {
      const tools = mcpToolsFor(connection);
      const abyss = tools.find((tool) => tool.name === 'mcp__deep__abyss')!;
      expect(abyss.isEnabled()).toBe(false);
      expect(abyss.disabledReason()).toMatch(/^its input schema nests deeper than \d+ levels/);
      expect(tools.find((tool) => tool.name === 'mcp__deep__plain')!.isEnabled()).toBe(true);

      const checked = validateScenario({
        id: 'deep-schema',
        title: 'A deep schema',
        description: '',
        turns: [
          {
            stream: [
              { type: 'tool_use', id: 'toolu_plain', name: 'mcp__deep__plain', input: { q: 'x' }, at: 0, durationMs: 5 },
              { type: 'tool_use', id: 'toolu_abyss', name: 'mcp__deep__abyss', input: {}, at: 5, durationMs: 5 },
            ],
          },
        ],
      });
      if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
      const clock = createVirtualClock();
      const record = await clock.runUntil(runScenario({ scenario: checked.scenario, sandbox: createVirtualSandbox({}), clock, mcpHost: { shared: () => [connection] } }));
      expect(record.error).toBeUndefined();
      const calls = record.turns.flatMap((turn) => turn.calls);
      expect(calls.map((call) => [call.id, call.outcome])).toEqual([
        ['toolu_plain', 'success'],
        ['toolu_abyss', expect.stringMatching(/^(invalid|error)$/)],
      ]);
      expect(calls[0]!.result?.content).toBe('ran plain');
      // Left out, as a refused tool is: the model is told there is no such tool, the pool report says why.
      expect(calls[1]!.result?.content).toContain('No such tool available: mcp__deep__abyss');
      const report = record.pool?.mcpServers?.find((server) => server.name === 'deep');
      expect(report?.tools.find((tool) => tool.name === 'abyss')?.refused).toMatch(/^its input schema nests deeper than 256 levels/);
      expect(report?.tools.find((tool) => tool.name === 'plain')?.refused).toBeUndefined();
    } finally {
      await connection.close();
    }
  });
});

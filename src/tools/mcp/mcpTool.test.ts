import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';
import { createVirtualClock } from '../../time/virtualClock';
import { toApiTool } from '../apiSchema';
import { decideByRules, parseRuleSet, type PermissionRule, type RuleSet } from '../permissions/rules';
import { connectClient, connectDemoServer, type McpConnection } from './connection';
import { mcpToolName, mcpToolsFor, type McpTool } from './mcpTool';

const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

async function demo(options: Parameters<typeof connectDemoServer>[0] = {}): Promise<{ connection: McpConnection; tools: McpTool[] }> {
  const connection = await connectDemoServer(options);
  open.push(connection);
  return { connection, tools: mcpToolsFor(connection) };
}

function byName(tools: readonly McpTool[], name: string): McpTool {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
}

function rules(lists: Partial<Record<'allow' | 'ask' | 'deny', string[]>>): RuleSet {
  const parsed = parseRuleSet({ allow: lists.allow ?? [], ask: lists.ask ?? [], deny: lists.deny ?? [] });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.rules;
}

describe('mcpToolsFor', () => {
  it('wraps every server tool as a deferred MCP tool named mcp__SERVER__TOOL', async () => {
    const { tools } = await demo();
    expect(tools.map((tool) => tool.name)).toEqual([
      'mcp__demo__get_weather',
      'mcp__demo__lookup_issue',
      'mcp__demo__create_issue',
      'mcp__demo__slow_echo',
    ]);
    for (const tool of tools) {
      expect(tool.isMcp).toBe(true);
      expect(tool.shouldDefer).toBe(true);
      expect(tool.maxResultSizeChars).toBe(100_000);
      expect(tool.prompt().length).toBeGreaterThan(20);
    }
  });

  it('takes read-only and concurrency-safe from readOnlyHint, destructive from destructiveHint', async () => {
    const { tools } = await demo();
    const weather = byName(tools, 'mcp__demo__get_weather');
    const create = byName(tools, 'mcp__demo__create_issue');
    expect([weather.isReadOnly({}), weather.isConcurrencySafe({}), weather.isDestructive({})]).toEqual([true, true, false]);
    expect([create.isReadOnly({}), create.isConcurrencySafe({}), create.isDestructive({})]).toEqual([false, false, false]);
  });

  it('fails closed when the server gives no annotations: not read-only, not safe, destructive', async () => {
    const { connection } = await demo();
    const [bare] = mcpToolsFor({ ...connection, tools: [{ name: 'wipe', inputSchema: { type: 'object' } }] });
    expect([bare!.isReadOnly({}), bare!.isConcurrencySafe({}), bare!.isDestructive({})]).toEqual([false, false, true]);
  });

  it('makes characters an API tool name cannot hold into _', () => {
    expect(mcpToolName('demo', 'issues.create v2')).toBe('mcp__demo__issues_create_v2');
  });

  it('keeps the server JSON Schema, and its Zod schema gives the API the same fields', async () => {
    const { tools } = await demo();
    const weather = byName(tools, 'mcp__demo__get_weather');
    expect(weather.inputJSONSchema).toMatchObject({ type: 'object', required: ['city'], properties: { city: { type: 'string' } } });
    expect(toApiTool(weather).input_schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['city'],
      properties: { city: { type: 'string', description: 'The city, e.g. "Oslo"' } },
    });
  });

  it('is covered by server rules (mcp__demo, mcp__demo__*) and exact tool rules, not by other servers', async () => {
    const { tools } = await demo();
    const create = byName(tools, 'mcp__demo__create_issue');
    const decide = (set: RuleSet) => decideByRules(create, {}, set, '/workspace', 'default')?.behavior;
    expect(decide(rules({ deny: ['mcp__demo'] }))).toBe('deny');
    // Built by hand: parseRule does not accept the `__*` form yet, though toolMatches handles it.
    const wildcard: PermissionRule = { source: 'mcp__demo__*', tool: 'mcp__demo__*', content: undefined };
    expect(decide({ allow: [], ask: [], deny: [wildcard] })).toBe('deny');
    expect(decide(rules({ allow: ['mcp__demo__create_issue'] }))).toBe('allow');
    expect(decide(rules({ deny: ['mcp__demo__lookup_issue', 'mcp__other'] }))).toBeUndefined();
  });
});

describe('an MCP tool call through the pipeline', () => {
  it('returns the text the server sent', async () => {
    const { tools } = await demo();
    const run = await createToolTestEnv({}, tools).run('mcp__demo__get_weather', { city: 'Oslo' });
    expect(run.outcome).toBe('success');
    expect(run.result).toMatchObject({ is_error: false, content: 'Oslo: light snow, -3 °C, humidity 90%' });
  });

  it('rejects a wrong type before the call reaches the server', async () => {
    const { connection, tools } = await demo();
    const callTool = vi.spyOn(connection.client, 'callTool');
    const run = await createToolTestEnv({}, tools).run('mcp__demo__get_weather', { city: 42 });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/^<tool_use_error>InputValidationError: mcp__demo__get_weather failed: city: .*expected string/);
    expect(callTool).not.toHaveBeenCalled();
  });

  it('rejects an unknown field and a missing required one', async () => {
    const { tools } = await demo();
    const t = createToolTestEnv({}, tools);
    expect((await t.run('mcp__demo__get_weather', { city: 'Oslo', units: 'F' })).result.content).toMatch(/unexpected field\(s\) `units`/);
    expect((await t.run('mcp__demo__create_issue', { title: 'x' })).result.content).toMatch(/body: /);
  });

  it('reports a result the server marked isError as an error', async () => {
    const { tools } = await demo();
    const run = await createToolTestEnv({}, tools).run('mcp__demo__lookup_issue', { id: 99 });
    expect(run.outcome).toBe('error');
    expect(run.result).toMatchObject({ is_error: true, content: 'Issue #99 does not exist; the tracker has #1 to #2.' });
  });

  it('changes the server state through a writing tool and reads it back', async () => {
    const { tools } = await demo();
    const t = createToolTestEnv({}, tools);
    expect((await t.run('mcp__demo__create_issue', { title: 'Glob is slow', body: 'on big trees' })).result.content).toBe(
      'Created issue #3: Glob is slow',
    );
    expect((await t.run('mcp__demo__lookup_issue', { id: 3 })).result.content).toBe('#3 [open] Glob is slow\n\non big trees');
  });

  it('runs two slow_echo calls at once over one connection', async () => {
    const clock = createVirtualClock();
    const { tools } = await demo({ clock });
    const t = createToolTestEnv({}, tools);
    const both = Promise.all([
      t.run('mcp__demo__slow_echo', { text: 'a', delayMs: 300 }),
      t.run('mcp__demo__slow_echo', { text: 'b', delayMs: 300 }),
    ]);
    // Both server-side waits are set before either ends.
    await vi.waitFor(() => expect(clock.pending()).toBe(2));
    const runs = await clock.runUntil(both);
    expect(runs.map((run) => run.result.content)).toEqual(['a', 'b']);
    expect(clock.now()).toBe(300);
  });

  it('ends as interrupted when its signal aborts mid-call, without waiting for the server', async () => {
    const { tools } = await demo();
    const controller = new AbortController();
    const started = performance.now();
    const pending = createToolTestEnv({}, tools).run('mcp__demo__slow_echo', { text: 'late', delayMs: 5000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const run = await pending;
    expect(run.outcome).toBe('interrupted');
    expect(run.result.is_error).toBe(true);
    expect(run.result.content).toMatch(/stopped this tool call while it ran/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('cancels the request on the server too, so its timer is cleared', async () => {
    const clock = createVirtualClock();
    const { tools } = await demo({ clock });
    const controller = new AbortController();
    const pending = createToolTestEnv({}, tools).run('mcp__demo__slow_echo', { text: 'never', delayMs: 5000 }, { signal: controller.signal });
    await vi.waitFor(() => expect(clock.pending()).toBe(1));
    controller.abort();
    expect((await pending).outcome).toBe('interrupted');
    await vi.waitFor(() => expect(clock.pending()).toBe(0));
  });
});

/**
 * A server on the wire with no SDK on its side to stop it: it lists `tools` and answers each call
 * with `call(name)`.
 */
async function connectWireServer(name: string, tools: Record<string, unknown>[], call: (tool: string | undefined) => unknown): Promise<McpConnection> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const answers: Record<string, (params: { name?: string; protocolVersion?: string }) => unknown> = {
    initialize: (params) => ({ protocolVersion: params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name, version: '0.0.1' } }),
    'tools/list': () => ({ tools }),
    'tools/call': (params) => call(params.name),
  };
  serverTransport.onmessage = (message) => {
    const request = message as { id?: number; method: string; params?: { name?: string; protocolVersion?: string } };
    const answer = answers[request.method];
    if (request.id !== undefined && answer) void serverTransport.send({ jsonrpc: '2.0', id: request.id, result: answer(request.params ?? {}) } as JSONRPCMessage);
  };
  await serverTransport.start();
  const connection = await connectClient(clientTransport, { name });
  open.push(connection);
  return connection;
}

/** A server that breaks the protocol: content that is not a list, structured content its own output schema refuses. */
function connectMalformedServer(): Promise<McpConnection> {
  return connectWireServer(
    'broken',
    [
      { name: 'not_a_list', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      {
        name: 'wrong_shape',
        inputSchema: { type: 'object' },
        outputSchema: { type: 'object', properties: { celsius: { type: 'number' } }, required: ['celsius'] },
        annotations: { readOnlyHint: true },
      },
    ],
    (tool) => (tool === 'not_a_list' ? { content: 'sunny' } : { content: [{ type: 'text', text: '{}' }], structuredContent: { celsius: 'warm' } }),
  );
}

describe('a server whose input schema describes no value', () => {
  it('leaves that tool out of the pool with why; the server’s other tools work', async () => {
    const loop = { type: 'object', properties: { x: { $ref: '#/$defs/A' } }, $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } } };
    const tree = { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } } };
    const connection = await connectWireServer(
      'hostile',
      [
        { name: 'loop', inputSchema: loop, annotations: { readOnlyHint: true } },
        { name: 'tree', inputSchema: tree, annotations: { readOnlyHint: true } },
      ],
      () => ({ content: [{ type: 'text', text: 'ok' }] }),
    );
    const tools = mcpToolsFor(connection);
    const looping = byName(tools, 'mcp__hostile__loop');
    expect(looping.isEnabled()).toBe(false);
    expect(looping.disabledReason?.()).toBe("its input schema's $refs go round without reaching a schema (#/$defs/A → #/$defs/B → #/$defs/A), so no input could be checked against it");
    expect(byName(tools, 'mcp__hostile__tree').isEnabled()).toBe(true);
    const t = createToolTestEnv({}, tools);
    const called = await t.run('mcp__hostile__tree', { name: 'root', children: [{ name: 'leaf', children: [] }] });
    expect([called.outcome, called.result.content]).toEqual(['success', 'ok']);
  });
});

describe('a server that answers with a malformed result', () => {
  it('ends each call with an error result that says what was wrong, and the connection stays usable', async () => {
    const connection = await connectMalformedServer();
    const t = createToolTestEnv({}, mcpToolsFor(connection));
    const list = await t.run('mcp__broken__not_a_list', {});
    expect(list.outcome).toBe('error');
    expect(list.result.content).toBe('broken answered mcp__broken__not_a_list with a malformed result: content: Invalid input: expected array, received string.');
    const shape = await t.run('mcp__broken__wrong_shape', {});
    expect(shape.outcome).toBe('error');
    expect(shape.result.content).toMatch(/^broken answered mcp__broken__wrong_shape with a malformed result: Structured content does not match the tool's output schema/);
    expect(connection.status()).toEqual({ state: 'connected' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingHttp, type EverythingHttpServer } from '../../../test/mcp/everythingServer';
import { EVERYTHING_CALLS, everythingScenario } from '../../../test/mcp/everythingScenario';
import { startMcpProxy, type McpProxy } from '../../../test/mcp/mcpProxy';
import { runScenario } from '../../run/runScenario';
import { createVirtualSandbox } from '../../sandbox/virtualSandbox';
import { validateScenario } from '../../scenarios/validate';
import { createVirtualClock } from '../../time/virtualClock';
import { connectHttp, openServer } from './remote';
import { connectMcpServers, type McpHost } from './servers';
import type { McpServerSetting } from './settings';

const TOKEN = 'secret-gateway-token-42';

let everything: EverythingHttpServer;
let gateway: McpProxy;
beforeAll(async () => {
  everything = await startEverythingHttp();
  gateway = await startMcpProxy({ socketPath: everything.socketPath, bearer: TOKEN });
});
afterAll(async () => {
  await gateway.close();
  await everything.stop();
});

function scenarioFor(server: McpServerSetting) {
  const checked = validateScenario(everythingScenario(server));
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.scenario;
}

/** Headers as written, sent as they are (the command line fills in ${NAME} first: see src/cli/mcpHost.ts). */
const literalHost: McpHost = { open: (server) => openServer(server) };

describe('a run with a Streamable HTTP server', () => {
  it('runs two read-only tools together and one alone, and the record names the headers but holds no value', async () => {
    const clock = createVirtualClock();
    const sandbox = createVirtualSandbox({});
    const scenario = scenarioFor({ name: 'everything', url: gateway.url, headers: { Authorization: `Bearer ${TOKEN}` } });
    const record = await clock.runUntil(runScenario({ scenario, sandbox, clock, mcpHost: literalHost }));
    expect(record.expectations?.failures).toEqual([]);
    expect(record.turns[0]!.batches.map((batch) => batch.toolUseIds)).toEqual([[EVERYTHING_CALLS.echo, EVERYTHING_CALLS.sum], [EVERYTHING_CALLS.logging]]);
    expect(record.settings.mcpServers).toEqual([{ name: 'everything', url: gateway.url, headers: { Authorization: '[redacted]' } }]);
    expect(record.pool?.mcpServers?.[0]).toMatchObject({ name: 'everything', transport: 'http', state: 'connected', origin: 'settings' });
    expect(JSON.stringify(record)).not.toContain(TOKEN);
  });

  it('goes on without a server it cannot reach, and the pool report says why', async () => {
    const clock = createVirtualClock();
    const scenario = scenarioFor({ name: 'everything', url: gateway.url });
    const record = await clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), clock, mcpHost: literalHost }));
    expect(record.error).toBeUndefined();
    expect(record.pool?.mcpServers?.[0]).toMatchObject({ state: 'failed', message: expect.stringContaining('HTTP 401 Unauthorized') as string });
    expect(record.turns[0]!.calls[0]!.result?.content).toContain('No such tool available: mcp__everything__echo');
  });
});

describe('a page host', () => {
  it('refuses get-env, lends its own connection to a run without closing it, and connects nothing by itself', async () => {
    const mine = await connectHttp({ name: 'everything', url: gateway.url }, { headers: { Authorization: `Bearer ${TOKEN}` } });
    const host: McpHost = {
      pageOrigin: 'http://localhost:4173',
      open: async (server) => ({ ok: false, refused: true, message: `${server.name}: connect it in the Tools tab first` }),
      shared: () => [mine],
    };
    try {
      const session = await connectMcpServers([{ name: 'other', url: 'http://127.0.0.1:9/mcp' }], { clock: createVirtualClock(), host });
      expect(session.report.map((server) => [server.name, server.origin, server.state])).toEqual([
        ['other', 'settings', 'refused'],
        ['everything', 'host', 'connected'],
      ]);
      const getEnv = session.tools.find((tool) => tool.name === 'mcp__everything__get-env')!;
      expect(getEnv.isEnabled()).toBe(false);
      expect(getEnv.disabledReason()).toMatch(/^refused in the page: get-env returns the server process's environment variables/);
      expect(session.report[1]!.tools.find((tool) => tool.name === 'get-env')?.refused).toMatch(/^refused in the page/);
      await session.close();
      expect(mine.status()).toEqual({ state: 'connected' });
    } finally {
      await mine.close();
    }
  });
});

describe('a server setting with credentials in its URL', () => {
  it('is refused where it is written, naming the field and keeping the password out of the message', () => {
    const checked = validateScenario(everythingScenario({ name: 'everything', url: 'http://someone:PASSWORD-0123@127.0.0.1:3001/mcp' }));
    expect(checked.ok).toBe(false);
    const said = JSON.stringify(checked.ok ? [] : checked.errors);
    expect(said).toContain('url');
    expect(said).toContain('put them in \\"headers\\" instead');
    expect(said).not.toContain('PASSWORD-0123');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingHttp, type EverythingHttpServer } from '../../../test/mcp/everythingServer';
import { startMcpProxy, type McpProxy } from '../../../test/mcp/mcpProxy';
import { connectPageServer, disconnectPageServer, pageMcpHost, usePageServers, whyNotConnectable } from './mcpConnections';

const TOKEN = 'tok-unit-5d1e';

let server: EverythingHttpServer;
let gateway: McpProxy;

beforeAll(async () => {
  server = await startEverythingHttp();
  gateway = await startMcpProxy({ socketPath: server.socketPath, bearer: TOKEN });
}, 30_000);

afterAll(async () => {
  await disconnectPageServer('everything');
  await gateway?.close();
  await server?.stop();
});

describe('the connect form’s values', () => {
  it('refuses a name that would break mcp__NAME__TOOL and a URL that is not http(s)', () => {
    expect(whyNotConnectable({ name: 'every__thing', url: 'http://127.0.0.1:3001/mcp' })).toMatch(/^The name must be/);
    expect(whyNotConnectable({ name: 'everything', url: 'ftp://127.0.0.1/mcp' })).toBe('The URL must start with http:// or https://.');
    expect(whyNotConnectable({ name: 'everything', url: '127.0.0.1:3001' })).toMatch(/^The URL/);
    expect(whyNotConnectable({ name: 'everything', url: 'https://someone:PASSWORD@mcp.example/mcp' })).toMatch(/^The URL holds a user or a password .*the token field/);
    expect(whyNotConnectable({ name: 'every_thing-2', url: 'https://mcp.example/mcp' })).toBeNull();
  });
});

describe('the page’s MCP servers', () => {
  it('connects with the token, keeps none of it in the store, and lends the connection to runs', async () => {
    await connectPageServer({ name: 'everything', url: gateway.url, token: TOKEN, remember: false });
    const [entry] = usePageServers.getState().servers;
    expect(entry).toMatchObject({ name: 'everything', url: gateway.url, state: 'connected', withToken: true });
    expect(entry!.report!.server?.name).toBeTruthy();
    expect(entry!.report!.tools.find((tool) => tool.name === 'get-env')?.refused).toMatch(/^refused in the page/);
    expect(JSON.stringify(usePageServers.getState())).not.toContain(TOKEN);
    expect(gateway.authorizations).toContain(`Bearer ${TOKEN}`);

    const host = pageMcpHost();
    const [lent] = host.shared!();
    expect(lent?.status()).toEqual({ state: 'connected' });
    // A scenario naming the same address borrows it; anything else is refused, and nothing is started or reached.
    expect(await host.open!({ name: 'everything', url: gateway.url })).toEqual({ ok: true, connection: lent });
    const elsewhere = await host.open!({ name: 'everything', url: 'http://127.0.0.1:9/mcp' });
    expect(elsewhere.ok).toBe(false);
    expect(!elsewhere.ok && elsewhere.message).toContain('connect it in the Tools tab');
    const program = await host.open!({ name: 'local', command: 'node', args: ['server.js'] });
    expect(program.ok).toBe(false);
    expect(!program.ok && program.message).toContain('cannot start programs');
  }, 30_000);

  it('says 401 without the token, and forgets a server once disconnected', async () => {
    await connectPageServer({ name: 'everything', url: gateway.url, token: '', remember: false });
    const [entry] = usePageServers.getState().servers;
    expect(entry).toMatchObject({ state: 'failed', withToken: false });
    expect(entry!.message).toContain('401');
    expect(pageMcpHost().shared!()).toEqual([]);
    await disconnectPageServer('everything');
    expect(usePageServers.getState().servers).toEqual([]);
  }, 30_000);
});

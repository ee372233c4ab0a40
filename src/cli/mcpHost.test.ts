import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EVERYTHING_ENTRY } from '../../test/mcp/everythingServer';
import { EVERYTHING_CALLS, everythingScenario } from '../../test/mcp/everythingScenario';
import { createToolTestEnv } from '../../test/toolEnv';
import type { RunRecord } from '../run/record';
import type { McpConnection } from '../tools/mcp/connection';
import { mcpToolsFor } from '../tools/mcp/mcpTool';
import type { StdioServerSetting } from '../tools/mcp/settings';
import { createCliMcpHost, expandVariables } from './mcpHost';
import type { CliIo } from './replayIo';
import { replayMain } from './replayMain';

/** server-everything over stdio, started by the SDK's StdioClientTransport as the command line starts it. */
const STDIO: StdioServerSetting = { name: 'everything', command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] };

const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

function fileIo(): { io: CliIo; out: () => string; err: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    readFile: (path) => import('node:fs/promises').then((fs) => fs.readFile(path, 'utf8')),
    writeFile: () => Promise.resolve(),
    stdout: (text) => void out.push(text),
    stderr: (text) => void err.push(text),
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

function scenarioFile(scenario: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mcp-stdio-')), 'scenario.json');
  writeFileSync(file, JSON.stringify(scenario));
  return file;
}

async function openEverything(env: Record<string, string> = {}): Promise<McpConnection> {
  const opened = await createCliMcpHost(env).open!({ ...STDIO, env: { GREETING: '${GREETING}' } });
  if (!opened.ok) throw new Error(opened.message);
  open.push(opened.connection);
  return opened.connection;
}

describe('the command line and a stdio server (server-everything)', () => {
  it('replays a scenario that calls two of its tools together and one alone', async () => {
    const cli = fileIo();
    const code = await replayMain([scenarioFile(everythingScenario(STDIO))], cli.io);
    const record = JSON.parse(cli.out()) as RunRecord;
    expect(record.expectations?.failures ?? []).toEqual([]);
    expect(code).toBe(0);
    const [turn] = record.turns;
    expect(turn!.batches.map((batch) => [batch.concurrent, batch.toolUseIds])).toEqual([
      [true, [EVERYTHING_CALLS.echo, EVERYTHING_CALLS.sum]],
      [false, [EVERYTHING_CALLS.logging]],
    ]);
    const server = record.pool!.mcpServers![0]!;
    expect(server).toMatchObject({ name: 'everything', transport: 'stdio', state: 'connected', server: { name: 'mcp-servers/everything' } });
    expect(server.tools.find((tool) => tool.name === 'get-sum')).toEqual({ name: 'get-sum', poolName: 'mcp__everything__get-sum', readOnly: true });
    // The command line offers get-env: the server is a process this machine started, with the environment it was given.
    expect(server.tools.find((tool) => tool.name === 'get-env')?.refused).toBeUndefined();
  });

  it('gives the server the safe few variables and its own env, with ${NAME} filled in, and records the values redacted', async () => {
    const connection = await openEverything({ GREETING: 'hello-from-the-environment' });
    const run = await createToolTestEnv({}, mcpToolsFor(connection)).run('mcp__everything__get-env', {});
    const env = JSON.parse(run.result.content) as Record<string, string>;
    expect(env.PATH).toBe(process.env.PATH);
    // Credentials given to a server are taken out of what it answers.
    expect(env.GREETING).toBe('[redacted]');
    expect(Object.keys(env)).not.toContain('npm_lifecycle_event');
  });

  it('refuses a server whose variables are not set, naming them', async () => {
    const opened = await createCliMcpHost({}).open!({ ...STDIO, env: { A: '${MISSING_ONE}', B: 'x${MISSING_TWO}' } });
    expect(opened).toEqual({ ok: false, message: 'everything: its env refers to MISSING_ONE, MISSING_TWO, not set in the environment.' });
    expect(expandVariables('Bearer ${TOKEN}', { TOKEN: 'abc' })).toEqual({ ok: true, value: 'Bearer abc' });
  });

  it('says when the program does not exist', async () => {
    const opened = await createCliMcpHost({}).open!({ name: 'nothing', command: 'no-such-program-here-0' });
    expect(opened).toEqual({ ok: false, message: expect.stringContaining('Could not start nothing: no program "no-such-program-here-0" was found.') as string });
  });

  it('fails the call in flight at once when the server process dies, and says it ended', async () => {
    const connection = await openEverything({ GREETING: 'hi' });
    const t = createToolTestEnv({}, mcpToolsFor(connection));
    const pending = t.run('mcp__everything__trigger-long-running-operation', { duration: 30, steps: 1 });
    const pid = (connection.client.transport as { pid?: number | null } | undefined)?.pid;
    expect(pid).toBeGreaterThan(0);
    setTimeout(() => process.kill(pid!, 'SIGKILL'), 200);
    const started = performance.now();
    const run = await pending;
    expect(performance.now() - started).toBeLessThan(5000);
    expect(run.outcome).toBe('error');
    expect(run.result.content).toMatch(/^The MCP server everything went away during the call to mcp__everything__trigger-long-running-operation: the connection closed: the server process ended/);
  });

  it('runs from the built command (no TypeScript loader) with the SDK’s stdio transport bundled', () => {
    const file = scenarioFile(everythingScenario(STDIO, 'everything-bin'));
    const run = spawnSync(process.execPath, ['bin/replay.js', file, '--format', 'summary'], { encoding: 'utf8', timeout: 120_000 });
    expect(run.stdout).toContain('expectations: passed');
    expect(run.status).toBe(0);
  });
});

describe.runIf(existsSync('/proc'))('a stdio server that will not go quietly', () => {
  it('ends with the run: the server ignoring SIGTERM and the helper it started, which holds its output open', async () => {
    const helper = String(6000 + Math.floor(Math.random() * 90_000));
    const stubborn: StdioServerSetting = { name: 'everything', command: 'bash', args: ['-c', `trap '' TERM; sleep ${helper} & exec "${process.execPath}" "${EVERYTHING_ENTRY}" stdio`] };
    const cli = fileIo();
    expect(await replayMain([scenarioFile(everythingScenario(stubborn))], cli.io)).toBe(0);
    const helpers = () =>
      readdirSync('/proc').filter((pid) => {
        try {
          return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8') === `sleep\0${helper}\0` && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        } catch {
          return false;
        }
      });
    for (let i = 0; i < 40 && helpers().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(helpers()).toEqual([]);
  }, 30_000);
});

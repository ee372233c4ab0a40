import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeSandbox } from '../sandbox/nodeSandbox';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { validateScenario } from '../scenarios/validate';
import type { Scenario } from '../scenarios/schema';
import { createRealClock } from '../time/clock';
import { createVirtualClock } from '../time/virtualClock';
import type { EffectsChoice } from './effects';
import { allCalls } from './runFacts';
import { runScenario } from './runScenario';

// A real page on loopback: a recorded WebFetch must never reach it.
let server: Server;
let requests = 0;
let url = '';
beforeAll(async () => {
  server = createServer((_, response) => {
    requests++;
    response.writeHead(200, { 'content-type': 'text/plain' }).end('live page');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** An imported session in miniature: a command that leaves a mark, a fetch, a tool the playground lacks, and what the log says of each. */
function imported(marker: string, extra: Record<string, unknown> = {}): Scenario {
  const result = validateScenario({
    id: 'imported',
    title: 'Imported',
    settings: { policy: 'claude-code-2.1.39', defaultAnswer: 'allow', allow: ['WebFetch'] },
    turns: [
      {
        stream: [
          { type: 'tool_use', id: 'toolu_bash', name: 'Bash', input: { command: `touch ${marker} && sleep 0.3 && echo ran-here` }, at: 0, durationMs: 10 },
          { type: 'tool_use', id: 'toolu_fetch', name: 'WebFetch', input: { url, prompt: 'p' }, at: 10, durationMs: 10 },
          { type: 'tool_use', id: 'toolu_mon', name: 'Monitor', input: { pid: 1 }, at: 20, durationMs: 10 },
        ],
      },
    ],
    observed: {
      agent: 'claude-code',
      version: '2.1.39',
      calls: {
        toolu_bash: { outcome: 'success', result: 'recorded output', startedAt: 10, endedAt: 5010, offsetMs: 10 },
        toolu_fetch: { outcome: 'success', result: 'recorded page', startedAt: 20, endedAt: 820, offsetMs: 20 },
        toolu_mon: { outcome: 'error', result: 'monitor failed', startedAt: 5010, endedAt: 5030, offsetMs: 5010 },
      },
    },
    ...extra,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

async function run(scenario: Scenario, choice: EffectsChoice, real = false) {
  const sandbox = await createNodeSandbox();
  try {
    if (real) return await runScenario({ scenario, sandbox, clock: createRealClock(), ...choice });
    const clock = createVirtualClock();
    return await clock.runUntil(runScenario({ scenario, sandbox, clock, ...choice }));
  } finally {
    await sandbox.dispose();
  }
}

const byId = (record: Awaited<ReturnType<typeof run>>) => new Map(allCalls(record.turns).map((call) => [call.id, call]));

describe('recorded effects: the log as the oracle', () => {
  const folder = mkdtempSync(join(tmpdir(), 'recorded-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('replays each call as the log recorded it: nothing executed, nothing fetched, every tool the log names', async () => {
    const marker = join(folder, 'recorded-mark');
    const before = requests;
    const record = await run(imported(marker), {});
    const calls = byId(record);
    expect(existsSync(marker)).toBe(false);
    expect(requests).toBe(before);
    expect(record.settings.effects).toBe('recorded');
    expect(calls.get('toolu_bash')).toMatchObject({ outcome: 'success', result: { content: 'recorded output', is_error: false }, display: { recorded: 'recorded output' } });
    expect(calls.get('toolu_fetch')!.result!.content).toBe('recorded page');
    // A tool the playground lacks keeps its name and its recorded outcome.
    expect(calls.get('toolu_mon')).toMatchObject({ name: 'Monitor', outcome: 'error', result: { content: 'monitor failed' } });
    // Recorded time, on the run's clock: the command's 5 s, not its real 0.3 s.
    const bash = calls.get('toolu_bash')!;
    expect(bash.completedAt! - bash.executingAt!).toBe(5000);
  });

  it('still lets the policy schedule: an unknown tool waits as unsafe, and a recorded error cancels what its policy cancels', async () => {
    const scenario = imported(join(folder, 'unused'));
    const calls = byId(await run(scenario, {}));
    // Monitor is undeclared: it waits for the unsafe Bash ahead of it.
    expect(calls.get('toolu_mon')!.executingAt!).toBeGreaterThanOrEqual(calls.get('toolu_bash')!.completedAt!);
    const failing = validateScenario({
      ...scenario,
      turns: [{ stream: [
        { type: 'tool_use', id: 'toolu_a', name: 'Bash', input: { command: 'ls' }, at: 0, durationMs: 10 },
        { type: 'tool_use', id: 'toolu_b', name: 'Read', input: { file_path: 'x' }, at: 10, durationMs: 10 },
      ] }],
      observed: { agent: 'claude-code', version: '2.1.39', calls: {
        toolu_a: { outcome: 'error', result: 'boom', startedAt: 10, endedAt: 20 },
        toolu_b: { outcome: 'success', result: 'x', startedAt: 20, endedAt: 900 },
      } },
    });
    if (!failing.ok) throw new Error(JSON.stringify(failing.errors));
    const cascade = byId(await run(failing.scenario, {}));
    expect(cascade.get('toolu_b')).toMatchObject({ outcome: 'cancelled', cancelledBy: 'toolu_a' });
    // A shell the playground lacks (Claude Code's PowerShell) runs a command line by its kind: its recorded error cancels as Bash's does.
    const shell = validateScenario({
      ...scenario,
      settings: { ...scenario.settings, policy: 'claude-code-2.1.72' },
      turns: [{ stream: [
        { type: 'tool_use', id: 'toolu_ps', name: 'PowerShell', input: { command: 'Get-Item nope' }, at: 0, durationMs: 10 },
        { type: 'tool_use', id: 'toolu_b', name: 'Read', input: { file_path: 'x' }, at: 10, durationMs: 10 },
      ] }],
      observed: { agent: 'claude-code', version: '2.1.72', calls: {
        toolu_ps: { outcome: 'error', result: 'not found', startedAt: 10, endedAt: 20 },
        toolu_b: { outcome: 'success', result: 'x', startedAt: 20, endedAt: 900 },
      } },
    });
    if (!shell.ok) throw new Error(JSON.stringify(shell.errors));
    expect(byId(await run(shell.scenario, {})).get('toolu_b')).toMatchObject({ outcome: 'cancelled', cancelledBy: 'toolu_ps' });
  });

  it('reruns the tools when asked, counting real work once; fetches keep their record unless the network is let in', async () => {
    const marker = join(folder, 'rerun-mark');
    const before = requests;
    const record = await run(imported(marker), { effects: 'rerun' }, true);
    const calls = byId(record);
    expect(existsSync(marker)).toBe(true);
    expect(record.settings.effects).toBe('rerun');
    const bash = calls.get('toolu_bash')!;
    expect(bash.result!.content).toContain('ran-here');
    // Real work only: the 0.3 s command, never its recorded 5 s on top.
    expect(bash.completedAt! - bash.queuedAt).toBeLessThan(2500);
    expect(calls.get('toolu_fetch')!.result!.content).toBe('recorded page');
    expect(requests).toBe(before);

    const online = byId(await run(imported(join(folder, 'online-mark')), { effects: 'rerun', network: true }));
    expect(requests).toBe(before + 1);
    expect(online.get('toolu_fetch')!.result!.content).toContain('live page');
  });

  it('runs a hand-written scenario for real whatever is asked: it has no record to replay', async () => {
    const scenario = imported(join(folder, 'never'));
    const { observed: _, ...handWritten } = scenario;
    const clock = createVirtualClock();
    const record = await clock.runUntil(runScenario({ scenario: handWritten, sandbox: createVirtualSandbox({}), clock, effects: 'recorded' }));
    expect(record.settings.effects).toBeUndefined();
    expect(byId(record).get('toolu_mon')!.result!.content).toContain('No such tool available: Monitor');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { bigInputScenario, hostilePatternsScenario, manyCallsScenario } from '../../test/hugeScenarios';
import { createNodeSandbox } from '../sandbox/nodeSandbox';
import type { Sandbox } from '../sandbox/types';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import type { Scenario } from '../scenarios/schema';
import { createVirtualClock } from '../time/virtualClock';
import type { RunRecord } from './record';
import { runScenario } from './runScenario';

/**
 * Huge scenarios end, with every call answered, within generous bounds (the real figures are
 * `npm run bench:hostile`'s). The bounds catch a run that grows without limit, not a slow one.
 */
const sandboxes: Sandbox[] = [];
afterAll(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.dispose()));
});

async function run(scenario: Scenario, sandbox: Sandbox): Promise<RunRecord> {
  sandboxes.push(sandbox);
  const clock = createVirtualClock();
  return clock.runUntil(runScenario({ scenario, sandbox, strategy: 'streaming', clock }));
}

const MB = 1024 * 1024;

describe('huge scenarios', () => {
  it('20,000 calls in one turn: each gets one result, and memory stays bounded', { timeout: 300_000 }, async () => {
    const before = process.memoryUsage().heapUsed;
    const record = await run(manyCallsScenario(20_000), createVirtualSandbox({}));
    expect(record.error).toBeUndefined();
    const calls = record.turns[0]!.calls;
    expect(calls).toHaveLength(20_000);
    expect(new Set(calls.map((call) => call.id)).size).toBe(20_000);
    expect(calls.every((call) => call.outcome === 'success' && call.result !== null)).toBe(true);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(1024 * MB);
  });

  it.each([
    ['virtual', () => createVirtualSandbox({})],
    ['node', () => createNodeSandbox()],
  ] as [string, () => Sandbox | Promise<Sandbox>][])('a 5 MB input on the %s sandbox: written, searched and read, every call answered', { timeout: 120_000 }, async (_name, make) => {
    const record = await run(bigInputScenario(5 * MB), await make());
    expect(record.error).toBeUndefined();
    const calls = new Map(record.turns[0]!.calls.map((call) => [call.id, call]));
    expect([...calls.keys()].sort()).toEqual(['toolu_bash', 'toolu_grep', 'toolu_read', 'toolu_write']);
    expect(calls.get('toolu_write')!.outcome).toBe('success');
    expect(calls.get('toolu_bash')!.result!.content).toContain(`${5 * MB} big.txt`);
    expect(calls.get('toolu_grep')!.outcome).toBe('success');
    expect(calls.get('toolu_read')!.outcome).toBe('success');
    expect(record.files['big.txt']).toHaveLength(5 * MB);
  });

  it.each([
    ['virtual', () => createVirtualSandbox({})],
    ['node', () => createNodeSandbox()],
  ] as [string, () => Sandbox | Promise<Sandbox>][])('patterns that backtrack without end on the %s sandbox: every call answered, the loop stopped at its timeout', { timeout: 60_000 }, async (_name, make) => {
    const record = await run(hostilePatternsScenario(), await make());
    expect(record.error).toBeUndefined();
    const calls = new Map(record.turns.flatMap((turn) => turn.calls).map((call) => [call.id, call]));
    expect(calls.get('toolu_grep')!.result!.content).toMatch(/^No matches found/);
    expect(calls.get('toolu_grep_multiline')!.result!.content).toMatch(/^No matches found/);
    expect(calls.get('toolu_filter')!.outcome).toBe('success');
    expect(calls.get('toolu_filter')!.result!.content).not.toContain('aaaa');
    expect(calls.get('toolu_loop')!.result!.content).toMatch(/timed out|timeout/i);
  });
});

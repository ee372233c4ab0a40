import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../run/runScenario';
import { STRATEGIES } from '../../tools/events';
import { createVirtualSandbox } from '../../sandbox/virtualSandbox';
import { createVirtualClock } from '../../time/virtualClock';
import { validateScenario } from '../validate';
import { BUILT_IN_SCENARIOS } from './index';
import { LESSON_ORDER } from './lessons';

const REQUIRED = [
  'seed-partition',
  'streaming-speedup',
  'concurrency-cap',
  'bash-cascade',
  'errors-stay-local',
  'invalid-input',
  'unknown-tool',
  'user-interrupt',
  'streaming-fallback',
  'read-before-edit',
  'result-order',
  'parallel-edit-race',
];

const parsed = BUILT_IN_SCENARIOS.map((raw) => {
  const result = validateScenario(raw);
  if (!result.ok) throw new Error(`${(raw as { id?: string }).id}: ${JSON.stringify(result.errors)}`);
  return result.scenario;
});

async function replay(id: string, strategy: (typeof STRATEGIES)[number] = 'streaming') {
  const scenario = parsed.find((s) => s.id === id)!;
  const clock = createVirtualClock();
  return clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), strategy, clock }));
}

describe('the built-in scenario library', () => {
  it('holds each file of the folder once, in lesson order, each named by its id', () => {
    const files = readdirSync(import.meta.dirname).filter((name) => name.endsWith('.json'));
    expect([...LESSON_ORDER].sort()).toEqual(files.map((name) => name.replace(/\.json$/, '')).sort());
    expect(parsed.map((s) => s.id)).toEqual(LESSON_ORDER);
  });

  it('holds every required scenario, each valid and with a description and expectations', () => {
    expect(parsed.map((s) => s.id)).toEqual(expect.arrayContaining(REQUIRED));
    for (const scenario of parsed) {
      expect(scenario.description?.length).toBeGreaterThan(80);
      expect(scenario.turns.some((turn) => turn.expect) || scenario.expect).toBeTruthy();
    }
  });

  it.each(parsed.map((s) => s.id))('replays %s and meets its expectations', async (id) => {
    const record = await replay(id);
    expect(record.expectations?.failures).toEqual([]);
    expect(record.expectations?.passed).toBe(true);
  });

  it('shows the streaming speed-up: streaming beats batched and serial on the virtual clock', async () => {
    const [streaming, batched, serial] = await Promise.all(['streaming', 'batched', 'serial'].map((s) => replay('streaming-speedup', s as 'streaming')));
    expect(streaming!.endedAt / batched!.endedAt).toBeLessThanOrEqual(0.75);
    expect(streaming!.endedAt / serial!.endedAt).toBeLessThanOrEqual(0.4);
  });

  it('loses an edit under the parallel strategy, which ignores safety', async () => {
    const record = await replay('parallel-edit-race', 'parallel');
    expect(record.files['src/settings.ts']).not.toBe('export const retries = 3;\nexport const timeoutMs = 5000;\n');
    expect(record.expectations?.passed).toBe(false);
  });

  it('gives every tool_use of every scenario exactly one result unless discarded, under every strategy', async () => {
    for (const strategy of STRATEGIES) {
      for (const scenario of parsed) {
        const record = await replay(scenario.id, strategy);
        for (const turn of record.turns) {
          for (const call of turn.calls) {
            if (call.outcome === 'discarded') expect(call.result).toBeNull();
            else expect(call.result, `${scenario.id}/${strategy}/${call.id}`).not.toBeNull();
          }
          const yielded = turn.yieldOrder;
          expect(new Set(yielded).size).toBe(yielded.length);
        }
      }
    }
  });
});

describe('the built-in library on the node sandbox', () => {
  it('replays every scenario with the same batches, outcomes and files as on the virtual sandbox', async () => {
    const { createNodeSandbox } = await import('../../sandbox/nodeSandbox');
    const digest = (record: Awaited<ReturnType<typeof replay>>) => ({
      turns: record.turns.map((turn) => ({
        batches: turn.batches.map((batch) => batch.toolUseIds),
        outcomes: turn.calls.map((call) => [call.id, call.outcome]),
        yieldOrder: turn.yieldOrder,
      })),
      files: record.files,
      passed: record.expectations?.passed,
    });
    for (const scenario of parsed) {
      const onVirtual = await replay(scenario.id);
      const sandbox = await createNodeSandbox();
      try {
        const clock = createVirtualClock();
        const onNode = await clock.runUntil(runScenario({ scenario, sandbox, strategy: 'streaming', clock }));
        expect(digest(onNode), scenario.id).toEqual(digest(onVirtual));
      } finally {
        await sandbox.dispose();
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { applyExpectations } from '../../run/expectations';
import type { Strategy } from '../../tools/events';
import { runScenario } from '../../run/runScenario';
import { createVirtualSandbox } from '../../sandbox/virtualSandbox';
import { BUILT_IN_SCENARIOS } from '../../scenarios/library';
import type { Scenario } from '../../scenarios/schema';
import { validateScenario } from '../../scenarios/validate';
import { createVirtualClock } from '../../time/virtualClock';
import type { RunChanges } from '../store';
import { lessonCheck } from './lessonCheck';

function lesson(id: string): Scenario {
  const raw = BUILT_IN_SCENARIOS.find((candidate) => (candidate as { id?: string }).id === id);
  const result = validateScenario(raw);
  if (!result.ok) throw new Error(`${id}: ${JSON.stringify(result.errors)}`);
  return result.scenario;
}

async function replay(scenario: Scenario, strategy: Strategy) {
  const clock = createVirtualClock();
  const record = await clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), clock, strategy }));
  return applyExpectations(record, scenario);
}

const untouched = (strategy: Strategy): RunChanges => ({ strategy, overrides: {}, editedPaths: [], askedPerson: false, stoppedAt: null });

describe('the lesson check', () => {
  it('says the run shows what the lesson expects when it was run as written', async () => {
    const scenario = lesson('seed-partition');
    const check = lessonCheck(scenario, await replay(scenario, 'streaming'), untouched('streaming'));
    expect(check).toEqual({ status: 'met', changes: [], differences: [] });
  });

  it('names what differs in words, and the changed strategy as why', async () => {
    const scenario = lesson('seed-partition');
    const check = lessonCheck(scenario, await replay(scenario, 'serial'), untouched('serial'));
    expect(check.status).toBe('differs');
    expect(check.changes).toEqual(['You ran it under the serial strategy (the policy’s own: streaming).']);
    const grouping = check.differences.find((difference) => difference.text.startsWith('The calls were grouped as'));
    expect(grouping?.text).toContain('Read(src/a.ts)');
    expect(grouping?.why).toContain('serial strategy');
    // Words, not harness output: no raw ids or JSON.
    for (const difference of check.differences) expect(difference.text).not.toMatch(/toolu_|[{}]/);
  });

  it('has nothing to say of a lesson that expects nothing', async () => {
    const scenario = { ...lesson('seed-partition'), turns: lesson('seed-partition').turns.map(({ expect: _, ...turn }) => turn), expect: undefined } as Scenario;
    expect(lessonCheck(scenario, await replay(scenario, 'streaming'), null).status).toBe('none');
  });
});

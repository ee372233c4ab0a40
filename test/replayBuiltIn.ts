import type { RunRecord } from '../src/run/record';
import { runScenario } from '../src/run/runScenario';
import { createVirtualSandbox } from '../src/sandbox/virtualSandbox';
import { BUILT_IN_SCENARIOS } from '../src/scenarios/library';
import { validateScenario } from '../src/scenarios/validate';
import { createVirtualClock } from '../src/time/virtualClock';

/** Replays a built-in scenario headless (virtual clock, virtual sandbox, streaming): its record. */
export async function replayBuiltIn(id: string): Promise<RunRecord> {
  const checked = validateScenario(BUILT_IN_SCENARIOS.find((raw) => (raw as { id: string }).id === id));
  if (!checked.ok) throw new Error(`built-in ${id} is invalid`);
  const clock = createVirtualClock();
  return clock.runUntil(runScenario({ scenario: checked.scenario, sandbox: createVirtualSandbox({}), strategy: 'streaming', clock }));
}

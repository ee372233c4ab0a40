import type { Strategy } from '../run/events';
import type { RunRecord } from '../run/record';
import { runScenario } from '../run/runScenario';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import type { Scenario } from '../scenarios/schema';
import { createVirtualClock } from '../time/clock';

/**
 * Replays a scenario in the page on a fresh virtual sandbox. Loaded on demand, so the sandbox
 * (just-bash) and the engine are not part of the first paint.
 */
export function replayInBrowser(scenario: Scenario, strategy: Strategy): Promise<RunRecord> {
  const clock = createVirtualClock();
  return clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), strategy, clock }));
}

export { formatTimeline } from '../run/timelineText';

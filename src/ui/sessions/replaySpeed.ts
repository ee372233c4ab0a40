import type { Scenario } from '../../scenarios/schema';

/**
 * A replay speed, a power of two, at which the session replays in about `seconds` (at least 1×):
 * an hour's session under a preset is seen whole in a quarter of a minute, not in an hour.
 */
export function replaySpeedFor(scenario: Scenario, seconds = 15): number {
  const end = Math.max(0, ...Object.values(scenario.observed?.calls ?? {}).map((call) => call.endedAt ?? 0));
  return Math.max(1, 2 ** Math.ceil(Math.log2(Math.max(1, end / (seconds * 1000)))));
}

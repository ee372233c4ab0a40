import { POLICIES } from '../scenarios/policies';
import type { EffectiveSettings } from '../scenarios/schema';
import type { Schedule } from '../tools/orchestration/schedule';
import { STRATEGY_SCHEDULES, type Strategy } from '../tools/orchestration/strategy';

/**
 * The run's schedule: the one place a policy preset, the scenario's own settings (already laid
 * over the preset in `settings`) and a strategy asked for on the command line or the page meet.
 * - the strategy is the one asked for, else the policy's own;
 * - its timing and grouping are the strategy's;
 * - the cap is the settings' (`none`: no cap), and none for `parallel`, which ignores it;
 * - the policy's cascade holds under its own strategy and under streaming; a non-streaming
 *   strategy asked for as a baseline runs every call to its end, as the real agent's
 *   non-streaming path does (`none`).
 */
export function resolveSchedule(settings: Pick<EffectiveSettings, 'policy' | 'maxConcurrency' | 'resultOrder' | 'cascade'>, asked?: Strategy): Schedule {
  const strategy = asked ?? POLICIES[settings.policy].strategy;
  const { timing, grouping, cascades } = STRATEGY_SCHEDULES[strategy];
  const own = POLICIES[settings.policy].strategy === strategy;
  return {
    strategy,
    timing,
    grouping,
    cap: grouping === 'parallel' || settings.maxConcurrency === 'none' ? null : settings.maxConcurrency,
    resultOrder: settings.resultOrder,
    cascade: own || cascades ? settings.cascade : 'none',
  };
}

import { resolveSchedule } from '../../run/schedule';
import type { PolicyName } from '../../scenarios/policies';
import { effectiveSettings } from '../../scenarios/effectiveSettings';
import type { Strategy } from '../../tools/orchestration/strategy';
import { effectiveScenario, usePlayground, type PlaygroundState, type SettingsOverrides } from '../store';

/**
 * The strategy the next run uses: the one asked for, else the policy's own (with the page's
 * policy override), as the engine resolves it. `streaming` before a scenario is open.
 */
export function runStrategy(state: Pick<PlaygroundState, 'scenario' | 'overrides' | 'addedAllowRules' | 'strategy'>): Strategy {
  const scenario = effectiveScenario(state);
  if (!scenario) return state.strategy ?? 'streaming';
  return resolveSchedule(effectiveSettings(scenario.settings), state.strategy ?? undefined).strategy;
}

/** The strategy the next replay runs under; the policy's own is kept as no choice, so a new policy brings its own. */
export function setStrategy(strategy: Strategy): void {
  usePlayground.setState((state) => ({ strategy: runStrategy({ ...state, strategy: null }) === strategy ? null : strategy }));
}

/** What an imported session's tools do in the next replay (and in Compare). */
export function setEffects(change: Partial<PlaygroundState['effects']>): void {
  usePlayground.setState((state) => ({ effects: { ...state.effects, ...change } }));
}

/** Changes some of the page's settings over the scenario's (they apply to the next run). */
export function setOverrides(change: SettingsOverrides): void {
  usePlayground.setState((state) => ({ overrides: { ...state.overrides, ...change } }));
}

/**
 * Runs the scenario under another policy preset; the header's strategy follows the preset's own.
 * The scheduling settings the person set still override the preset's.
 */
export function setPolicy(policy: PolicyName): void {
  usePlayground.setState((state) => {
    const own = state.scenario?.settings.policy;
    const { policy: _previous, ...rest } = state.overrides;
    return { overrides: policy === own ? rest : { ...rest, policy }, strategy: null };
  });
}

/** Back to the scenario's own settings, and its policy's strategy. */
export function resetOverrides(): void {
  usePlayground.setState({ overrides: {}, strategy: null });
}

import { POLICIES, type PolicyName } from '../../scenarios/policies';
import { usePlayground, type SettingsOverrides } from '../store';

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
    return { overrides: policy === own ? rest : { ...rest, policy }, strategy: POLICIES[policy].strategy };
  });
}

/** Back to the scenario's own settings, and its policy's strategy. */
export function resetOverrides(): void {
  usePlayground.setState((state) => ({ overrides: {}, ...(state.scenario ? { strategy: POLICIES[state.scenario.settings.policy].strategy } : {}) }));
}

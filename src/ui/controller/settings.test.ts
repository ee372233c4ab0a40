import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_IN_SCENARIOS } from '../../scenarios/library';
import { validateScenario } from '../../scenarios/validate';
import { initialState, usePlayground } from '../store';
import { planComparison } from './compare';
import { loadScenario } from './opening';
import { resetOverrides, runStrategy, setPolicy, setStrategy } from './settings';

function builtIn(id: string) {
  const result = validateScenario(BUILT_IN_SCENARIOS.find((raw) => (raw as { id: string }).id === id));
  if (!result.ok) throw new Error(`${id} is invalid`);
  return result.scenario;
}

const page = () => usePlayground.getState();

afterEach(() => usePlayground.setState(initialState, true));

describe('the page keeps the policy and a strategy choice, never a resolved strategy', () => {
  it('a policy chosen in Settings brings its own strategy, for Run as for Compare', () => {
    loadScenario(builtIn('seed-partition'), 'built-in');
    expect(page().strategy).toBeNull();
    expect(runStrategy(page())).toBe('streaming');
    setPolicy('cline');
    // Nothing copied into the store: the next run resolves the preset's strategy, as Compare does.
    expect(page().strategy).toBeNull();
    expect(runStrategy(page())).toBe('serial');
    const [run] = planComparison(page().scenario!, { kind: 'policies', policies: ['cline'] });
    expect(run!.strategy).toBeUndefined();
    expect(run!.scenario.settings.policy).toBe('cline');
  });

  it('a strategy asked for holds over the policy until it is the policy\'s own again', () => {
    loadScenario(builtIn('seed-partition'), 'built-in');
    setStrategy('parallel');
    expect(page().strategy).toBe('parallel');
    expect(runStrategy(page())).toBe('parallel');
    setStrategy('streaming');
    expect(page().strategy).toBeNull();
    setStrategy('serial');
    resetOverrides();
    expect(page().strategy).toBeNull();
    expect(runStrategy(page())).toBe('streaming');
  });
});

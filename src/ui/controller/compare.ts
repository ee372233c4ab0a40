import { STRATEGIES, type Strategy } from '../../tools/events';
import type { PolicyName } from '../../scenarios/policies';
import type { Scenario } from '../../scenarios/schema';
import { effectiveScenario, usePlayground, type CompareEntry, type CompareSubject } from '../store';

/**
 * The comparisons lessons open with, where it is not the four strategies: a lesson about a change
 * of policy compares the presets it names (its text says the same `--compare` list).
 */
export const LESSON_COMPARISONS: Readonly<Record<string, CompareSubject>> = {
  'claude-code-changed-its-mind': { kind: 'policies', policies: ['claude-code-2.1.39', 'claude-code-2.1.161'] },
};

/** What the compare view runs for `scenario` by default. */
export function lessonComparison(scenario: Pick<Scenario, 'id'> | null): CompareSubject {
  return (scenario && LESSON_COMPARISONS[scenario.id]) ?? { kind: 'strategies' };
}

/** One run the comparison makes: its label, the scenario as it runs, and the strategy (`undefined`: the policy's). */
export interface PlannedRun {
  label: string;
  scenario: Scenario;
  strategy: Strategy | undefined;
  policy?: PolicyName;
}

/** The runs of a comparison: the scenario under each strategy, or under each preset (with its own strategy, as `replay --compare` does). */
export function planComparison(scenario: Scenario, subject: CompareSubject): PlannedRun[] {
  if (subject.kind === 'strategies') return STRATEGIES.map((strategy) => ({ label: strategy, scenario, strategy }));
  return subject.policies.map((policy) => ({ label: policy, policy, strategy: undefined, scenario: { ...scenario, settings: { ...scenario.settings, policy } } }));
}

/** Chooses what the compare view runs next (the four strategies, or a set of presets); the runs shown are dropped. */
export function setCompareSubject(subject: CompareSubject): void {
  usePlayground.setState((state) => (state.compare.status === 'running' ? {} : { compare: { status: 'idle', subject, entries: [] } }));
}

let latest = 0;

/**
 * Runs the scenario (with the page's settings) once per strategy or preset, unpaced, each on its own
 * fresh sandbox, for the compare view. A comparison started later, or a scenario opened meanwhile,
 * leaves this one's results unshown.
 */
export async function runCompare(subject?: CompareSubject): Promise<void> {
  const state = usePlayground.getState();
  const scenario = effectiveScenario(state);
  if (!scenario) return;
  const chosen = subject ?? state.compare.subject;
  const token = ++latest;
  const stillShown = () => token === latest && usePlayground.getState().scenario?.id === scenario.id;
  usePlayground.setState({ compare: { status: 'running', subject: chosen, entries: [] } });
  const [{ replayScenario }, { createVirtualClock }] = await Promise.all([import('./engineRuns'), import('../../time/virtualClock')]);
  const entries: CompareEntry[] = [];
  for (const run of planComparison(scenario, chosen)) {
    const record = await replayScenario(run.scenario, run.strategy, createVirtualClock(), { signal: new AbortController().signal, effects: state.effects });
    if (!stillShown()) return;
    entries.push({ label: run.label, strategy: record.strategy, ...(run.policy ? { policy: run.policy } : {}), record });
    usePlayground.setState({ compare: { status: 'running', subject: chosen, entries: [...entries] } });
  }
  usePlayground.setState({ compare: { status: 'done', subject: chosen, entries } });
}

import { STRATEGIES } from '../../run/events';
import { createVirtualClock } from '../../time/virtualClock';
import { effectiveScenario, usePlayground, type CompareEntry } from '../store';
import { replayScenario } from './engineRuns';

/** Runs the scenario under all four strategies (fast: unpaced), each on its own sandbox, for the compare view. */
export async function runCompare(): Promise<void> {
  const scenario = effectiveScenario(usePlayground.getState());
  if (!scenario) return;
  usePlayground.setState({ compare: { status: 'running', entries: [] } });
  const entries: CompareEntry[] = [];
  for (const strategy of STRATEGIES) {
    // Unpaced: the compare view wants the four records, not a show.
    const record = await replayScenario(scenario, strategy, createVirtualClock(), { signal: new AbortController().signal });
    entries.push({ strategy, record });
    usePlayground.setState({ compare: { status: 'running', entries: [...entries] } });
  }
  usePlayground.setState({ compare: { status: 'done', entries } });
}

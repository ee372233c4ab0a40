import type { Scenario } from '../../scenarios/schema';
import { initialPrediction, predictionFor } from '../predict/prediction';
import { usePlayground, type Prediction } from '../store';

/** The learner's guess for the open scenario (a first guess made from it when there is none yet). */
function current(scenario: Scenario): Prediction {
  return predictionFor(scenario, usePlayground.getState().prediction);
}

/** Puts a call of the first response in another batch of the guess (1 for the first). */
export function guessBatch(id: string, batch: number): void {
  const { scenario, run } = usePlayground.getState();
  if (!scenario || run.status === 'running') return;
  const prediction = current(scenario);
  usePlayground.setState({ prediction: { ...prediction, batches: { ...prediction.batches, [id]: batch } } });
}

/** Moves a call one place earlier (`-1`) or later (`1`) in the guessed order of results. */
export function moveGuess(id: string, by: -1 | 1): void {
  const { scenario, run } = usePlayground.getState();
  if (!scenario || run.status === 'running') return;
  const prediction = current(scenario);
  const order = [...prediction.order];
  const at = order.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= order.length) return;
  [order[at], order[to]] = [order[to]!, order[at]!];
  usePlayground.setState({ prediction: { ...prediction, order } });
}

/** Starts the guess again from the first one. */
export function resetGuess(): void {
  const { scenario } = usePlayground.getState();
  if (scenario) usePlayground.setState({ prediction: initialPrediction(scenario) });
}

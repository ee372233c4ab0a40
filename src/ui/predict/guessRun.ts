import { useEffect, useMemo, useRef, useState } from 'react';
import type { RunRecord } from '../../run/record';
import type { Scenario } from '../../scenarios/schema';
import { usePlayground, visibleRecord, type Prediction } from '../store';
import type { LaneGuess } from '../timeline';
import { comparePrediction, normaliseBatches, predictableCalls, predictionFor, type PredictionResult } from './prediction';

/*
 * Predict, then run, as a flow: while the learner guesses, the lesson's text (which states the
 * answer) is hidden; Run brings the timeline to the front with the guess marked on the lanes, and
 * once the run ended each mark says whether the guess was right.
 */

/** Each predicted call's guessed batch (renumbered 1, 2, …) and, once the run ended, whether it was right. */
export function guessMarks(scenario: Scenario, prediction: Prediction | null, record: RunRecord): { marks: Map<string, LaneGuess>; result: PredictionResult | undefined } {
  const calls = predictableCalls(scenario);
  const guess = predictionFor(scenario, prediction);
  const batches = normaliseBatches(
    calls.map((call) => call.id),
    (id) => guess.batches[id],
  );
  const result = comparePrediction(guess, record, calls);
  const marks = new Map<string, LaneGuess>();
  for (const call of calls) {
    const right = result?.calls.find((verdict) => verdict.id === call.id)?.right;
    marks.set(call.id, { batch: batches.get(call.id) ?? 1, ...(right !== undefined ? { right } : {}) });
  }
  return { marks, result };
}

/** What the page shows of a guess being checked. */
export interface GuessRun {
  /** The lesson's text would give the answer away now. */
  readonly predicting: boolean;
  /** The guess on the lanes of the run that checks it; `undefined` when no run checks a guess. */
  readonly marks: ReadonlyMap<string, LaneGuess> | undefined;
  /** The guess laid over the run, once it ended. */
  readonly result: PredictionResult | undefined;
}

/**
 * The flow around the Predict tab: `inPredict` says it is in front; `showTimeline` brings the
 * timeline forward when a run starts from it.
 */
export function useGuessRun(inPredict: boolean, showTimeline: () => void): GuessRun {
  const scenario = usePlayground((state) => state.scenario);
  const status = usePlayground((state) => state.run.status);
  const prediction = usePlayground((state) => state.prediction);
  const record = usePlayground(visibleRecord);
  const [checking, setChecking] = useState<string | null>(null);
  const previous = useRef(status);
  useEffect(() => {
    const started = status === 'running' && previous.current !== 'running';
    previous.current = status;
    if (!started) return;
    // A run started from the Predict tab checks the guess; any other run does not.
    setChecking(inPredict && scenario ? scenario.id : null);
    if (inPredict) showTimeline();
  }, [status, inPredict, scenario, showTimeline]);
  const shown = scenario !== null && checking === scenario.id;
  const marked = useMemo(() => (shown && scenario ? guessMarks(scenario, prediction, record) : undefined), [shown, scenario, prediction, record]);
  return { predicting: status !== 'done' && (inPredict || shown), marks: marked?.marks, result: marked?.result };
}

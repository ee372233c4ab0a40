/** Predict, then run: the learner's guess of the first response, laid over the run. */
export { PredictPanel } from './PredictPanel';
export { GuessBar } from './GuessBar';
export { guessMarks, useGuessRun, type GuessRun } from './guessRun';
export { comparePrediction, initialPrediction, normaliseBatches, predictableCalls, type CallVerdict, type PredictedCall, type PredictionResult } from './prediction';

/** Predict, then run: the learner's guess of the first response, laid over the run. */
// PredictPanel is not here: it loads after the first paint (ui/laterPanes.ts).
export { GuessBar } from './GuessBar';
export { guessMarks, useGuessRun, type GuessRun } from './guessRun';
export { comparePrediction, initialPrediction, normaliseBatches, predictableCalls, type CallVerdict, type PredictedCall, type PredictionResult } from './prediction';

/** Predict, then run: the learner's guess of the first response, laid over the run. */
export { PredictPanel } from './PredictPanel';
export { comparePrediction, initialPrediction, normaliseBatches, predictableCalls, type CallVerdict, type PredictedCall, type PredictionResult } from './prediction';

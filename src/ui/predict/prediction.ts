import type { CallRecord, RunRecord, TurnRecord } from '../../run/record';
import type { Scenario, ToolUseStreamBlock } from '../../scenarios/schema';
import { callLabel } from '../lesson/lessonCheck';
import type { Prediction } from '../store';

/*
 * Predict, then run: before Run the learner groups the first response's calls into batches and
 * orders their results; after the run the guess is laid over what happened, call by call, with
 * why the run did otherwise where it did.
 */

/** A call the learner predicts: the first response's tool_use blocks, in the order they reach the executor. */
export interface PredictedCall {
  id: string;
  name: string;
  label: string;
}

/** The first response's calls in arrival order (a block arrives when it closes). */
export function predictableCalls(scenario: Scenario): PredictedCall[] {
  const blocks = (scenario.turns[0]?.stream ?? []).filter((block): block is ToolUseStreamBlock => block.type === 'tool_use');
  return blocks
    .map((block, index) => ({ block, index }))
    .sort((a, b) => a.block.at + a.block.durationMs - (b.block.at + b.block.durationMs) || a.index - b.index)
    .map(({ block }) => ({ id: block.id, name: block.name, label: callLabel({ id: block.id, name: block.name, input: block.input }) }));
}

/** A first guess: every call in one batch, results in arrival order. */
export function initialPrediction(scenario: Scenario): Prediction {
  const calls = predictableCalls(scenario);
  return { scenarioId: scenario.id, batches: Object.fromEntries(calls.map((call) => [call.id, 1])), order: calls.map((call) => call.id) };
}

/** The learner's guess for `scenario`: the one stored when it is this scenario's, else the first guess. */
export function predictionFor(scenario: Scenario, stored: Prediction | null): Prediction {
  return stored?.scenarioId === scenario.id ? stored : initialPrediction(scenario);
}

/** Batch numbers renumbered 1, 2, 3… in the order they first appear along `ids`, so only the grouping and its order count. */
export function normaliseBatches(ids: readonly string[], batchOf: (id: string) => number | undefined): Map<string, number> {
  const renumbered = new Map<number, number>();
  const result = new Map<string, number>();
  for (const id of ids) {
    const batch = batchOf(id);
    if (batch === undefined) continue;
    if (!renumbered.has(batch)) renumbered.set(batch, renumbered.size + 1);
    result.set(id, renumbered.get(batch)!);
  }
  return result;
}

/** One call of the guess laid over the run. */
export interface CallVerdict {
  id: string;
  label: string;
  guessedBatch: number;
  /** `null` when the call never got a batch (it never reached the executor). */
  actualBatch: number | null;
  right: boolean;
  /** Why the run grouped it otherwise, where the guess missed. */
  why?: string;
}

/** The guess laid over the run: per call its batch, per place in the result order its call. */
export interface PredictionResult {
  calls: CallVerdict[];
  order: { place: number; guessed: string; actual: string | undefined; right: boolean }[];
  /** Why the results came back in the order they did, when the guessed order missed. */
  orderWhy?: string;
}

function firstTurn(record: RunRecord): TurnRecord | undefined {
  return record.turns.find((turn) => turn.agent === undefined && turn.index === 0);
}

/** Why the run put a call in the batch it did, in a sentence. */
function batchWhy(call: CallRecord, turn: TurnRecord, labels: Map<string, string>, strategy: RunRecord['strategy']): string {
  if (strategy === 'serial') return 'the serial strategy runs every call alone, one at a time';
  if (strategy === 'parallel') return 'the parallel strategy starts every call at once, whatever its safety';
  if (!call.concurrencySafe) return `${labels.get(call.id)} is not concurrency-safe, so it runs alone, in a batch of its own`;
  const arrival = turn.calls.map((other) => other.id);
  const before = turn.calls[arrival.indexOf(call.id) - 1];
  if (before && !before.concurrencySafe) return `it arrived right after ${labels.get(before.id)}, which runs alone, so it opens a new batch`;
  return 'consecutive concurrency-safe calls share one batch';
}

/** Lays the learner's guess over the run's first response; `undefined` when the run has none yet. */
export function comparePrediction(prediction: Prediction, record: RunRecord, calls: readonly PredictedCall[]): PredictionResult | undefined {
  const turn = firstTurn(record);
  if (!turn || record.status !== 'ended') return undefined;
  const ids = calls.map((call) => call.id);
  const labels = new Map(calls.map((call) => [call.id, call.label]));
  const guessed = normaliseBatches(ids, (id) => prediction.batches[id]);
  const actualOf = new Map<string, number>();
  for (const batch of turn.batches) for (const id of batch.toolUseIds) actualOf.set(id, batch.index);
  const actual = normaliseBatches(ids, (id) => actualOf.get(id));
  const strategy = record.strategy;
  const verdicts = calls.map((call): CallVerdict => {
    const guess = guessed.get(call.id) ?? 1;
    const ran = actual.get(call.id) ?? null;
    const right = ran === guess;
    const record = turn.calls.find((candidate) => candidate.id === call.id);
    const why = right ? undefined : record ? batchWhy(record, turn, labels, strategy) : 'it never reached the executor';
    return { id: call.id, label: call.label, guessedBatch: guess, actualBatch: ran, right, ...(why ? { why } : {}) };
  });
  const order = prediction.order.map((id, place) => ({ place: place + 1, guessed: id, actual: turn.yieldOrder[place], right: turn.yieldOrder[place] === id }));
  const resultOrder = record.schedule?.resultOrder ?? record.settings.resultOrder;
  const orderWhy = order.every((entry) => entry.right)
    ? undefined
    : resultOrder === 'completion'
      ? 'under completion order a finished call may pass a slower one running beside it'
      : 'under request order every result waits until each earlier one has been handed back';
  return { calls: verdicts, order, ...(orderWhy ? { orderWhy } : {}) };
}

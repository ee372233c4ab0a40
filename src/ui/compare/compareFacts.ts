import type { RunRecord } from '../../run/record';
import { runFacts, type RunFacts } from '../../run/runFacts';

/** What the compare view says of one run. */
export interface CompareFacts extends RunFacts {
  /** From the start until the last tool result was handed back: the number the lessons quote. */
  toolsMakespan: number;
}

/**
 * The run's facts (`runFacts`: the run's makespan, the calls a sibling cancelled, the result order,
 * the lost edits, as `replay --compare` says them) and when its last tool result came back.
 */
export function compareFacts(record: RunRecord): CompareFacts {
  const facts = runFacts(record);
  const handedBack = record.turns.flatMap((turn) => turn.calls.map((call) => call.yieldedAt ?? call.completedAt ?? record.startedAt));
  const toolsMakespan = handedBack.length > 0 ? Math.max(...handedBack) - record.startedAt : facts.makespan;
  return { ...facts, toolsMakespan };
}

/** The facts as the caption writes them after the makespan: cancellations, result order, lost edits. */
export function factSentences(facts: RunFacts): string[] {
  const order = facts.outOfOrder === 0 ? 'results in request order' : `${facts.outOfOrder} ${facts.outOfOrder === 1 ? 'result passed' : 'results passed'} an earlier one`;
  const cancelled = facts.cancelled === 0 ? 'no call cancelled by a sibling' : `${facts.cancelled} ${facts.cancelled === 1 ? 'call' : 'calls'} cancelled by a sibling`;
  const lost = facts.lostEdits.length === 0 ? 'no edit lost' : `lost ${facts.lostEdits.length === 1 ? 'an edit' : `${facts.lostEdits.length} edits`}: ${facts.lostEdits.map((edit) => `${edit.id} (${edit.path})`).join(', ')}`;
  return [cancelled, order, lost];
}

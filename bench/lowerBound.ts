import type { RunRecord, TurnRecord } from '../src/run/record';

/**
 * The ideal makespan of a run with zero scheduling overhead, given what each call really cost:
 * turns run one after another; within a turn, each batch starts when its calls' blocks have closed
 * and the previous batch has ended, a concurrent batch runs up to `maxConcurrency` calls at once,
 * and the turn lasts until both its stream and its last batch have ended. A call costs what it
 * cost in the measured run (simulated latency plus real work), so the ratio measured / ideal is
 * the scheduler's own overhead.
 */
export function idealMakespan(record: RunRecord, maxConcurrency: number): number {
  let total = 0;
  for (const turn of record.turns) total += idealTurn(turn, maxConcurrency);
  return total;
}

function idealTurn(turn: TurnRecord, maxConcurrency: number): number {
  const start = turn.streamStartedAt;
  const streamEnd = (turn.streamEndedAt ?? start) - start;
  let previousEnd = 0;
  for (const batch of turn.batches) {
    const slots: number[] = [];
    let end = previousEnd;
    for (const id of batch.toolUseIds) {
      const call = turn.calls.find((c) => c.id === id);
      if (!call) continue;
      const cost = call.executingAt !== null && call.completedAt !== null ? call.completedAt - call.executingAt : 0;
      let begin = Math.max(call.queuedAt - start, previousEnd);
      if (batch.concurrent && slots.length >= maxConcurrency) {
        slots.sort((a, b) => a - b);
        begin = Math.max(begin, slots.shift()!);
      }
      slots.push(begin + cost);
      end = Math.max(end, begin + cost);
    }
    previousEnd = end;
  }
  return Math.max(streamEnd, previousEnd);
}

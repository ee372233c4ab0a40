import type { ScenarioTurn } from '../src/scenarios/schema';
import { partitionToolCalls } from '../src/tools/orchestration/partition';
import type { ToolPool } from '../src/tools/pool';

/**
 * The ideal makespan of a scenario's turns with zero scheduling overhead: each turn lasts until
 * its stream ends and until its last batch's critical path ends, where a call starts at its block's
 * close or when the previous batch has ended (whichever is later), within the concurrency cap.
 * Tools are taken to cost exactly their simulated latency.
 */
export function idealMakespan(turns: readonly ScenarioTurn[], pool: ToolPool, maxConcurrency: number): number {
  let total = 0;
  for (const turn of turns) {
    const tools = turn.stream.flatMap((block) =>
      block.type === 'tool_use'
        ? [{ id: block.id, name: block.name, input: typeof block.input === 'string' ? {} : block.input, ...(typeof block.input === 'string' ? { inputError: block.input } : {}), close: block.at + block.durationMs, latency: block.latencyMs ?? 0 }]
        : [],
    );
    tools.sort((a, b) => a.close - b.close);
    const streamEnd = Math.max(0, ...turn.stream.map((block) => block.at + block.durationMs));
    let previousEnd = 0;
    for (const batch of partitionToolCalls(tools, pool)) {
      const slots: number[] = [];
      let end = previousEnd;
      for (const call of batch.calls) {
        let start = Math.max(call.close, previousEnd);
        if (batch.concurrent && slots.length >= maxConcurrency) {
          slots.sort((a, b) => a - b);
          start = Math.max(start, slots.shift()!);
        }
        const finish = start + call.latency;
        slots.push(finish);
        end = Math.max(end, finish);
      }
      previousEnd = end;
    }
    total += Math.max(streamEnd, previousEnd);
  }
  return total;
}

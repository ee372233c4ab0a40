import type { CallRecord, RunRecord, TurnRecord } from './record';

/** One event of the Chrome Trace Event Format (the fields this exporter uses). */
export interface TraceEvent {
  name: string;
  ph: 'X' | 'b' | 'e' | 'i' | 'M';
  ts: number;
  pid: number;
  tid: number;
  dur?: number;
  id?: string;
  cat?: string;
  s?: 'g' | 'p' | 't';
  args?: Record<string, unknown>;
}

export interface ChromeTrace {
  traceEvents: TraceEvent[];
  displayTimeUnit: 'ms';
}

const STREAM_LANE = 1;
const BATCH_LANE = 2;
const FIRST_SLOT_LANE = 10;
const us = (ms: number) => Math.round(ms * 1000);

/**
 * The run as a Chrome Trace (Perfetto and chrome://tracing open it): one process per agent, a lane
 * for the model stream, a lane for batches, and one lane per concurrency slot, each call drawn on
 * the lowest free slot with its latency and run phases nested inside. Waiting in the queue and
 * waiting to be yielded are async spans, since many calls wait at once.
 */
export function toChromeTrace(record: RunRecord): ChromeTrace {
  const events: TraceEvent[] = [];
  const agents = new Map<string | undefined, number>([[undefined, 1]]);
  const pidOf = (agent: string | undefined) => {
    if (!agents.has(agent)) agents.set(agent, agents.size + 1);
    return agents.get(agent)!;
  };

  const lanesNamed = new Set<string>();
  const nameLane = (pid: number, tid: number, name: string) => {
    const key = `${pid}:${tid}`;
    if (lanesNamed.has(key)) return;
    lanesNamed.add(key);
    events.push({ name: 'thread_name', ph: 'M', ts: 0, pid, tid, args: { name } });
    events.push({ name: 'thread_sort_index', ph: 'M', ts: 0, pid, tid, args: { sort_index: tid } });
  };

  const visitTurns = (turns: readonly TurnRecord[], agent: string | undefined) => {
    const pid = pidOf(agent);
    events.push({ name: 'process_name', ph: 'M', ts: 0, pid, tid: 0, args: { name: agent ? `sub-agent ${agent}` : `${record.scenario} (${record.strategy})` } });
    nameLane(pid, STREAM_LANE, 'model stream');
    nameLane(pid, BATCH_LANE, 'batches');
    // Slots are free again at the end time of the call that held them.
    const slotFreeAt: number[] = [];
    for (const turn of turns) {
      const streamEnd = turn.streamEndedAt ?? turn.endedAt ?? record.endedAt;
      events.push({ name: `turn ${turn.index} stream`, ph: 'X', ts: us(turn.streamStartedAt), dur: us(streamEnd - turn.streamStartedAt), pid, tid: STREAM_LANE, cat: 'stream', args: { endReason: turn.streamEndReason } });
      for (const block of turn.blocks) {
        const end = block.stoppedAt ?? streamEnd;
        events.push({ name: block.kind === 'tool_use' ? `${block.name ?? 'tool'} block` : 'text', ph: 'X', ts: us(block.startedAt), dur: us(Math.max(0, end - block.startedAt)), pid, tid: STREAM_LANE, cat: 'stream', args: block.kind === 'text' ? { text: block.text } : { id: block.id } });
      }
      if (turn.streamEndReason === 'fallback' || turn.streamEndReason === 'interrupt') {
        events.push({ name: turn.streamEndReason === 'fallback' ? 'streaming fallback' : 'user interrupt', ph: 'i', ts: us(streamEnd), pid, tid: STREAM_LANE, s: 'p' });
      }
      for (const batch of turn.batches) {
        const calls = batch.toolUseIds.map((id) => turn.calls.find((c) => c.id === id)).filter((c): c is CallRecord => c !== undefined);
        const starts = calls.map((c) => c.executingAt).filter((t): t is number => t !== null);
        const ends = calls.map((c) => c.completedAt).filter((t): t is number => t !== null);
        if (starts.length === 0 || ends.length === 0) continue;
        const from = Math.min(...starts);
        events.push({ name: `batch ${batch.index} (${batch.concurrent ? 'concurrent' : 'serial'})`, ph: 'X', ts: us(from), dur: us(Math.max(...ends) - from), pid, tid: BATCH_LANE, cat: 'batch', args: { calls: batch.toolUseIds } });
      }
      const started = turn.calls.filter((c) => c.executingAt !== null).sort((a, b) => a.executingAt! - b.executingAt! || a.queuedAt - b.queuedAt);
      for (const call of started) {
        const start = call.executingAt!;
        const end = call.completedAt ?? record.endedAt;
        let slot = slotFreeAt.findIndex((free) => free <= start);
        if (slot < 0) slot = slotFreeAt.length;
        slotFreeAt[slot] = end;
        const tid = FIRST_SLOT_LANE + slot;
        nameLane(pid, tid, `slot ${slot + 1}`);
        events.push({ name: `${call.name}(${call.id})`, ph: 'X', ts: us(start), dur: us(end - start), pid, tid, cat: 'call', args: { input: call.input, outcome: call.outcome, batch: call.batch } });
        const runFrom = call.runStartedAt ?? end;
        if (runFrom > start) events.push({ name: 'simulated latency', ph: 'X', ts: us(start), dur: us(runFrom - start), pid, tid, cat: 'latency' });
        if (call.runStartedAt !== null && end > call.runStartedAt) events.push({ name: 'run', ph: 'X', ts: us(call.runStartedAt), dur: us(end - call.runStartedAt), pid, tid, cat: 'run' });
      }
      for (const call of turn.calls) {
        const leftQueue = call.executingAt ?? call.completedAt;
        if (leftQueue !== null && leftQueue > call.queuedAt) asyncSpan(events, pid, `${call.id}:queued`, `queued ${call.name}(${call.id})`, call.queuedAt, leftQueue, { waits: call.waits });
        if (call.completedAt !== null && call.yieldedAt !== null && call.yieldedAt > call.completedAt) {
          asyncSpan(events, pid, `${call.id}:yield`, `awaiting yield ${call.name}(${call.id})`, call.completedAt, call.yieldedAt);
        }
        if (call.children) visitTurns(call.children, call.id);
      }
    }
  };
  visitTurns(record.turns, undefined);
  return { traceEvents: events, displayTimeUnit: 'ms' };
}

function asyncSpan(events: TraceEvent[], pid: number, id: string, name: string, from: number, to: number, args?: Record<string, unknown>) {
  events.push({ name, ph: 'b', ts: us(from), pid, tid: 0, id, cat: 'wait', ...(args ? { args } : {}) });
  events.push({ name, ph: 'e', ts: us(to), pid, tid: 0, id, cat: 'wait' });
}

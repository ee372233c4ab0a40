import { batchName } from '../tools/orchestration/batchName';

import { assignLanes, type Span } from './laneAssignment';
import { callPhases, type PhaseKind } from './callPhases';
import type { CallRecord, RunRecord, TurnRecord } from './record';

interface TraceEventBase {
  name: string;
  pid: number;
  tid: number;
  /** Microseconds from the run's start. */
  ts: number;
  cat?: string;
  args?: Record<string, unknown>;
}

/** One event of the Chrome Trace Event Format, of the kinds this exporter writes. */
export type TraceEvent =
  | (TraceEventBase & { ph: 'X'; /** Microseconds. */ dur: number })
  | (TraceEventBase & { ph: 'i'; s: 't' | 'p' | 'g' })
  | (TraceEventBase & { ph: 'C'; args: Record<string, number> })
  | (TraceEventBase & { ph: 'M'; args: Record<string, unknown> });

/** A Chrome Trace file (JSON object format), as Perfetto and chrome://tracing open it. */
export interface ChromeTrace {
  traceEvents: TraceEvent[];
  displayTimeUnit: 'ms';
  otherData: Record<string, unknown>;
}

const us = (ms: number): number => Math.round(ms * 1000);
const label = (call: CallRecord): string => `${call.name}(${call.id})`;
const PREVIEW_CHARS = 300;

/**
 * The run as a Chrome Trace (UX item 6). One process per agent (the main agent is pid 1, each
 * sub-agent the next), with lanes: `turns`; `stream` (each turn's stream with its blocks nested);
 * `batches`; one lane per concurrency slot (each call's executing span on the lowest free slot,
 * its `permission`, `latency` and `run` phases nested inside); `yield` (an instant per yielded
 * result); `events` (fallbacks, interrupts, calls settled without running). Queued and awaiting-yield
 * times are in each call's args, and a `calls` counter shows how many wait, run and await yield.
 * Spans that could overlap (blocks, batches) spill onto extra lanes, so every lane nests.
 */
export function toChromeTrace(record: RunRecord): ChromeTrace {
  const out: TraceEvent[] = [];
  const agents: { label: string; turns: readonly TurnRecord[] }[] = [
    { label: `main agent: ${record.scenario || 'run'} (${record.strategy}, ${record.sandbox || 'no sandbox'})`, turns: record.turns },
  ];
  const collect = (turns: readonly TurnRecord[]) => {
    for (const turn of turns) {
      for (const call of turn.calls) {
        if (!call.children) continue;
        agents.push({ label: `sub-agent of ${label(call)}`, turns: call.children });
        collect(call.children);
      }
    }
  };
  collect(record.turns);
  agents.forEach((agent, i) => traceAgent(record, i + 1, agent.label, agent.turns, out));
  return {
    traceEvents: out,
    displayTimeUnit: 'ms',
    otherData: { version: record.version, scenario: record.scenario, strategy: record.strategy, sandbox: record.sandbox, expectations: record.expectations },
  };
}

function nameLane(out: TraceEvent[], pid: number, tid: number, name: string): void {
  out.push({ ph: 'M', name: 'thread_name', pid, tid, ts: 0, args: { name } });
  out.push({ ph: 'M', name: 'thread_sort_index', pid, tid, ts: 0, args: { sort_index: tid } });
}

function traceAgent(record: RunRecord, pid: number, processName: string, turns: readonly TurnRecord[], out: TraceEvent[]): void {
  const runEnd = record.endedAt;
  let nextTid = 1;
  const openLane = (name: string): number => {
    const tid = nextTid++;
    nameLane(out, pid, tid, name);
    return tid;
  };
  const span = (tid: number, name: string, cat: string, start: number, end: number, args?: Record<string, unknown>) => {
    out.push({ ph: 'X', name, cat, pid, tid, ts: start, dur: Math.max(0, end - start), ...(args ? { args } : {}) });
  };
  out.push({ ph: 'M', name: 'process_name', pid, tid: 0, ts: 0, args: { name: processName } });
  out.push({ ph: 'M', name: 'process_sort_index', pid, tid: 0, ts: 0, args: { sort_index: pid } });

  const turnsLane = openLane('turns');
  for (const turn of turns) {
    span(turnsLane, `turn ${turn.index}`, 'turn', us(turn.startedAt), us(turn.endedAt ?? runEnd), { calls: turn.calls.length, streamEndReason: turn.streamEndReason });
  }

  // The stream: each turn's stream span, its blocks nested (overlapping blocks spill onto extra lanes).
  const streamLane = openLane('stream');
  const blocks: (Span & { name: string; args: Record<string, unknown> })[] = [];
  for (const turn of turns) {
    const start = us(turn.streamStartedAt);
    const end = Math.max(start, us(turn.streamEndedAt ?? turn.endedAt ?? runEnd));
    span(streamLane, `stream (turn ${turn.index})`, 'stream', start, end, {
      endReason: turn.streamEndReason,
      ...(turn.streamEndMessage !== undefined ? { message: turn.streamEndMessage } : {}),
    });
    for (const block of turn.blocks) {
      const from = clamp(us(block.startedAt), start, end);
      blocks.push({
        start: from,
        end: clamp(us(block.stoppedAt ?? turn.streamEndedAt ?? runEnd), from, end),
        name: block.kind === 'text' ? 'text' : `tool_use ${block.name ?? '?'}(${block.id ?? '?'})`,
        args: { index: block.index, ...(block.text !== undefined ? { text: preview(block.text) } : {}), closed: block.stoppedAt !== null },
      });
    }
  }
  const blockLanes = spillLanes(blocks, streamLane, (k) => openLane(`stream (overlap ${k})`));
  blocks.forEach((block, i) => span(blockLanes[i]!, block.name, 'stream', block.start, block.end, block.args));

  // Batches: from the first call's start to the last call's end.
  const batches: (Span & { name: string; args: Record<string, unknown> })[] = [];
  for (const turn of turns) {
    const byId = new Map(turn.calls.map((call) => [call.id, call]));
    for (const batch of turn.batches) {
      const ran = batch.toolUseIds.map((id) => byId.get(id)).filter((call): call is CallRecord => call?.executingAt != null);
      if (ran.length === 0) continue;
      batches.push({
        start: ran.reduce((min, call) => Math.min(min, us(call.executingAt!)), Infinity),
        end: ran.reduce((max, call) => Math.max(max, us(call.completedAt ?? runEnd)), -Infinity),
        name: `${batchName(batch.index)} (turn ${turn.index})`,
        args: { concurrent: batch.concurrent, toolUseIds: batch.toolUseIds },
      });
    }
  }
  const firstBatchLane = openLane('batches');
  const batchLanes = spillLanes(batches, firstBatchLane, (k) => openLane(`batches (overlap ${k})`));
  batches.forEach((batch, i) => span(batchLanes[i]!, batch.name, 'batch', batch.start, batch.end, batch.args));

  // Calls: one lane per concurrency slot.
  const calls = turns.flatMap((turn) => turn.calls);
  const ran = calls.filter((call) => call.executingAt !== null);
  const spans = ran.map((call) => {
    const start = us(call.executingAt!);
    return { start, end: Math.max(start, us(call.completedAt ?? runEnd)) };
  });
  const slots = assignLanes(spans);
  const slotTids = Array.from({ length: slots.count }, (_, k) => openLane(`slot ${k + 1}`));
  ran.forEach((call, i) => {
    const { start, end } = spans[i]!;
    const tid = slotTids[slots.lanes[i]!]!;
    span(tid, label(call), 'call', start, end, callArgs(call));
    for (const phase of phasesOf(call, start, end, runEnd)) span(tid, phase.name, 'phase', phase.start, phase.end, phase.args);
  });

  const yieldLane = openLane('yield');
  for (const call of calls) {
    if (call.yieldedAt === null) continue;
    const waited = call.completedAt !== null ? call.yieldedAt - call.completedAt : null;
    out.push({ ph: 'i', s: 't', name: `yield ${label(call)}`, cat: 'yield', pid, tid: yieldLane, ts: us(call.yieldedAt), args: { waitedMs: waited } });
  }

  const eventsLane = openLane('events');
  if (pid === 1) {
    for (const change of record.permissionModeChanges) {
      out.push({ ph: 'i', s: 'p', name: `permission mode → ${change.mode}`, cat: 'permission', pid, tid: eventsLane, ts: us(change.at) });
    }
    if (record.error !== undefined) {
      out.push({ ph: 'i', s: 'g', name: 'run failed', cat: 'error', pid, tid: eventsLane, ts: us(runEnd), args: { error: record.error } });
    }
  }
  for (const turn of turns) {
    if (turn.streamEndReason === null || turn.streamEndReason === 'end' || turn.streamEndedAt === null) continue;
    const name = { fallback: 'streaming fallback', interrupt: 'user interrupt', error: 'stream error' }[turn.streamEndReason];
    out.push({ ph: 'i', s: 'p', name, cat: turn.streamEndReason, pid, tid: eventsLane, ts: us(turn.streamEndedAt), args: { turn: turn.index, message: turn.streamEndMessage ?? null } });
  }
  for (const call of calls) {
    if (call.executingAt !== null || call.completedAt === null) continue;
    out.push({ ph: 'i', s: 't', name: `${label(call)} ${call.outcome ?? 'ended'} without running`, cat: 'call', pid, tid: eventsLane, ts: us(call.completedAt), args: callArgs(call) });
  }
  out.push(...counters(calls, pid, runEnd));
}

/** Lane 0 of a spill set is `first`; lane k > 0 is opened on demand. */
function spillLanes(spans: readonly Span[], first: number, open: (k: number) => number): number[] {
  const { lanes, count } = assignLanes(spans);
  const tids = [first];
  for (let k = 1; k < count; k++) tids.push(open(k + 1));
  return lanes.map((lane) => tids[lane]!);
}

/** The trace's name for each phase inside a call's span (queued and awaiting-yield lie outside it). */
const TRACE_PHASE: Partial<Record<PhaseKind, string>> = { latency: 'latency', asking: 'permission', executing: 'run' };

/** A call's phases inside its span, clamped and in order so they nest: latency and checks, permission, run. */
function phasesOf(call: CallRecord, start: number, end: number, runEnd: number): (Span & { name: string; args?: Record<string, unknown> })[] {
  const phases: (Span & { name: string; args?: Record<string, unknown> })[] = [];
  let cursor = start;
  for (const phase of callPhases(call, runEnd)) {
    const traced = TRACE_PHASE[phase.kind];
    if (traced === undefined) continue;
    const name = traced === 'latency' && call.latencyMs === 0 ? 'checks' : traced;
    const args =
      phase.kind === 'asking' && call.permission
        ? { reason: call.permission.reason, answer: call.permission.answer }
        : name === 'latency'
          ? { latencyMs: call.latencyMs }
          : undefined;
    const from = clamp(us(phase.from), cursor, end);
    const to = clamp(us(phase.to), from, end);
    if (to > from) phases.push({ start: from, end: to, name, ...(args ? { args } : {}) });
    cursor = to;
  }
  return phases;
}

function callArgs(call: CallRecord): Record<string, unknown> {
  return {
    id: call.id,
    input: call.input,
    outcome: call.outcome,
    batch: call.batch,
    concurrencySafe: call.concurrencySafe,
    queuedAt: call.queuedAt,
    queuedMs: (call.executingAt ?? call.completedAt ?? call.queuedAt) - call.queuedAt,
    waits: call.waits.map((wait) => `${wait.from}–${wait.to ?? '…'} ms: ${wait.reason}`),
    yieldedAt: call.yieldedAt,
    awaitingYieldMs: call.yieldedAt !== null && call.completedAt !== null ? call.yieldedAt - call.completedAt : null,
    result: call.result ? { is_error: call.result.is_error, content: preview(call.result.content) } : null,
  };
}

/** How many calls are queued, executing and awaiting yield, at each moment one of them changes. */
function counters(calls: readonly CallRecord[], pid: number, runEnd: number): TraceEvent[] {
  type Key = 'queued' | 'executing' | 'awaiting yield';
  const deltas: { at: number; key: Key; by: number }[] = [];
  const add = (key: Key, from: number, to: number) => deltas.push({ at: us(from), key, by: 1 }, { at: us(Math.max(from, to)), key, by: -1 });
  for (const call of calls) {
    add('queued', call.queuedAt, call.executingAt ?? call.completedAt ?? runEnd);
    if (call.executingAt !== null) add('executing', call.executingAt, call.completedAt ?? runEnd);
    if (call.completedAt !== null && call.outcome !== 'discarded') add('awaiting yield', call.completedAt, call.yieldedAt ?? runEnd);
  }
  deltas.sort((a, b) => a.at - b.at);
  const level: Record<Key, number> = { queued: 0, executing: 0, 'awaiting yield': 0 };
  const out: TraceEvent[] = [];
  for (let i = 0; i < deltas.length; i++) {
    const delta = deltas[i]!;
    level[delta.key] += delta.by;
    if (deltas[i + 1]?.at === delta.at) continue;
    out.push({ ph: 'C', name: 'calls', cat: 'calls', pid, tid: 0, ts: delta.at, args: { ...level } });
  }
  return out;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), Math.max(low, high));
}

function preview(text: string): string {
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}… (${text.length} characters)` : text;
}

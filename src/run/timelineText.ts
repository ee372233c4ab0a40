import { batchName } from '../tools/orchestration/batchName';

import type { CallOutcome } from '../tools/execution';
import { callPhases, type PhaseKind } from './callPhases';
import type { CallRecord, RunRecord, TurnRecord } from './record';
import { waitSentence } from './waitText';

const WIDTH = 60;
const MAX_BLOCKS_LISTED = 12;
const OUTCOME_ORDER: readonly (CallOutcome | 'unfinished')[] = ['success', 'error', 'invalid', 'denied', 'cancelled', 'interrupted', 'discarded', 'unfinished'];

/** Milliseconds as text: whole numbers as they are, others to one decimal. */
function ms(value: number | null): string {
  if (value === null) return '—';
  return Number.isInteger(value) ? `${value}` : value.toFixed(1);
}

/** Maps run time onto the bar's columns. */
interface Scale {
  column(at: number): number;
}

function scaleOf(record: RunRecord): Scale {
  const span = Math.max(1e-9, record.endedAt - record.startedAt);
  return { column: (at) => Math.min(WIDTH - 1, Math.max(0, Math.floor(((at - record.startedAt) / span) * WIDTH))) };
}

interface Segment {
  from: number | null;
  to: number | null;
  mark: string;
  /** Draw a cell even when the segment takes no time (a tool that ran instantly still ran). */
  always?: boolean;
}

/** A bar of `WIDTH` cells; later segments paint over earlier ones, and one that takes time gets a cell. */
function bar(scale: Scale, segments: readonly Segment[]): string {
  const cells = new Array<string>(WIDTH).fill(' ');
  for (const { from, to, mark, always } of segments) {
    if (from === null || to === null || to < from || (to === from && !always)) continue;
    const first = scale.column(from);
    const last = Math.max(first, to > from ? scale.column(to) - 1 : first);
    for (let i = first; i <= last; i++) cells[i] = mark;
  }
  return `|${cells.join('')}|`;
}

/** The text mark of each phase. */
const PHASE_MARK: Record<PhaseKind, string> = { queued: '.', latency: '~', asking: '?', executing: '#', 'completed-awaiting-yield': '=' };

function callBar(call: CallRecord, scale: Scale, end: number): string {
  return bar(scale, callPhases(call, end).map((phase) => ({ from: phase.from, to: phase.to, mark: PHASE_MARK[phase.kind], always: phase.kind === 'executing' })));
}

function streamBar(turn: TurnRecord, scale: Scale, end: number): string {
  const streamEnd = turn.streamEndedAt ?? end;
  return bar(scale, [
    { from: turn.streamStartedAt, to: streamEnd, mark: '-' },
    ...turn.blocks.map((block) => ({ from: block.startedAt, to: block.stoppedAt ?? streamEnd, mark: block.kind === 'text' ? 't' : 'u', always: true })),
  ]);
}

function callFacts(call: CallRecord): string {
  const facts = [`queued ${ms(call.queuedAt)}`, `executing ${ms(call.executingAt)}`];
  if (call.runStartedAt !== null && call.runStartedAt !== call.executingAt) facts.push(`running ${ms(call.runStartedAt)}`);
  facts.push(`completed ${ms(call.completedAt)}`, `yielded ${ms(call.yieldedAt)}`);
  if (call.latencyMs > 0) facts.push(`latency ${ms(call.latencyMs)} ms`);
  return facts.join(' · ');
}

function turnLines(turn: TurnRecord, scale: Scale, end: number, indent: string, column: number): string[] {
  const owner = turn.agent !== undefined ? ` (sub-agent of ${turn.agent})` : '';
  const reason = turn.streamEndReason ?? 'still streaming';
  const lines = [
    `${indent}turn ${turn.index}${owner} · ${ms(turn.startedAt)}–${ms(turn.endedAt)} ms · stream ${ms(turn.streamStartedAt)}–${ms(turn.streamEndedAt)} ms (${reason}${turn.streamEndMessage !== undefined ? `: ${turn.streamEndMessage}` : ''})`,
    `${`${indent}  stream`.padEnd(column)}${streamBar(turn, scale, end)}`,
  ];
  if (turn.blocks.length > 0) {
    const listed = turn.blocks.slice(0, MAX_BLOCKS_LISTED).map((block) => {
      const what = block.kind === 'text' ? 'text' : `${block.name ?? '?'}(${block.id ?? '?'})`;
      return `${what} ${ms(block.startedAt)}–${block.stoppedAt === null ? '…' : ms(block.stoppedAt)}`;
    });
    const more = turn.blocks.length > MAX_BLOCKS_LISTED ? `, … and ${turn.blocks.length - MAX_BLOCKS_LISTED} more` : '';
    lines.push(`${indent}  blocks: ${listed.join(', ')}${more}`);
  }
  const byId = new Map(turn.calls.map((call) => [call.id, call]));
  for (const batch of turn.batches) {
    lines.push(`${indent}  ${batchName(batch.index)} · ${batch.concurrent ? 'concurrent' : 'alone (not concurrency-safe)'} · ${batch.toolUseIds.join(', ')}`);
    for (const id of batch.toolUseIds) {
      const call = byId.get(id);
      if (call) lines.push(...callLines(call, turn.calls, scale, end, `${indent}    `, column));
    }
  }
  if (turn.calls.length > 0) lines.push(`${indent}  yield order: ${turn.yieldOrder.length > 0 ? turn.yieldOrder.join(', ') : '(none)'}`);
  return lines;
}

function callLines(call: CallRecord, siblings: readonly CallRecord[], scale: Scale, end: number, indent: string, column: number): string[] {
  const label = `${indent}${call.id} ${call.name} `;
  const lines = [`${label.padEnd(column)}${callBar(call, scale, end)} ${call.outcome ?? 'unfinished'}`];
  const detail = `${indent}    `;
  lines.push(`${detail}${callFacts(call)}`);
  for (const wait of call.waits) {
    // A permission wait is said once, with its question, below.
    if (wait.cause.kind !== 'permission') lines.push(`${detail}waited ${ms(wait.from)}–${ms(wait.to)} ms: ${waitSentence(wait, siblings).replace(/^waiting: /, '')}`);
  }
  if (call.permission) {
    const { askedAt, answeredAt, answer, reason } = call.permission;
    lines.push(`${detail}permission asked ${ms(askedAt)}, answered ${ms(answeredAt)}: ${answer ?? 'no answer'} (${reason})`);
  }
  if (call.result?.is_error) lines.push(`${detail}result: ${firstLine(call.result.content)}`);
  for (const child of call.children ?? []) lines.push(...turnLines(child, scale, end, detail, column));
  return lines;
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
}

/**
 * The column where bars start, so they line up at every depth: a call label sits 4 columns in,
 * and each level of sub-agent adds 8 (see `turnLines` and `callLines`).
 */
function barColumn(turns: readonly TurnRecord[], depth = 0): number {
  let column = 2 + 'stream'.length + 1;
  for (const turn of turns) {
    for (const call of turn.calls) {
      column = Math.max(column, 4 + 8 * depth + call.id.length + 1 + call.name.length + 1);
      if (call.children) column = Math.max(column, barColumn(call.children, depth + 1));
    }
  }
  return Math.min(column, 56);
}

/**
 * A human-readable timeline (`--format timeline`): per turn its stream, its batches and their
 * calls, each call's queued/executing/completed/yielded times, outcome and wait reasons, with a
 * bar chart of the whole run in 60 columns. Sub-agent turns sit under their Agent call.
 */
export function formatTimeline(record: RunRecord): string {
  const scale = scaleOf(record);
  const end = record.endedAt;
  const column = barColumn(record.turns);
  const lines = [
    `${record.scenario || '(no scenario)'} · ${record.strategy} · ${record.sandbox || 'no'} sandbox · makespan ${ms(end - record.startedAt)} ms`,
    `bars: ${WIDTH} columns = ${ms(record.startedAt)}–${ms(end)} ms · . queued  ~ latency and checks  ? permission  # running  = done, awaiting yield · stream: - open  t text  u tool_use`,
  ];
  for (const turn of record.turns) lines.push('', ...turnLines(turn, scale, end, '', column));
  for (const change of record.permissionModeChanges) lines.push(`permission mode → ${change.mode} at ${ms(change.at)} ms`);
  if (record.error !== undefined) lines.push(`run failed: ${record.error}`);
  return `${lines.join('\n')}\n`;
}

/** Calls by outcome across the run, sub-agents included. */
function countOutcomes(turns: readonly TurnRecord[], counts = new Map<string, number>()): Map<string, number> {
  for (const turn of turns) {
    for (const call of turn.calls) {
      const key = call.outcome ?? 'unfinished';
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (call.children) countOutcomes(call.children, counts);
    }
  }
  return counts;
}

/** A few lines for standard error: scenario, strategy, makespan, calls by outcome, expectations. */
export function formatSummary(record: RunRecord): string {
  const counts = countOutcomes(record.turns);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const byOutcome = OUTCOME_ORDER.filter((outcome) => counts.has(outcome)).map((outcome) => `${counts.get(outcome)} ${outcome}`);
  const lines = [
    `${record.scenario || '(no scenario)'} · strategy ${record.strategy} · sandbox ${record.sandbox || 'none'}${record.status === 'ended' ? '' : ` · ${record.status}`}`,
    `makespan ${ms(record.endedAt - record.startedAt)} ms · ${record.turns.length} turn(s) · ${total} call(s)${byOutcome.length > 0 ? `: ${byOutcome.join(', ')}` : ''}`,
  ];
  if (record.error !== undefined) lines.push(`run failed: ${record.error}`);
  if (record.anomalies.length > 0) lines.push(`record anomalies (an emitter bug): ${record.anomalies.join('; ')}`);
  if (!record.expectations) lines.push('expectations: not checked');
  else if (record.expectations.passed) lines.push('expectations: passed');
  else {
    const { failures } = record.expectations;
    lines.push(`expectations: FAILED (${failures.length} failure${failures.length === 1 ? '' : 's'})`, ...failures.map((failure) => `  - ${failure}`));
  }
  return `${lines.join('\n')}\n`;
}

import { batchName } from '../../tools/orchestration/batchName';

import { labelCall } from '../../tools/orchestration/callLabel';
import { callPhases, type PhaseKind } from '../callPhases';
import type { CallRecord, RunRecord, TurnRecord } from '../record';
import { formatMs, formatTick, niceStep } from '../timeText';
import { escapeMarkup } from './markup';

/** A cause to draw: `from` (a call id, `stream` or `cap`) held up, cancelled or brought `to` at `at`. */
export interface ReportLink {
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  readonly at: number;
}

const WIDTH = 1000;
const LABEL = 250;
const ROW = 20;
const AXIS = 26;
const BAR = 12;

/** The fill of each phase; an executing stretch takes its outcome's colour instead. */
export const PHASE_FILL: Record<PhaseKind, string> = {
  queued: '#d0d7de',
  latency: '#c8b8f0',
  asking: '#f2c94c',
  executing: '#2f81f7',
  'completed-awaiting-yield': '#9ecbff',
};

export const OUTCOME_FILL: Record<string, string> = {
  success: '#2da44e',
  error: '#cf222e',
  invalid: '#bc4c00',
  denied: '#8250df',
  cancelled: '#8c959f',
  interrupted: '#bf8700',
  discarded: '#57606a',
};

type Row = { kind: 'turn'; turn: TurnRecord; depth: number } | { kind: 'stream'; turn: TurnRecord; depth: number } | { kind: 'call'; call: CallRecord; depth: number };

function rowsOf(turns: readonly TurnRecord[], depth: number): Row[] {
  return turns.flatMap((turn): Row[] => [
    { kind: 'turn', turn, depth },
    { kind: 'stream', turn, depth },
    ...turn.calls.flatMap((call): Row[] => [{ kind: 'call', call, depth }, ...rowsOf(call.children ?? [], depth + 1)]),
  ]);
}

/**
 * The run as an SVG timeline, drawn from the record alone: per response a divider, the stream's
 * blocks, and a lane per call with its phases (queued, latency, asking, executing in its outcome's
 * colour, awaiting its yield); the causes as arrows from the blocking lane to the waiting one.
 * Every shape has a `<title>`, so a viewer's hover names it without any script.
 */
export function svgTimeline(record: RunRecord, links: readonly ReportLink[], options: { title?: string } = {}): string {
  const rows = rowsOf(record.turns, 0);
  const top = options.title === undefined ? 0 : 22;
  const span = Math.max(record.endedAt - record.startedAt, 1);
  // The right margin keeps room for the outcome written after the last bar.
  const x = (at: number): number => LABEL + ((at - record.startedAt) / span) * (WIDTH - LABEL - 80);
  const y = (index: number): number => top + AXIS + index * ROW;
  const height = y(rows.length) + 6;
  const parts: string[] = [];
  // Round steps, at most about eight across, as on the page's axis.
  const step = niceStep(span / 8);
  // Ticks at k × step, so repeated addition never drifts a label.
  for (let k = 0; k * step <= span; k++) {
    const at = Number((k * step).toPrecision(12));
    parts.push(`<line x1="${x(record.startedAt + at).toFixed(1)}" y1="${top + AXIS - 6}" x2="${x(record.startedAt + at).toFixed(1)}" y2="${height}" class="tick"/>`);
    parts.push(`<text x="${x(record.startedAt + at).toFixed(1)}" y="${top + AXIS - 10}" class="tick-label">${formatTick(at, step)}</text>`);
  }
  const rowOfCall = new Map<string, number>();
  const streamRowOfCall = new Map<string, number>();
  rows.forEach((row, index) => {
    if (row.kind === 'call') rowOfCall.set(row.call.id, index);
    if (row.kind === 'stream') for (const call of row.turn.calls) streamRowOfCall.set(call.id, index);
  });
  parts.push(...batchFrames(record, rowOfCall, x, y));
  rows.forEach((row, index) => {
    const top = y(index);
    const indent = 8 + row.depth * 14;
    const middle = top + ROW / 2;
    if (row.kind === 'turn') {
      const who = row.turn.agent !== undefined ? `sub-agent of ${row.turn.agent}, ` : '';
      parts.push(`<line x1="0" y1="${top + 1}" x2="${WIDTH}" y2="${top + 1}" class="turn-line"/>`);
      parts.push(`<text x="${indent}" y="${middle + 4}" class="turn-label">${escapeMarkup(`${who}response ${row.turn.index + 1}`)}</text>`);
      return;
    }
    if (row.kind === 'stream') {
      const turn = row.turn;
      const end = turn.streamEndedAt ?? record.endedAt;
      parts.push(`<text x="${indent}" y="${middle + 4}" class="lane-label">stream</text>`);
      parts.push(rect(x(turn.streamStartedAt), top + 8, x(end) - x(turn.streamStartedAt), 4, '#afb8c1', `stream ${formatMs(turn.streamStartedAt)}–${formatMs(end)}`));
      for (const block of turn.blocks) {
        const to = block.stoppedAt ?? end;
        const what = block.kind === 'text' ? 'text block' : `tool_use ${block.name ?? ''} ${block.id ?? ''}`;
        parts.push(rect(x(block.startedAt), top + 4, Math.max(2, x(to) - x(block.startedAt)), BAR, block.kind === 'text' ? '#d8dee4' : '#6e7781', `${what}: ${formatMs(block.startedAt)}–${formatMs(to)}`));
      }
      return;
    }
    const call = row.call;
    const label = labelCall(call);
    parts.push(`<g data-call-id="${escapeMarkup(call.id)}"><title>${escapeMarkup(`${label} (${call.id})`)}</title><text x="${indent}" y="${middle + 4}" class="lane-label">${escapeMarkup(shorten(label, 34 - row.depth * 2))}</text></g>`);
    const phases = callPhases(call, record.endedAt);
    const barEnd = Math.max(...phases.map((phase) => x(phase.to)), x(call.queuedAt));
    const outcome = call.outcome ?? 'unfinished';
    parts.push(`<text x="${(barEnd + 4).toFixed(1)}" y="${middle + 4}" class="outcome-label" fill="${OUTCOME_FILL[outcome] ?? '#57606a'}">${escapeMarkup(outcome)}</text>`);
    for (const phase of phases) {
      const fill = phase.kind === 'executing' && call.outcome !== null ? (OUTCOME_FILL[call.outcome] ?? PHASE_FILL.executing) : (HATCHED[phase.kind] ?? PHASE_FILL[phase.kind]);
      const what = phase.kind === 'executing' && call.outcome !== null ? `executing → ${call.outcome}` : phase.kind;
      parts.push(rect(x(phase.from), top + 4, Math.max(2, x(phase.to) - x(phase.from)), BAR, fill, `${label}: ${what} ${formatMs(phase.from)}–${formatMs(phase.to)}`));
    }
  });
  for (const link of links) {
    const to = rowOfCall.get(link.to);
    const from = link.from === 'stream' ? streamRowOfCall.get(link.to) : rowOfCall.get(link.from);
    if (to === undefined) continue;
    const at = x(link.at).toFixed(1);
    const toY = y(to) + ROW / 2;
    const fromY = from === undefined ? toY - ROW / 2 : y(from) + ROW / 2;
    parts.push(
      `<line x1="${at}" y1="${fromY}" x2="${at}" y2="${toY + (fromY < toY ? -6 : 6)}" class="cause" data-kind="${escapeMarkup(link.kind)}" data-from="${escapeMarkup(link.from)}" data-to="${escapeMarkup(link.to)}" marker-end="url(#arrow)"><title>${escapeMarkup(`${link.kind}: ${link.from} → ${link.to}`)}</title></line>`,
    );
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="${escapeMarkup(options.title ?? `Timeline of ${record.scenario}`)}">`,
    `<defs><marker id="arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L8 4 L0 8 z" fill="#d1242f"/></marker>${HATCH_PATTERNS}</defs>`,
    '<style>.tick{stroke:#eaeef2}.tick-label{font:10px sans-serif;fill:#57606a;text-anchor:middle}.turn-line{stroke:#8c959f;stroke-dasharray:3 3}.turn-label{font:bold 11px sans-serif;fill:#24292f}.lane-label{font:11px ui-monospace,monospace;fill:#24292f}.cause{stroke:#d1242f;stroke-width:1.5}.title{font:bold 13px sans-serif;fill:#24292f}.outcome-label{font:10px sans-serif}.batch{fill:none;stroke:#8c959f;stroke-width:1}.batch--concurrent{fill:#2f81f70d;stroke:#2f81f7}</style>',
    `<rect x="0" y="0" width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    ...(options.title === undefined ? [] : [`<text x="8" y="16" class="title">${escapeMarkup(options.title)}</text>`]),
    ...parts,
    '</svg>',
  ].join('\n');
}

/**
 * Simulated latency and permission waits are hatched, as on the page, so a picture tells scripted
 * time from real work without its legend: diagonal stripes for latency, a cross-hatch for asking.
 */
const HATCH_PATTERNS = [
  `<pattern id="hatch-latency" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#f3effc"/><rect width="3" height="6" fill="${PHASE_FILL.latency}"/></pattern>`,
  `<pattern id="hatch-asking" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#fdf6dc"/><path d="M0 0 L6 6 M6 0 L0 6" stroke="${PHASE_FILL.asking}" stroke-width="1.5"/></pattern>`,
].join('');
const HATCHED: Partial<Record<PhaseKind, string>> = { latency: 'url(#hatch-latency)', asking: 'url(#hatch-asking)' };

/**
 * A frame around each batch's lanes, as the page draws them: from its first call queued to its
 * last one done, over the rows of its calls (a sub-agent's lanes inside an Agent call's batch are
 * inside its frame), a concurrent one tinted; its number and kind in its title (a label would sit on
 * the lanes' bars). Drawn first, so the bars sit on top.
 */
function batchFrames(record: RunRecord, rowOfCall: ReadonlyMap<string, number>, x: (at: number) => number, y: (row: number) => number): string[] {
  const frames: string[] = [];
  const visit = (turns: readonly TurnRecord[]) => {
    for (const turn of turns) {
      const byId = new Map(turn.calls.map((call) => [call.id, call]));
      for (const batch of turn.batches) {
        const calls = batch.toolUseIds.flatMap((id) => byId.get(id) ?? []);
        const rows = calls.flatMap((call) => rowOfCall.get(call.id) ?? []);
        if (calls.length === 0 || rows.length === 0) continue;
        const lastRow = Math.max(...calls.map((call) => lastRowOf(call, rowOfCall)));
        const from = Math.min(...calls.map((call) => call.queuedAt));
        const to = Math.max(...calls.map((call) => call.yieldedAt ?? call.completedAt ?? record.endedAt));
        const kind = batch.concurrent ? 'concurrent' : 'serial';
        const top = y(Math.min(...rows)) + 1;
        frames.push(
          `<rect x="${(x(from) - 2).toFixed(1)}" y="${top}" width="${(x(to) - x(from) + 4).toFixed(1)}" height="${y(lastRow + 1) - top - 1}" rx="3" class="batch batch--${kind}" data-batch="${batch.index}"><title>${escapeMarkup(`${batchName(batch.index)}: ${kind}, ${calls.length} call(s)`)}</title></rect>`,
        );
      }
      for (const call of turn.calls) visit(call.children ?? []);
    }
  };
  visit(record.turns);
  return frames;
}

/** The last row a call's lanes take: its own, or its sub-agent's last. */
function lastRowOf(call: CallRecord, rowOfCall: ReadonlyMap<string, number>): number {
  const own = rowOfCall.get(call.id) ?? 0;
  const children = (call.children ?? []).flatMap((turn) => turn.calls.map((child) => lastRowOf(child, rowOfCall)));
  return Math.max(own, ...children);
}

function rect(left: number, top: number, width: number, height: number, fill: string, title: string): string {
  return `<rect x="${left.toFixed(1)}" y="${top}" width="${Math.max(0, width).toFixed(1)}" height="${height}" fill="${fill}"><title>${escapeMarkup(title)}</title></rect>`;
}

function shorten(text: string, most: number): string {
  return text.length > most ? `${text.slice(0, most - 1)}…` : text;
}

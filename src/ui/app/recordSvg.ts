import type { CallRecord, RunRecord, TurnRecord } from '../../run/record';
import { callLabel } from '../timeline/callText';

/** Colours of the exported picture (an SVG file must carry its own, not the page's CSS variables). */
const COLOURS = {
  background: '#11141a',
  text: '#e3e6eb',
  muted: '#9aa3b2',
  grid: '#2a303c',
  queued: '#5b6475',
  latency: '#3d6f9e',
  executing: '#4c9aff',
  awaiting: '#46b37b',
  error: '#f0524f',
  other: '#d9863f',
} as const;

export interface SvgOptions {
  width?: number;
  rowHeight?: number;
  /** Draw against this extent (ms) so several pictures share one axis (the compare view). */
  extentMs?: number;
  title?: string;
}

/** Every call of the run, the main agent's and its sub-agents', in display order. */
export function flattenCalls(turns: readonly TurnRecord[], depth = 0): { call: CallRecord; depth: number }[] {
  return turns.flatMap((turn) =>
    turn.calls.flatMap((call) => [{ call, depth }, ...flattenCalls(call.children ?? [], depth + 1)]),
  );
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The timeline's own lane label, cut to the picture's label column. */
function label(call: CallRecord): string {
  const text = callLabel(call);
  return text.length > 34 ? `${text.slice(0, 33)}…` : text;
}

/**
 * The run as a standalone SVG picture: a lane per call with its queued, latency, executing and
 * awaiting-yield spans, the outcome written at the end of the bar, and a time axis. Used for the
 * SVG/PNG export and the compare view's stacked timelines.
 */
export function recordToSvg(record: RunRecord, options: SvgOptions = {}): string {
  const width = options.width ?? 960;
  const row = options.rowHeight ?? 18;
  const labelWidth = 220;
  const top = options.title ? 40 : 22;
  const calls = flattenCalls(record.turns);
  const extent = Math.max(1, options.extentMs ?? record.endedAt);
  const plot = width - labelWidth - 70;
  const x = (ms: number) => labelWidth + (Math.min(ms, extent) / extent) * plot;
  const height = top + calls.length * row + 28;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="ui-monospace, Menlo, monospace" font-size="11">`);
  parts.push(`<rect width="${width}" height="${height}" fill="${COLOURS.background}"/>`);
  if (options.title) parts.push(`<text x="8" y="20" fill="${COLOURS.text}" font-size="13">${escapeXml(options.title)}</text>`);
  const ticks = 8;
  for (let i = 0; i <= ticks; i++) {
    const ms = (extent / ticks) * i;
    const tx = x(ms);
    parts.push(`<line x1="${tx}" y1="${top - 4}" x2="${tx}" y2="${height - 22}" stroke="${COLOURS.grid}"/>`);
    parts.push(`<text x="${tx}" y="${height - 8}" fill="${COLOURS.muted}" text-anchor="middle">${Math.round(ms)} ms</text>`);
  }
  calls.forEach(({ call, depth }, i) => {
    const y = top + i * row;
    parts.push(`<text x="${8 + depth * 12}" y="${y + row * 0.7}" fill="${COLOURS.text}">${escapeXml(label(call))}</text>`);
    const end = record.endedAt;
    const executing = call.executingAt ?? call.completedAt ?? end;
    const running = call.runStartedAt ?? (call.executingAt !== null ? call.executingAt + Math.min(call.latencyMs, (call.completedAt ?? end) - call.executingAt) : executing);
    const completed = call.completedAt ?? end;
    const yielded = call.yieldedAt ?? completed;
    const span = (from: number, to: number, fill: string, opacity = 1) => {
      if (to <= from) return;
      parts.push(`<rect x="${x(from)}" y="${y + 3}" width="${Math.max(1, x(to) - x(from))}" height="${row - 6}" fill="${fill}" opacity="${opacity}" rx="2"/>`);
    };
    span(call.queuedAt, executing, COLOURS.queued, 0.7);
    span(executing, running, COLOURS.latency);
    const bad = call.outcome !== null && call.outcome !== 'success';
    span(running, completed, call.outcome === 'error' ? COLOURS.error : bad ? COLOURS.other : COLOURS.executing);
    span(completed, yielded, COLOURS.awaiting, 0.6);
    parts.push(`<text x="${x(Math.max(yielded, completed)) + 4}" y="${y + row * 0.7}" fill="${bad ? COLOURS.other : COLOURS.muted}">${escapeXml(call.outcome ?? 'running')}</text>`);
  });
  parts.push('</svg>');
  return parts.join('');
}

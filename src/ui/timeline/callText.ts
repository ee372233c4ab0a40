import { callBatchName } from '../../tools/orchestration/batchName';

import type { CallRecord } from '../../run/record';
import type { CallOutcome } from '../../tools/execution';
import { callState } from './laneLayout';

/** A glyph and a word per outcome, so an outcome never depends on colour alone. */
export const OUTCOME_MARK: Record<CallOutcome, string> = {
  success: '✓',
  error: '✕',
  invalid: '!',
  denied: '⊘',
  cancelled: '−',
  interrupted: '■',
  discarded: '∅',
};

/** Input fields that say best what a call is about, most telling first. */
const SUMMARY_KEYS = ['command', 'file_path', 'notebook_path', 'path', 'pattern', 'url', 'query', 'description', 'prompt', 'subject'];
const SUMMARY_CHARS = 40;

/** `text` on one line, cut to `max` characters with an ellipsis. */
export function truncate(text: string, max: number): string {
  const line = text.replace(/\s*\n\s*/g, ' ⏎ ');
  return line.length > max ? `${line.slice(0, Math.max(0, max - 1))}…` : line;
}

/** Fields that name a file: cut from the front, so the file name stays. */
const PATH_KEYS = new Set(['file_path', 'notebook_path', 'path']);

/** `text` on one line, its start cut away to fit `max` characters: `…/deep/module.ts`. */
export function keepEnd(text: string, max: number): string {
  const chars = [...text.replace(/\s*\n\s*/g, ' ⏎ ')];
  return chars.length > max ? `…${chars.slice(chars.length - Math.max(0, max - 1)).join('')}` : chars.join('');
}

/** `text` cut to `max` characters, keeping its lines, saying how much was cut. */
export function truncateBlock(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}\n… ${text.length - max} more characters` : text;
}

/** The input field a call's summary shows (`command`, `file_path`, …), if it has one. */
export function summaryField(input: unknown): string | undefined {
  if (input === null || typeof input !== 'object') return undefined;
  const fields = input as Record<string, unknown>;
  return SUMMARY_KEYS.find((key) => typeof fields[key] === 'string' && fields[key] !== '');
}

/** The first non-empty string inside `value`, up to `depth` levels down. */
function firstText(value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') return value !== '' ? value : undefined;
  if (depth <= 0 || value === null || typeof value !== 'object') return undefined;
  for (const inner of Object.values(value as Record<string, unknown>)) {
    const text = firstText(inner, depth - 1);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** A short summary of a call's input: its most telling field, else the first text inside, else its JSON. */
export function inputSummary(input: unknown): string {
  if (typeof input === 'string') return truncate(input, SUMMARY_CHARS);
  if (input === null || typeof input !== 'object') return input === undefined ? '' : truncate(safeJson(input), SUMMARY_CHARS);
  const fields = input as Record<string, unknown>;
  for (const key of SUMMARY_KEYS) {
    const value = fields[key];
    if (typeof value === 'string' && value !== '') return PATH_KEYS.has(key) ? keepEnd(value, SUMMARY_CHARS) : truncate(value, SUMMARY_CHARS);
  }
  for (const value of Object.values(fields)) if (typeof value === 'string' && value !== '') return truncate(value, SUMMARY_CHARS);
  // A list of questions or todos: the first text inside says more than its JSON's first characters.
  const nested = firstText(input, 3);
  if (nested !== undefined) return truncate(nested, SUMMARY_CHARS);
  const json = safeJson(input);
  return json === '{}' ? '' : truncate(json, SUMMARY_CHARS);
}

/** The lane label: tool name and input summary, e.g. `Bash(ls -la)`. */
export function callLabel(call: CallRecord): string {
  return `${call.name}(${inputSummary(call.input)})`;
}

/** JSON text that never throws (cycles and BigInts come out as a note). */
export function safeJson(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Milliseconds as the text timeline writes them: whole numbers as they are, others to one decimal. */
export function msText(value: number): string {
  return Number.isInteger(value) ? `${value}` : value.toFixed(1);
}

/**
 * The lane's text alternative: "Read(src/a.ts): yielded, success, batch 1, ran 500–1300 ms".
 * "ran" spans executing to completed, as the scheduler counts a call's slot.
 */
export function callAriaLabel(call: CallRecord): string {
  const state = callState(call);
  const parts: string[] = [state];
  if (call.outcome !== null) parts.push(call.outcome);
  const batch = callBatchName(call.batch);
  if (batch !== null) parts.push(batch);
  if (call.executingAt !== null) {
    parts.push(call.completedAt !== null ? `ran ${msText(call.executingAt)}–${msText(call.completedAt)} ms` : `executing since ${msText(call.executingAt)} ms`);
  } else if (call.completedAt !== null) {
    parts.push(`never ran (queued ${msText(call.queuedAt)}–${msText(call.completedAt)} ms)`);
  } else parts.push(`queued since ${msText(call.queuedAt)} ms`);
  if (call.agent !== undefined) parts.push(`sub-agent of ${call.agent}`);
  return `${callLabel(call)}: ${parts.join(', ')}`;
}

/**
 * The lines of a Codex CLI rollout file (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`), read
 * without trusting them. Two layouts are known from the Codex source:
 *
 * - Since the rollout recorder wrote `RolloutLine`s, every line is `{timestamp, type, payload}`,
 *   `type` one of `session_meta`, `response_item`, `event_msg`, `turn_context`, `compacted`
 *   (`RolloutLine` and `RolloutItem` in
 *   https://github.com/openai/codex/blob/main/codex-rs/protocol/src/protocol.rs).
 * - Before that, the first line was the bare session (`{id, timestamp, instructions}`), then one
 *   bare `ResponseItem` per line with no time of its own, and `{"record_type": "state"}` lines
 *   (https://github.com/openai/codex/blob/89a151f502213bec8140159e728170b0d999eca2/codex-rs/core/src/rollout.rs).
 *
 * Both are read into the same entries: the older layout's session line as `session_meta`, its
 * items as `response_item`s without a time, its state lines passed over.
 */
import { isRecord } from '../formatClaim';
import { readJsonLines, type LogProblem } from '../logLines';

/** One line of a rollout. */
export interface RolloutEntry {
  readonly source: string;
  readonly line: number;
  /** The line's `type`: session_meta, response_item, event_msg, turn_context, compacted, or one not known. */
  readonly kind: string;
  /** The payload's own `type` (a response item's or an event's), or "" when it has none. */
  readonly type: string;
  /** Milliseconds since the epoch; `null` when the line has none that parses (the older layout). */
  readonly time: number | null;
  readonly payload: Readonly<Record<string, unknown>>;
}

// Whether a value is a JSON object: the formats' own test, which the readers import from here too.
export { isRecord };

/** A field of a record when it is a string, else "". */
export function stringOf(record: Readonly<Record<string, unknown>> | undefined, key: string): string {
  const value = record?.[key];
  return typeof value === 'string' ? value : '';
}

/** Reads a rollout's lines into entries and problems (each named by its line number). */
export function readRolloutLines(text: string, source: string): { entries: RolloutEntry[]; problems: LogProblem[]; legacy: boolean } {
  let legacy = false;
  const read = readJsonLines(text, source, (value, line): RolloutEntry | string | null => {
    if (!isRecord(value)) return 'not a JSON object';
    const stamp = typeof value.timestamp === 'string' ? Date.parse(value.timestamp) : NaN;
    const time = Number.isFinite(stamp) ? stamp : null;
    if (typeof value.type === 'string' && isRecord(value.payload)) return { source, line, kind: value.type, type: stringOf(value.payload, 'type'), time, payload: value.payload };
    // The older layout: its state lines say nothing of the calls.
    if (value.record_type === 'state') return null;
    if (typeof value.type === 'string') {
      legacy = true;
      return { source, line, kind: 'response_item', type: value.type, time: null, payload: value };
    }
    if (typeof value.id === 'string' && time !== null) {
      legacy = true;
      return { source, line, kind: 'session_meta', type: '', time, payload: value };
    }
    return 'an entry with neither a "type" nor a "payload"';
  });
  return { ...read, legacy };
}

/**
 * The lines of a GitHub Copilot CLI session (`~/.copilot/session-state/<id>/events.jsonl`), read
 * without trusting them. Every line is one event `{type, data, id, timestamp, parentId}`, `type`
 * a dotted name (`session.start`, `assistant.message`, `tool.execution_start`, …), as the Copilot
 * SDK declares them (`SessionEvent` in
 * https://github.com/github/copilot-sdk/blob/main/nodejs/src/generated/session-events.ts) and as
 * real logs of 1.0.x hold them. A sub-agent's events carry its instance as `agentId` beside the
 * envelope, or (older, deprecated) the task call that started it as `data.parentToolCallId`.
 */
import { readJsonLines, type LogProblem } from '../logLines';
import { isRecord, stringOf } from '../codex/rolloutLines';

/** One event of the stream. */
export interface CopilotEvent {
  readonly source: string;
  readonly line: number;
  /** The event's `type`, e.g. `tool.execution_complete`. */
  readonly type: string;
  /** Milliseconds since the epoch; `null` when the line has none that parses. */
  readonly time: number | null;
  readonly data: Readonly<Record<string, unknown>>;
  /** The sub-agent instance that wrote it, when one did (`agentId`); "" for the main agent. */
  readonly agentId: string;
}

/** Whether a parsed line looks like an event of this stream: a dotted `type` with a `data` object. */
export function isCopilotEvent(value: unknown): boolean {
  return isRecord(value) && typeof value.type === 'string' && /^[a-z_]+\.[a-z_.]+$/.test(value.type) && isRecord(value.data);
}

/** Reads the stream's lines into events and problems (each named by its line number). */
export function readCopilotEvents(text: string, source: string): { events: CopilotEvent[]; problems: LogProblem[] } {
  const read = readJsonLines(text, source, (value, line): CopilotEvent | string => {
    if (!isRecord(value)) return 'not a JSON object';
    if (typeof value.type !== 'string') return 'an event without a "type"';
    if (!isRecord(value.data)) return `a "${value.type}" event without a "data" object`;
    const stamp = typeof value.timestamp === 'string' ? Date.parse(value.timestamp) : NaN;
    return { source, line, type: value.type, time: Number.isFinite(stamp) ? stamp : null, data: value.data, agentId: stringOf(value, 'agentId') };
  });
  return { events: read.entries, problems: read.problems };
}

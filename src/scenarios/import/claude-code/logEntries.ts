/**
 * Claude Code's log entries (`~/.claude/projects/<project>/<session>.jsonl`): one JSON object a
 * line with a `type`, a `timestamp`, ids, and for user and assistant lines a `message` of content
 * blocks. Read through readJsonLines, so a damaged line is named and the rest read on.
 */
import { readJsonLines, type LogProblem } from '../logLines';

/** One entry of the log. */
export interface LogEntry {
  readonly source: string;
  readonly line: number;
  readonly type: string;
  /** Milliseconds since the epoch; `null` when the entry has none that parses. */
  readonly time: number | null;
  readonly uuid?: string;
  readonly parentUuid?: string | null;
  readonly isSidechain: boolean;
  readonly raw: Readonly<Record<string, unknown>>;
}

/** Reads every line of `text` (the contents of the log `source`) into entries and problems. */
export function readLogLines(text: string, source: string): { entries: LogEntry[]; problems: LogProblem[] } {
  return readJsonLines(text, source, (value, number) => entryOf(value, source, number));
}

/** An already parsed value as an entry, or what is wrong with it. */
export function entryOf(value: unknown, source: string, number: number): LogEntry | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const raw = value as Record<string, unknown>;
  if (typeof raw.type !== 'string') return 'an entry without a "type"';
  const stamp = typeof raw.timestamp === 'string' ? Date.parse(raw.timestamp) : NaN;
  return {
    source,
    line: number,
    type: raw.type,
    time: Number.isFinite(stamp) ? stamp : null,
    ...(typeof raw.uuid === 'string' ? { uuid: raw.uuid } : {}),
    ...(typeof raw.parentUuid === 'string' || raw.parentUuid === null ? { parentUuid: raw.parentUuid } : {}),
    isSidechain: raw.isSidechain === true,
    raw,
  };
}

/** The entry's message content blocks (an assistant's or a user's), as records. */
export function contentBlocks(entry: LogEntry): Record<string, unknown>[] {
  const message = entry.raw.message as { content?: unknown } | undefined;
  const content = message?.content;
  if (!Array.isArray(content)) return [];
  return content.filter((block): block is Record<string, unknown> => typeof block === 'object' && block !== null && !Array.isArray(block));
}

/** A tool_result's content as text (strings, and the text parts of a block list). */
export function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? '' : JSON.stringify(content);
  return content
    .map((part: unknown) => {
      if (typeof part === 'string') return part;
      const block = part as { type?: unknown; text?: unknown };
      if (block?.type === 'text' && typeof block.text === 'string') return block.text;
      return block?.type === 'image' ? '[image]' : '';
    })
    .join('');
}


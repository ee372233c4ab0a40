/**
 * A Gemini CLI chat file (`~/.gemini/tmp/<project hash>/chats/session-*.json`) read without
 * trusting it. It is one JSON document, not JSON Lines (often pretty-printed, maybe on one line):
 * gemini-cli's `ConversationRecord` (packages/core/src/services/chatRecordingTypes.ts) with
 * `sessionId`, `projectHash` (the SHA-256 of the project's folder), `startTime`, `lastUpdated`,
 * maybe `directories`, and `messages[]`: `{id, timestamp, type, content}` where `type` is `user`,
 * `gemini`, `info`, `error` or `warning`, and a `gemini` message may carry `thoughts`, `tokens`,
 * `model` and `toolCalls`. A document carries no line numbers, so each message is placed on the
 * line where its id is first written after the one before, for problems to name.
 */
import { documentKind, lineLookup, parseJsonDocument } from '../jsonDocument';
import type { LogProblem } from '../logLines';
import { isRecord } from '../codex/rolloutLines';

/** The message types gemini-cli writes (`ConversationRecordExtra`). */
export const MESSAGE_TYPES = new Set(['user', 'gemini', 'info', 'error', 'warning']);

/** One message of the chat, where it is written. */
export interface ChatMessage {
  readonly line: number;
  /** Where in the text its id is written, to look for its tool calls after. */
  readonly offset: number;
  readonly type: string;
  /** Milliseconds since the epoch; `null` when it has no timestamp that parses. */
  readonly time: number | null;
  readonly raw: Readonly<Record<string, unknown>>;
}

/** The chat as read: what it says of itself, its messages, and where a text is written. */
export interface ChatFile {
  readonly sessionId: string;
  readonly projectHash: string;
  readonly directories: readonly string[];
  readonly messages: ChatMessage[];
  /** The line where `needle` is first written at or after `from`, and where: `from`'s line when it is not. */
  readonly find: (needle: string, from: number) => { line: number; offset: number };
}

/** Whether a parsed document is a Gemini CLI chat: a session id and a `messages` array of its message types, and no scenario's `turns`. */
export function isGeminiChatValue(value: unknown): value is Record<string, unknown> & { messages: unknown[] } {
  if (!isRecord(value) || typeof value.sessionId !== 'string' || !Array.isArray(value.messages) || 'turns' in value) return false;
  return value.messages.length === 0 ? typeof value.projectHash === 'string' : value.messages.some((message: unknown) => isRecord(message) && MESSAGE_TYPES.has(message.type as string));
}

/**
 * Whether `text` is a Gemini CLI chat file: the whole text parses as one, or it is a damaged one
 * (it starts as a JSON object, and its head names a `projectHash` and `messages`), which the
 * importer then reports where it breaks.
 */
export function isGeminiChat(text: string): boolean {
  return (
    documentKind(
      text,
      '{',
      (value) => isGeminiChatValue(value),
      (head, start) => /"projectHash"\s*:/.test(head) && /"messages"\s*:\s*\[/.test(head) && !firstLineParses(start),
    ) ?? false
  );
}

/** Whether the first line is JSON of its own (a JSON Lines log's is). */
function firstLineParses(text: string): boolean {
  const end = text.indexOf('\n');
  try {
    JSON.parse(end < 0 ? text : text.slice(0, end));
    return true;
  } catch {
    return false;
  }
}

/** `ChatFile.find` over `text`, whose lines `lineOf` tells. */
export function finder(text: string, lineOf: (offset: number) => number): ChatFile['find'] {
  return (needle, from) => {
    const at = text.indexOf(needle, from);
    return at < 0 ? { line: lineOf(from), offset: from } : { line: lineOf(at), offset: at };
  };
}

/** Reads the chat, or says why it cannot be read (a problem naming the line where the JSON breaks). */
export function readChatFile(text: string, source: string): { chat?: ChatFile; problems: LogProblem[] } {
  const lineOf = lineLookup(text);
  const parsed = parseJsonDocument(text, source, 'a Gemini CLI chat file is one');
  if (!parsed.ok) return { problems: [parsed.problem] };
  const { value } = parsed;
  if (!isGeminiChatValue(value)) return { problems: [{ source, line: 0, message: 'this is not a Gemini CLI chat file: it has no "sessionId" and "messages" of user and gemini entries' }] };
  const find = finder(text, lineOf);
  const problems: LogProblem[] = [];
  const messages: ChatMessage[] = [];
  let offset = 0;
  value.messages.forEach((raw: unknown, index) => {
    if (!isRecord(raw)) {
      problems.push({ source, line: lineOf(offset), message: `message ${index + 1} is not a JSON object: left out` });
      return;
    }
    const where = typeof raw.id === 'string' ? find(JSON.stringify(raw.id), offset) : { line: lineOf(offset), offset };
    offset = where.offset;
    const stamp = typeof raw.timestamp === 'string' ? Date.parse(raw.timestamp) : NaN;
    messages.push({ line: where.line, offset, type: typeof raw.type === 'string' ? raw.type : '', time: Number.isFinite(stamp) ? stamp : null, raw });
  });
  const directories = Array.isArray(value.directories) ? value.directories.filter((each): each is string => typeof each === 'string') : [];
  const string = (key: string) => (typeof value[key] === 'string' ? value[key] : '');
  return { chat: { sessionId: string('sessionId'), projectHash: string('projectHash'), directories, messages, find }, problems };
}

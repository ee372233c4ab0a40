/**
 * A Gemini CLI chat written as JSON Lines (`chats/session-*.jsonl`; a sub-agent's under
 * `chats/<parent session>/`), the layout of the newer versions: gemini-cli's ChatRecordingService
 * appends a record per change instead of rewriting one document, and its `loadConversationRecord`
 * (packages/core/src/services/chatRecordingService.ts) folds them back, as this does:
 *
 * - the first line is the session's metadata, `{sessionId, projectHash, startTime, lastUpdated,
 *   kind?, directories?}` (no `type`, no `id`);
 * - a message is a whole record, `{id, timestamp, type, content, toolCalls?, …}`, written again
 *   under the same id each time it changes (its tool calls' results arrive): the last one written
 *   stands in the first one's place;
 * - `{"$rewindTo": id}` drops that message and every one after it (a rewind in the UI); one whose
 *   message is not there drops them all;
 * - `{"$set": {…}}` updates the metadata; its `messages`, when it has some, replace them all.
 *
 * Folded into the same `ChatFile` the one-document layout gives (chatFile.ts), each message placed
 * on the line its last version is written on.
 */
import type { LogProblem } from '../logLines';
import { readJsonLines } from '../logLines';
import { lineLookup, lineStarts } from '../jsonDocument';
import { isRecord } from '../codex/rolloutLines';
import { finder, type ChatFile, type ChatMessage } from './chatFile';

/** The longest first line looked at to tell the layout (a metadata line is short). */
const HEAD_CHARS = 64 * 1024;

/** Whether a parsed line is the session's metadata: a session id and a project hash, and no message's `type` or `id`. */
function isMetadataLine(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && typeof value.sessionId === 'string' && typeof value.projectHash === 'string' && !('type' in value) && !('id' in value) && !('messages' in value);
}

/** Whether `text` is a Gemini CLI chat as JSON Lines: its first line is the session's metadata. */
export function isGeminiChatLines(text: string): boolean {
  const start = text.length - text.trimStart().length;
  const end = text.indexOf('\n', start);
  const first = text.slice(start, end < 0 ? text.length : end).trim();
  if (first === '' || first.length > HEAD_CHARS || !first.startsWith('{')) return false;
  try {
    return isMetadataLine(JSON.parse(first) as unknown);
  } catch {
    return false;
  }
}

/** One record of the chat, as read. */
type ChatRecord = { kind: 'message'; raw: Record<string, unknown> } | { kind: 'rewind'; to: string } | { kind: 'set'; set: Record<string, unknown> } | { kind: 'metadata'; raw: Record<string, unknown> };

function recordOf(value: unknown): ChatRecord | string {
  if (!isRecord(value)) return 'a line that is not a JSON object: passed over';
  if (typeof value.$rewindTo === 'string') return { kind: 'rewind', to: value.$rewindTo };
  if (typeof value.id === 'string') return { kind: 'message', raw: value };
  if (isRecord(value.$set)) return { kind: 'set', set: value.$set };
  if (isMetadataLine(value)) return { kind: 'metadata', raw: value };
  return `a record the importer does not know (${Object.keys(value).slice(0, 4).join(', ') || 'empty'}): passed over`;
}

/** The messages and metadata of the chat's lines, or why they are not a chat; `notes` say what was rewound. */
export function readChatLines(text: string, source: string): { chat?: ChatFile; problems: LogProblem[]; notes: string[] } {
  const starts = lineStarts(text);
  const { entries, problems } = readJsonLines(text, source, (value, line) => {
    const record = recordOf(value);
    return typeof record === 'string' ? record : { record, line };
  });
  const notes: string[] = [];
  let metadata: Record<string, unknown> = {};
  // The messages in their first places (a message rewritten stays where it was), and each one's
  // place, so that a rewind costs what it drops however many there are.
  const order: string[] = [];
  const messages = new Map<string, { raw: Record<string, unknown>; line: number; place: number }>();
  let replaced: { raw: unknown[]; line: number } | undefined;
  let rewound = 0;
  for (const { record, line } of entries) {
    if (record.kind === 'message') {
      const id = record.raw.id as string;
      const place = messages.get(id)?.place ?? order.push(id) - 1;
      messages.set(id, { raw: record.raw, line, place });
    } else if (record.kind === 'metadata') metadata = { ...metadata, ...record.raw };
    else if (record.kind === 'set') {
      metadata = { ...metadata, ...record.set };
      if (Array.isArray(record.set.messages) && record.set.messages.length > 0) replaced = { raw: record.set.messages, line };
    } else {
      const from = messages.get(record.to)?.place;
      if (from === undefined) problems.push({ source, line, message: `a rewind to ${JSON.stringify(record.to)}, a message the log does not hold: as gemini-cli does, every message before it is dropped` });
      const dropped = order.splice(from ?? 0);
      for (const id of dropped) messages.delete(id);
      rewound += dropped.length;
    }
  }
  if (typeof metadata.sessionId !== 'string' || typeof metadata.projectHash !== 'string') {
    return { problems: [...problems, { source, line: 0, message: 'this is not a Gemini CLI chat: no line gives its "sessionId" and "projectHash"' }], notes };
  }
  if (rewound > 0) notes.push(`${rewound} message(s) the session rewound (undid in the UI) are left out, as gemini-cli leaves them out when it resumes the session`);
  const listed: ChatMessage[] = [];
  const add = (raw: unknown, line: number, index: number) => {
    if (!isRecord(raw)) {
      problems.push({ source, line, message: `message ${index + 1} is not a JSON object: left out` });
      return;
    }
    const stamp = typeof raw.timestamp === 'string' ? Date.parse(raw.timestamp) : NaN;
    listed.push({ line, offset: starts[line - 1] ?? 0, type: typeof raw.type === 'string' ? raw.type : '', time: Number.isFinite(stamp) ? stamp : null, raw });
  };
  if (replaced) {
    const { line } = replaced;
    replaced.raw.forEach((raw, index) => add(raw, line, index));
  } else {
    order.forEach((id, index) => {
      const { raw, line } = messages.get(id)!;
      add(raw, line, index);
    });
  }
  const find = finder(text, lineLookup(text, starts));
  const directories = Array.isArray(metadata.directories) ? metadata.directories.filter((each): each is string => typeof each === 'string') : [];
  return { chat: { sessionId: metadata.sessionId, projectHash: metadata.projectHash, directories, messages: listed, find }, problems: problems.sort((a, b) => a.line - b.line), notes };
}

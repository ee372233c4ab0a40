/**
 * An OpenCode session export (`opencode export [sessionID]`, packages/opencode/src/cli/cmd/export.ts)
 * read without trusting it. It is one JSON document, pretty-printed: `{info, messages, todos?}`,
 * `info` the session (`Session.Info`: `id` "ses_…", `projectID`, `directory`, `parentID` for a
 * sub-agent's session, `title`, `version` (the OpenCode that made it), `time`), and each message
 * `{info, parts}` (`MessageV2.WithParts`): `info.role` "user" or "assistant" (an assistant's with
 * `time.created`/`completed`, `modelID`, `providerID`, `path: {cwd, root}`), parts typed `text`,
 * `reasoning`, `tool`, `step-start`, `step-finish`, … (message-v2.ts). A document has no lines of
 * its own, so each message and part is placed on the line where its id is first written after the
 * one before, for problems to name.
 */
import { documentKind, lineLookup, parseJsonDocument } from '../jsonDocument';
import type { LogProblem } from '../logLines';
import { isRecord, stringOf } from '../codex/rolloutLines';

/** Where a message or part is written: a line of the export, or (from a storage folder) its own file. */
export interface Placed {
  readonly line: number;
  /** The part's or message's own file (line 0: the file as a whole); absent for an export's. */
  readonly source?: string;
}

/** One part of a message, where it is written. */
export interface ExportPart extends Placed {
  readonly type: string;
  readonly raw: Readonly<Record<string, unknown>>;
}

/** One message, where it is written, with its parts. */
export interface ExportMessage extends Placed {
  readonly id: string;
  readonly role: string;
  readonly info: Readonly<Record<string, unknown>>;
  readonly parts: ExportPart[];
}

/** The export as read: the session it is of, and its messages. */
export interface OpenCodeExport {
  readonly sessionId: string;
  readonly parentId: string;
  readonly version: string;
  readonly directory: string;
  readonly messages: ExportMessage[];
}

/** Whether a message entry looks like OpenCode's `{info: {role, …}, parts: […]}`. */
function isWithParts(value: unknown): boolean {
  return isRecord(value) && isRecord(value.info) && typeof value.info.role === 'string' && Array.isArray(value.parts);
}

/**
 * Whether a parsed document is an OpenCode export: `info` a session (an id "ses_…") and `messages`
 * of `{info, parts}`, fields no other agent's log and no scenario has.
 */
export function isOpenCodeExportValue(value: unknown): value is { info: Record<string, unknown>; messages: unknown[] } {
  if (!isRecord(value) || !isRecord(value.info) || !Array.isArray(value.messages) || 'turns' in value) return false;
  if (typeof value.info.id !== 'string' || !value.info.id.startsWith('ses_')) return false;
  return value.messages.length === 0 || value.messages.some(isWithParts);
}

/**
 * Whether `text` is an OpenCode export: it parses as one, or it is a damaged one (a JSON object
 * whose head opens `info` with a "ses_" id and names `messages`), which the importer then reports
 * where it breaks.
 */
export function isOpenCodeExport(text: string): boolean {
  return (
    documentKind(
      text,
      '{',
      (value) => isOpenCodeExportValue(value),
      (head, start) => /^\{\s*"info"\s*:\s*\{\s*"id"\s*:\s*"ses_/.test(head) && /"messages"\s*:/.test(start),
    ) ?? false
  );
}

/** Reads the export, or says why it cannot be read (a problem naming the line where the JSON breaks). */
export function readExport(text: string, source: string): { session?: OpenCodeExport; problems: LogProblem[] } {
  const lineOf = lineLookup(text);
  const parsed = parseJsonDocument(text, source, 'an OpenCode export is one');
  if (!parsed.ok) return { problems: [parsed.problem] };
  const { value } = parsed;
  if (!isOpenCodeExportValue(value)) return { problems: [{ source, line: 0, message: 'this is not an OpenCode export: it has no session "info" (an id "ses_…") and "messages" of {info, parts}' }] };
  const problems: LogProblem[] = [];
  let offset = 0;
  /** Where `id` is first written at or after the last place found (that place when it is not). */
  const place = (id: unknown): number => {
    const at = typeof id === 'string' && id !== '' ? text.indexOf(JSON.stringify(id), offset) : -1;
    if (at >= 0) offset = at;
    return lineOf(offset);
  };
  const messages: ExportMessage[] = [];
  value.messages.forEach((raw: unknown, index) => {
    if (!isWithParts(raw)) {
      problems.push({ source, line: lineOf(offset), message: `message ${index + 1} is not an OpenCode message ({info: {role, …}, parts: […]}): left out` });
      return;
    }
    const { info, parts } = raw as { info: Record<string, unknown>; parts: unknown[] };
    const message: ExportMessage = { line: place(info.id), id: stringOf(info, 'id') || `message-${index + 1}`, role: stringOf(info, 'role'), info, parts: [] };
    parts.forEach((part: unknown, partIndex) => {
      if (!isRecord(part)) {
        problems.push({ source, line: lineOf(offset), message: `part ${partIndex + 1} of message ${message.id} is not a JSON object: left out` });
        return;
      }
      message.parts.push({ line: place(part.id), type: stringOf(part, 'type'), raw: part });
    });
    messages.push(message);
  });
  const info = value.info;
  return {
    session: { sessionId: stringOf(info, 'id'), parentId: stringOf(info, 'parentID'), version: stringOf(info, 'version'), directory: stringOf(info, 'directory'), messages },
    problems,
  };
}

/**
 * An OpenCode session as its storage folder holds it (`~/.local/share/opencode/storage/`, laid out
 * by packages/opencode/src/storage/storage.ts): the session is `session/<projectID>/<sessionID>.json`
 * (`Session.Info`, an export's `info`), each of its messages `message/<sessionID>/<messageID>.json`
 * (`MessageV2.Info`, an export message's `info`) and each part `part/<messageID>/<partID>.json`.
 * OpenCode's ids sort in the order they were made, so the files' names give the session's order, as
 * OpenCode's own listing does. The files are read without trusting them: one that does not parse,
 * or is not what its folder says it is, is named and left out, and the rest is read.
 */
import type { LogFile } from '../logFile';
import type { LogProblem } from '../logLines';
import { isRecord, stringOf } from '../codex/rolloutLines';
import type { ExportMessage, OpenCodeExport } from './exportFile';
import { groupStorageFiles, storageFileOf } from './storagePath';

/** Whether a log's files are a storage folder's (the first its session's file), not an export. */
export function isStorageSession(files: readonly LogFile[]): boolean {
  return files.length > 0 && storageFileOf(files[0]!.name)?.kind === 'session';
}

/** A file's JSON object, or a problem naming the file. */
function objectOf(file: LogFile, what: string, problems: LogProblem[]): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(file.text);
  } catch (error: unknown) {
    problems.push({ source: file.name, line: 0, message: `this ${what} file is not JSON (${error instanceof Error ? error.message : String(error)}): left out` });
    return undefined;
  }
  if (!isRecord(value)) problems.push({ source: file.name, line: 0, message: `this ${what} file is not a JSON object: left out` });
  return isRecord(value) ? value : undefined;
}

/**
 * Each session among a storage folder's files, read as an export would be (one entry per session
 * file, its messages and their parts found among `files` by the folders they sit in). Never throws.
 */
export function readStorageSessions(files: readonly LogFile[]): { file: LogFile; session?: OpenCodeExport; problems: LogProblem[] }[] {
  const { sessions, messagesOf, partsOf, stray } = groupStorageFiles(files, (file) => file.name);
  return sessions.map(({ item: file }, index) => {
    const problems: LogProblem[] = index === 0 ? stray.map((each) => ({ source: each.name, line: 0, message: 'this file is not a session, message or part of an OpenCode storage folder: left out' })) : [];
    const info = objectOf(file, 'session', problems);
    if (!info) return { file, problems };
    if (!stringOf(info, 'id').startsWith('ses_')) {
      problems.push({ source: file.name, line: 0, message: 'this is not an OpenCode session: it has no "id" "ses_…"' });
      return { file, problems };
    }
    const messages: ExportMessage[] = [];
    for (const messageFile of messagesOf.get(stringOf(info, 'id')) ?? []) {
      const message = objectOf(messageFile, 'message', problems);
      if (!message) continue;
      if (typeof message.role !== 'string') {
        problems.push({ source: messageFile.name, line: 0, message: 'this message has no "role": left out' });
        continue;
      }
      const id = stringOf(message, 'id') || storageFileOf(messageFile.name)!.id;
      const parts = (partsOf.get(id) ?? []).flatMap((partFile) => {
        const part = objectOf(partFile, 'part', problems);
        return part ? [{ line: 0, source: partFile.name, type: stringOf(part, 'type'), raw: part }] : [];
      });
      messages.push({ line: 0, source: messageFile.name, id, role: message.role, info: message, parts });
    }
    const session: OpenCodeExport = { sessionId: stringOf(info, 'id'), parentId: stringOf(info, 'parentID'), version: stringOf(info, 'version'), directory: stringOf(info, 'directory'), messages };
    return { file, session, problems };
  });
}

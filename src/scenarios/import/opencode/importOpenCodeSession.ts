import type { LogFile } from '../logFile';
import type { LogProblem } from '../logLines';
import { emptyAgent, type LoggedAgent, type SessionLog } from '../sessionLog';
import { scenarioOfSession, type ImportResult } from '../sessionScenario';
import { readExport, type OpenCodeExport } from './exportFile';
import { foldExport } from './foldExport';
import { isStorageSession, readStorageSessions } from './storageFolder';

/** What an OpenCode export never tells, said with every import of one. */
const ALWAYS_UNKNOWN = ["OpenCode's export does not say when the model's stream wrote a tool call, only when the call started (the tool-call event, at which the AI SDK runs it): each call's block is taken to close as it started"];

/** The session's folder: the first assistant message's `path.cwd`, else the session's `directory`. */
function folderOf(read: OpenCodeExport): string {
  for (const message of read.messages) {
    const path = message.info.path;
    if (message.role === 'assistant' && typeof path === 'object' && path !== null && typeof (path as { cwd?: unknown }).cwd === 'string') return (path as { cwd: string }).cwd;
  }
  return read.directory;
}

/** The earliest block of an agent, or `Infinity`. */
function firstAt(agent: LoggedAgent): number {
  return Math.min(...agent.responses.map((response) => response.blocks[0]?.at ?? Infinity));
}

/**
 * Reads an OpenCode export (and, given beside it, the exports of the sub-agent sessions its `task`
 * calls ran), or a session's files from OpenCode's storage folder (its session file first, then its
 * messages, parts and sub-agents' sessions; storageFolder.ts), as the importer's session. `notes`
 * are what the export could not tell. Never throws.
 */
export function readOpenCodeSession(files: readonly LogFile[]): { session: SessionLog; notes: string[]; main: string } {
  const reads = isStorageSession(files) ? readStorageSessions(files) : files.map((file) => ({ file, ...readExport(file.text, file.name) }));
  // The main session is the one that is no other's child; a lone file is the main one whatever it is.
  const main = reads.find((read) => read.session && read.session.parentId === '') ?? reads[0]!;
  const problems: LogProblem[] = [...main.problems];
  const cwd = main.session ? folderOf(main.session) : '';
  const folded = main.session ? foldExport(main.session.messages, main.file.name, cwd) : undefined;
  const agent = folded?.agent ?? emptyAgent();
  if (folded?.prompt !== undefined) agent.prompt = folded.prompt;
  problems.push(...(folded?.problems ?? []));
  const notes = [...ALWAYS_UNKNOWN, ...(folded?.notes ?? [])];
  const agents = new Map<string, LoggedAgent>();
  const byCall = new Map([...(folded?.tasks ?? new Map<string, string>())].map(([call, session]) => [session, call]));
  for (const read of reads) {
    if (read === main) continue;
    problems.push(...read.problems);
    const call = read.session ? byCall.get(read.session.sessionId) : undefined;
    if (!read.session || call === undefined) {
      if (read.session) problems.push({ source: read.file.name, line: 0, message: `the session ${read.session.sessionId} is no sub-agent of ${main.session?.sessionId || 'the main session'} that a task call of it names: left out` });
      continue;
    }
    const sub = foldExport(read.session.messages, read.file.name, cwd);
    if (sub.prompt !== undefined) sub.agent.prompt = sub.prompt;
    problems.push(...sub.problems);
    notes.push(...sub.notes.map((note) => `${read.session!.sessionId}: ${note}`));
    agents.set(call, sub.agent);
  }
  const origin = Math.min(firstAt(agent), ...[...agents.values()].map(firstAt));
  if (main.session && main.session.version === '') notes.push('the export does not say which OpenCode wrote it (no info.version): the version is not known');
  return {
    session: {
      main: agent,
      agents,
      version: main.session?.version ?? '',
      cwd,
      sessionId: main.session?.sessionId ?? '',
      origin: Number.isFinite(origin) ? origin : 0,
      problems: problems.sort((a, b) => (a.source === b.source ? a.line - b.line : 0)),
    },
    notes,
    main: main.file.name,
  };
}

/**
 * Turns an OpenCode session export (`opencode export <sessionID> > session.json`) into a scenario
 * that replays it under the `opencode` policy (each call starts as the model's stream delivers it,
 * as the AI SDK runs them), as the other importers do (see `scenarioOfSession`). Its sub-agents'
 * sessions are read when their exports are given too; else each keeps its answer only. Never throws.
 */
export function importOpenCodeSession(files: readonly LogFile[], options: { id?: string } = {}): ImportResult {
  if (files.length === 0) return { ok: false, problems: [{ source: '', line: 0, message: 'no log was given' }] };
  const { session, notes, main } = readOpenCodeSession(files);
  return scenarioOfSession(session, main, { id: 'opencode', policy: 'opencode' }, { ...options, unknown: notes });
}

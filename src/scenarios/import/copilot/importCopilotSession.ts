import type { LogFile } from '../logFile';
import type { SessionLog } from '../sessionLog';
import { scenarioOfSession, type ImportResult } from '../sessionScenario';
import { isRecord, stringOf } from '../codex/rolloutLines';
import { readCopilotEvents } from './copilotEvents';
import { foldEvents } from './foldEvents';

/**
 * Reads a GitHub Copilot CLI session (its `events.jsonl`) as the importer's session: the model's
 * responses and calls (foldEvents.ts), the CLI's version (`session.start`'s `copilotVersion`), the
 * session's folder (`context.cwd`) and id. `notes` are what the log could not tell. Never throws.
 */
export function readCopilotSession(file: LogFile): { session: SessionLog; notes: string[] } {
  const read = readCopilotEvents(file.text, file.name);
  const folded = foldEvents(read.events);
  const context = isRecord(folded.start?.context) ? folded.start.context : undefined;
  const origin = Math.min(...folded.main.responses.map((response) => response.blocks[0]?.at ?? Infinity));
  return {
    session: {
      main: folded.main,
      agents: folded.agents,
      version: stringOf(folded.start, 'copilotVersion'),
      cwd: stringOf(context, 'cwd') || stringOf(folded.start, 'cwd'),
      sessionId: stringOf(folded.start, 'sessionId'),
      origin: Number.isFinite(origin) ? origin : 0,
      problems: [...read.problems, ...folded.problems].sort((a, b) => a.line - b.line),
      hooks: folded.hooks,
    },
    notes: folded.notes,
  };
}

/**
 * Turns a GitHub Copilot CLI session (`~/.copilot/session-state/<id>/events.jsonl`) into a
 * scenario that replays it under the `copilot-cli` policy (the calls of a response start once it
 * is complete, together), as the other importers do for their logs (see `scenarioOfSession`).
 * Each call's real start and end come from its own events. Only the first file is read: Copilot
 * writes a session, its sub-agents' events too, to one file. Never throws.
 */
export function importCopilotSession(files: readonly LogFile[], options: { id?: string } = {}): ImportResult {
  const [main, ...others] = files;
  if (!main) return { ok: false, problems: [{ source: '', line: 0, message: 'no log was given' }] };
  const { session, notes } = readCopilotSession(main);
  for (const other of others) session.problems.push({ source: other.name, line: 0, message: 'a Copilot CLI session is one events.jsonl file: this one is left out' });
  return scenarioOfSession(session, main.name, { id: 'copilot-cli', policy: 'copilot-cli' }, { ...options, unknown: notes });
}

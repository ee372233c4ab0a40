import type { LogFile } from '../logFile';
import type { SessionLog } from '../sessionLog';
import { scenarioOfSession, type ImportResult } from '../sessionScenario';
import { foldRollout } from './foldRollout';
import { readRolloutLines, stringOf } from './rolloutLines';

/**
 * Reads a Codex CLI session (one rollout file) as the importer's session: the model's responses
 * and calls (foldRollout.ts), the CLI's version (`session_meta.cli_version`), the session's folder
 * and id. `notes` are what the log could not tell. Never throws.
 */
export function readCodexSession(file: LogFile): { session: SessionLog; notes: string[] } {
  const read = readRolloutLines(file.text, file.name);
  const folded = foldRollout(read.entries);
  const { agent } = folded;
  if (folded.prompt !== undefined) agent.prompt = folded.prompt;
  const notes = [...folded.notes];
  if (read.legacy) notes.push("the log is in Codex CLI's older rollout layout (a session line, then the items with no time of their own): the responses' timing is not known, only each command's own duration where its output gives it");
  const origin = Math.min(...agent.responses.map((response) => response.blocks[0]?.at ?? Infinity));
  return {
    session: {
      main: agent,
      agents: folded.agents,
      version: stringOf(folded.meta, 'cli_version'),
      cwd: stringOf(folded.meta, 'cwd') || folded.turnCwd,
      sessionId: stringOf(folded.meta, 'id'),
      origin: Number.isFinite(origin) ? origin : 0,
      problems: [...read.problems, ...folded.problems].sort((a, b) => a.line - b.line),
    },
    notes,
  };
}

/**
 * Turns a Codex CLI rollout file (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`) into a scenario
 * that replays it under the `codex` policy (each call starts as its item completes), as the Claude
 * Code importer does for its logs (see `scenarioOfSession`). Only the first file is read: Codex
 * writes a session to one file. Never throws.
 */
export function importCodexSession(files: readonly LogFile[], options: { id?: string } = {}): ImportResult {
  const [main, ...others] = files;
  if (!main) return { ok: false, problems: [{ source: '', line: 0, message: 'no log was given' }] };
  const { session, notes } = readCodexSession(main);
  for (const other of others) session.problems.push({ source: other.name, line: 0, message: 'a Codex CLI session is one rollout file: this one is left out' });
  return scenarioOfSession(session, main.name, { id: 'codex', policy: 'codex', startsAfterResponse: false }, { ...options, unknown: notes });
}

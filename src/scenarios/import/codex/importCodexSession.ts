import type { LogFile } from '../logFile';
import { scenarioOfSession, type ImportResult } from '../sessionScenario';
import { threadSpawnOf } from './collaboration';
import { foldRollout } from './foldRollout';
import { readRolloutLines, stringOf } from './rolloutLines';
import { childrenOf, nestChildren, type ReadThread } from './subAgentThreads';

/**
 * Reads a Codex CLI session (one rollout file) as the importer's session: the model's responses
 * and calls (foldRollout.ts), the CLI's version (`session_meta.cli_version`), the session's folder
 * and id. `notes` are what the log could not tell. Never throws.
 */
export function readCodexSession(file: LogFile): ReadThread {
  const read = readRolloutLines(file.text, file.name);
  const folded = foldRollout(read.entries);
  const { agent } = folded;
  if (folded.prompt !== undefined) agent.prompt = folded.prompt;
  const notes = [...folded.notes];
  if (read.legacy) notes.push("the log is in Codex CLI's older rollout layout (a session line, then the items with no time of their own): the responses' timing is not known, only each command's own duration where its output gives it");
  const origin = Math.min(...agent.responses.map((response) => response.blocks[0]?.at ?? Infinity));
  return {
    name: file.name,
    ...(folded.meta ? { meta: folded.meta } : {}),
    spawned: folded.spawned,
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
 * Code importer does for its logs (see `scenarioOfSession`). Codex writes a session to one file,
 * and each sub-agent it spawns to one of its own: given several, the session is the first one
 * whose parent thread is not among them, and the rollouts of its own sub-agents are nested under
 * the spawn_agent calls that started them (subAgentThreads.ts); any other file is left out, and
 * said so. Never throws.
 */
export function importCodexSession(files: readonly LogFile[], options: { id?: string } = {}): ImportResult {
  if (files.length === 0) return { ok: false, problems: [{ source: '', line: 0, message: 'no log was given' }] };
  const threads = files.map(readCodexSession);
  const ids = new Set(threads.map((thread) => thread.session.sessionId).filter((id) => id !== ''));
  const main = threads.find((thread) => !ids.has(threadSpawnOf(thread.meta)?.parentId ?? '')) ?? threads[0]!;
  const { session } = main;
  const { children, rest } = childrenOf(main, threads.filter((thread) => thread !== main));
  const notes = [...main.notes, ...nestChildren(main, children, session.problems)];
  for (const other of rest) session.problems.push({ source: other.name, line: 0, message: 'a Codex CLI session is one rollout file, with its sub-agents\' own: this one is neither, and is left out' });
  // The session starts at its first response, or a sub-agent's if one came first (a clock's slip).
  const starts = children.flatMap((child) => child.session.main.responses.map((response) => response.blocks[0]?.at ?? Infinity));
  const origin = Math.min(session.main.responses.length > 0 ? session.origin : Infinity, ...starts);
  const nested = children.length === 0 ? session : { ...session, origin: Number.isFinite(origin) ? origin : session.origin };
  return scenarioOfSession(nested, main.name, { id: 'codex', policy: 'codex' }, { ...options, unknown: notes });
}

import { importClineTask } from './cline/importClineTask';
import { importCodexSession } from './codex/importCodexSession';
import { importGeminiSession } from './gemini/importGeminiSession';
import { importCopilotSession } from './copilot/importCopilotSession';
import { importOpenCodeSession } from './opencode/importOpenCodeSession';
import { isStorageSession } from './opencode/storageFolder';
import { importPiSession } from './pi/importPiSession';
import { importClaudeSession } from './claude-code/importClaudeSession';
import { HEAD_BYTES, type FileHead } from './formatClaim';
import { isSubAgentFile, type LogFile } from './logFile';
import { SESSION_AGENT_NAMES } from './sessionAgents';
import { formatOfFile, unclaimedReason, type SessionAgentId, type SessionFormatId } from './sessionFormats';
import type { ImportResult } from './sessionScenario';

/** Each agent's reader, by its format's id: the compiler holds this to the formats' table. */
const READERS: Readonly<Record<SessionAgentId, (files: readonly LogFile[], options: { id?: string }) => ImportResult>> = {
  'claude-code': importClaudeSession,
  codex: importCodexSession,
  'gemini-cli': importGeminiSession,
  'copilot-cli': importCopilotSession,
  opencode: importOpenCodeSession,
  cline: importClineTask,
  pi: importPiSession,
};

/** A file as the formats are asked about it: its head, and its whole text. */
function asked(file: LogFile): FileHead {
  return { name: file.name, head: file.text.slice(0, HEAD_BYTES), text: file.text };
}

/** The format a log's text is in, told by its content (the formats' table); `undefined` when none claims it. */
export function sessionFormatOf(text: string, name = ''): SessionFormatId | undefined {
  return formatOfFile(asked({ name, text }))?.format.id;
}

/** The agent whose log `text` is, told from its content; `undefined` when no reader claims it. */
export function sessionAgentOf(text: string): SessionAgentId | undefined {
  const id = sessionFormatOf(text);
  return id === undefined || id === 'aider' ? undefined : id;
}

/**
 * Imports a session log of any format the table knows, told by what its files hold (their names
 * only where a format keeps several files: a Cline task's, an OpenCode storage folder's, a Claude
 * Code session's sub-agents): the claimed file's reader gets all of them. A format that holds no
 * tool calls is refused with why; a file no format claims is refused with what it looked like and
 * which formats were tried. The command line and the page both come through here. Never throws.
 */
export function importSessionLog(files: readonly LogFile[], options: { id?: string } = {}): ImportResult {
  if (files.length === 0) return { ok: false, problems: [{ source: '', line: 0, message: 'no log was given' }] };
  if (isStorageSession(files)) return READERS.opencode(files, options);
  const claimed = files.map((file) => ({ file, found: formatOfFile(asked(file)) }));
  // A Cline task's files go together, whichever of them is given first.
  const cline = claimed.find((each) => each.found?.format.id === 'cline' && each.found.role === 'session');
  const main = cline ?? claimed.find((each) => each.found?.role === 'session' && !isSubAgentFile(each.file.name)) ?? claimed.find((each) => each.found) ?? claimed[0]!;
  const format = main.found?.format;
  if (!format) {
    const empty = main.file.text.trim() === '';
    return { ok: false, problems: [{ source: main.file.name, line: 0, message: empty ? 'the file is empty: there is no session in it to replay' : unclaimedReason(main.file.text) }] };
  }
  if ('refusal' in format && typeof format.refusal === 'string') return { ok: false, problems: [{ source: main.file.name, line: 0, message: format.refusal }] };
  const reader = READERS[format.id as SessionAgentId];
  const ordered = [main.file, ...files.filter((file) => file !== main.file)];
  const result = reader(ordered, options);
  return format.id === 'codex' || format.id === 'copilot-cli' || format.id === 'claude-code' ? foreignLines(result, main.file, format.id) : result;
}

/** How many of a log's problems are looked at for another agent's lines. */
const FOREIGN_LOOKED_AT = 200;

/**
 * Says so where a line a log's reader could not use is another agent's (two logs run together in
 * one file): "a line of a Claude Code log, not of this Codex CLI rollout", instead of the reader's
 * own puzzlement at it.
 */
function foreignLines(result: ImportResult, file: LogFile, agent: SessionAgentId): ImportResult {
  const named = result.problems.filter((problem) => problem.source === file.name && problem.line > 0).slice(0, FOREIGN_LOOKED_AT);
  if (named.length === 0) return result;
  const wanted = new Set(named.map((problem) => problem.line));
  const last = Math.max(...wanted);
  const other = new Map<number, string>();
  let start = 0;
  for (let line = 1; line <= last && start <= file.text.length; line++) {
    let end = file.text.indexOf('\n', start);
    if (end < 0) end = file.text.length;
    if (wanted.has(line)) {
      const text = file.text.slice(start, end);
      const found = formatOfFile({ name: '', head: `${text}\n` })?.format;
      if (found && found.id !== agent && found.id !== 'cline' && found.id !== 'gemini-cli' && found.id !== 'opencode') other.set(line, found.name);
    }
    start = end + 1;
  }
  if (other.size === 0) return result;
  const problems = result.problems.map((problem) => {
    const found = problem.source === file.name ? other.get(problem.line) : undefined;
    return found ? { ...problem, message: `a line of a ${found} log, not of this ${SESSION_AGENT_NAMES[agent]} one (two logs in one file?): passed over` } : problem;
  });
  return { ...result, problems };
}

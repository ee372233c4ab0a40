import { clineFileKind, clineTextKind } from './cline/taskFiles';
import { importClineTask } from './cline/importClineTask';
import { importCodexSession } from './codex/importCodexSession';
import { isGeminiChat } from './gemini/chatFile';
import { isGeminiChatLines } from './gemini/chatLines';
import { importGeminiSession } from './gemini/importGeminiSession';
import { isCopilotEvent } from './copilot/copilotEvents';
import { importCopilotSession } from './copilot/importCopilotSession';
import { isOpenCodeExport } from './opencode/exportFile';
import { importOpenCodeSession } from './opencode/importOpenCodeSession';
import { isStorageSession } from './opencode/storageFolder';
import { importClaudeSession } from './claude-code/importClaudeSession';
import { isSubAgentFile, type LogFile } from './logFile';
import { SESSION_AGENT_NAMES, type SessionAgentId } from './sessionAgents';
import type { ImportResult } from './sessionScenario';

/** How many of a log's first lines are looked at to tell its agent. */
const LOOKED_AT = 20;

/** Line types only a Codex CLI rollout has (`RolloutItem`'s tags), and the bare items of its older layout. */
const CODEX_KINDS = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);
const CODEX_ITEMS = new Set(['message', 'reasoning', 'function_call', 'function_call_output', 'local_shell_call', 'custom_tool_call', 'custom_tool_call_output']);

/** The agent one parsed line says wrote the log, if it says. */
function agentOfLine(value: unknown): SessionAgentId | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const line = value as Record<string, unknown>;
  // Copilot CLI's events are `{type: "session.start", data: {…}, id, timestamp, parentId}`: a dotted
  // type no other log has. Told first, though its lines carry no top-level sessionId or uuid
  // today, so that a later one that did would not pass for Claude Code's.
  if (isCopilotEvent(line)) return 'copilot-cli';
  // Claude Code stamps every line with its session, and its lines with an id.
  if (typeof line.sessionId === 'string' || typeof line.uuid === 'string') return 'claude-code';
  const payload = line.payload;
  if (typeof line.type === 'string' && CODEX_KINDS.has(line.type) && typeof payload === 'object' && payload !== null) return 'codex';
  if (line.record_type === 'state' || (typeof line.type === 'string' && CODEX_ITEMS.has(line.type) && !('message' in line))) return 'codex';
  if (line.type === undefined && typeof line.id === 'string' && typeof line.timestamp === 'string') return 'codex';
  return undefined;
}

/**
 * The agent whose log `text` is, told from its first lines; `undefined` when they do not say. A
 * Gemini CLI chat and an OpenCode export are each one JSON document, not JSON Lines: they are tried
 * whole first, since on one line a chat's `sessionId` would look like a Claude Code line's; so is a
 * Gemini CLI chat as JSON Lines, whose first line (its metadata) has a `sessionId` too, with a
 * `projectHash` and no `type`, which no Claude Code line has. An export has no `sessionId` nor
 * `projectHash` and a chat no `info` with a "ses_" id, so neither check claims the other's. A Cline
 * task's file is one JSON array (of API messages or of chat messages), which no other agent's log
 * starts with.
 */
export function sessionAgentOf(text: string): SessionAgentId | undefined {
  if (clineTextKind(text) !== undefined) return 'cline';
  if (isGeminiChat(text) || isGeminiChatLines(text)) return 'gemini-cli';
  if (isOpenCodeExport(text)) return 'opencode';
  let start = 0;
  for (let looked = 0; looked < LOOKED_AT && start < text.length; looked++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === '') continue;
    try {
      const agent = agentOfLine(JSON.parse(line) as unknown);
      if (agent) return agent;
    } catch {
      // A damaged line says nothing; the importer names it.
    }
  }
  return undefined;
}

/**
 * Imports a session log of any agent the playground reads, told from the main log's first lines:
 * a Codex CLI rollout, a Gemini CLI chat file, a GitHub Copilot CLI events.jsonl, an OpenCode
 * export (with its sub-agents' exports) or a session's files from its storage folder (told by where
 * they sit), a Cline task's files (told by their names or their
 * content, whichever comes first), or a Claude Code log (with its sub-agents' logs). The command
 * line and the page both come through here, so any of them is taken without a flag. Never throws.
 */
export function importSessionLog(files: readonly LogFile[], options: { id?: string } = {}): ImportResult {
  if (files.some((file) => clineFileKind(file) === 'history' || clineFileKind(file) === 'ui')) return importClineTask(files, options);
  if (isStorageSession(files)) return importOpenCodeSession(files, options);
  const main = files.find((file) => !isSubAgentFile(file.name)) ?? files[0];
  if (main && main.text.trim() === '') return { ok: false, problems: [{ source: main.name, line: 0, message: 'the file is empty: there is no session in it to replay' }] };
  const agent = main ? sessionAgentOf(main.text) : undefined;
  const rest = files.filter((file) => file !== main);
  if (agent === 'codex') return foreignLines(importCodexSession([main!, ...rest], options), main!, agent);
  if (agent === 'gemini-cli') return importGeminiSession([main!, ...rest], options);
  if (agent === 'opencode') return importOpenCodeSession([main!, ...rest], options);
  if (agent === 'copilot-cli') return foreignLines(importCopilotSession([main!, ...rest], options), main!, agent);
  const result = agent === 'claude-code' ? foreignLines(importClaudeSession(files, options), main!, agent) : importClaudeSession(files, options);
  if (!result.ok && agent === undefined && main && main.text.trim() !== '') {
    result.problems.push({ source: main.name, line: 0, message: 'it does not look like a Codex CLI rollout file either (one starts with a session_meta line, then response_item, event_msg and turn_context lines)' });
  }
  return result;
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
  const other = new Map<number, SessionAgentId>();
  let start = 0;
  for (let line = 1; line <= last && start <= file.text.length; line++) {
    let end = file.text.indexOf('\n', start);
    if (end < 0) end = file.text.length;
    if (wanted.has(line)) {
      try {
        const found = agentOfLine(JSON.parse(file.text.slice(start, end)) as unknown);
        if (found && found !== agent) other.set(line, found);
      } catch {
        // Not JSON: the reader's own message says so.
      }
    }
    start = end + 1;
  }
  if (other.size === 0) return result;
  const problems = result.problems.map((problem) => {
    const found = problem.source === file.name ? other.get(problem.line) : undefined;
    return found ? { ...problem, message: `a line of a ${SESSION_AGENT_NAMES[found]} log, not of this ${SESSION_AGENT_NAMES[agent]} one (two logs in one file?): passed over` } : problem;
  });
  return { ...result, problems };
}

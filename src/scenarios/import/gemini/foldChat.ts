/**
 * A Gemini CLI chat's messages folded into the importer's responses and calls. gemini-cli writes a
 * model response's text as a `gemini` message when its stream ends, and its calls only once they
 * have all completed (`recordCompletedToolCalls` in packages/core/src/core/geminiChat.ts), each
 * stamped with that moment; calls go into the last `gemini` message while the model answers with
 * calls alone, so one message may hold several responses' calls. Here a response is a message's
 * thoughts and text with the first run of calls sharing a timestamp, and each later run of calls
 * sharing one is a response of its own. A call closes as its response's text was written (the
 * stream's end), or, with no text, when its run was recorded: the log does not say when the model
 * asked for it. It ends when its run was recorded.
 */
import type { LogProblem } from '../logLines';
import { isRecord, stringOf } from '../codex/rolloutLines';
import { blockTime, emptyAgent, type LoggedAgent, type LoggedBlock, type LoggedResponse } from '../sessionLog';
import type { ChatFile, ChatMessage } from './chatFile';
import { callResult } from './callResult';
import { playgroundCall } from './geminiTools';

/** The folded chat: the agent's responses and calls, and what else it told. */
export interface FoldedChat {
  readonly agent: LoggedAgent;
  readonly problems: LogProblem[];
  /** What the mapping could not keep, for `observed.unknown`. */
  readonly notes: string[];
}

/** Message types that are the CLI's own notices, not the model's or the user's: passed over. */
const NOTICES = new Set(['info', 'error', 'warning']);

/** The text of a message's content: a string, or parts with text. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return isRecord(content) && typeof content.text === 'string' ? content.text : '';
  return content.map((part: unknown) => (typeof part === 'string' ? part : isRecord(part) && typeof part.text === 'string' && part.thought !== true ? part.text : '')).join('');
}

/** Milliseconds since the epoch of an ISO time, or `null`. */
function timeOf(value: unknown): number | null {
  const stamp = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(stamp) ? stamp : null;
}

/** Gemini CLI's words when read_file gave only part of a file. */
const CUT = /IMPORTANT: The file content has been truncated|Showing lines \d+-\d+ of \d+/;

/**
 * The file a Read showed whole, as a Claude Code log reports it (sessionWorkspace.ts rebuilds the
 * workspace from it): read_file answers with the file's text itself, unless it read a part.
 */
function shownFile(name: string, input: unknown, result: { text: string; isError: boolean }): { filePath: string; content: string } | undefined {
  if (name !== 'Read' || result.isError || !isRecord(input) || 'offset' in input || 'limit' in input || CUT.test(result.text.slice(0, 400))) return undefined;
  const filePath = stringOf(input, 'file_path');
  return filePath === '' ? undefined : { filePath, content: result.text };
}

/** A message's calls in runs that share a timestamp (each run one response's calls), in order. */
function runsOf(calls: readonly unknown[]): Record<string, unknown>[][] {
  const runs: Record<string, unknown>[][] = [];
  let stamp: unknown = Symbol('none');
  for (const call of calls) {
    if (!isRecord(call)) continue;
    if (call.timestamp !== stamp || runs.length === 0) runs.push([]);
    stamp = call.timestamp;
    runs.at(-1)!.push(call);
  }
  return runs;
}

/** Folds the chat's messages (in order), the session's folder being `cwd`. */
export function foldChat(chat: ChatFile, source: string, cwd: string): FoldedChat & { prompt?: string } {
  const folded: FoldedChat & { prompt?: string } = { agent: emptyAgent(), problems: [], notes: [] };
  const { agent } = folded;
  const rawIds = new Set<string>();
  let last: number | null = null;
  const problem = (line: number, message: string) => folded.problems.push({ source, line, message });

  const gemini = (message: ChatMessage, time: number) => {
    let current: LoggedResponse | null = null;
    const block = (kind: LoggedBlock['kind'], text: string, at: number, line: number, callId?: string): number => {
      if (!current) agent.responses.push((current = { messageId: `${stringOf(message.raw, 'id') || `line-${message.line}`}#${agent.responses.length}`, blocks: [] }));
      const closed = blockTime(current, at, { source, line }, folded.problems);
      current.blocks.push({ kind, text, at: closed, line, ...(callId !== undefined ? { callId } : {}) });
      return closed;
    };
    for (const thought of Array.isArray(message.raw.thoughts) ? message.raw.thoughts : []) {
      if (!isRecord(thought)) continue;
      const text = [stringOf(thought, 'subject'), stringOf(thought, 'description')].filter(Boolean).join(': ');
      block('thinking', text, Math.min(timeOf(thought.timestamp) ?? time, time), message.line);
    }
    const text = contentText(message.raw.content);
    if (text.trim() !== '') block('text', text, time, message.line);
    const calls = Array.isArray(message.raw.toolCalls) ? message.raw.toolCalls : [];
    runsOf(calls).forEach((run, index) => {
      if (index > 0) current = null;
      for (const record of run) call(record, message, index === 0 ? time : null, block);
    });
    if (calls.some((each: unknown) => !isRecord(each))) problem(message.line, 'a tool call that is not a JSON object: left out');
  };

  const call = (record: Readonly<Record<string, unknown>>, message: ChatMessage, textTime: number | null, block: (kind: LoggedBlock['kind'], text: string, at: number, line: number, callId?: string) => number) => {
    const rawId = stringOf(record, 'id');
    const where = rawId ? chat.find(JSON.stringify(rawId), message.offset).line : message.line;
    if (rawId !== '' && rawIds.has(rawId)) return problem(where, `the call ${rawId} again: the first is kept`);
    const name = stringOf(record, 'name');
    // A tool_use id is letters, digits, "_" and "-" (the scenario's rule), unique in the session.
    let id = rawId.replace(/[^A-Za-z0-9_-]/g, '_');
    if (id === '' || id === '__proto__' || agent.calls.has(id)) id = `${name.replace(/[^A-Za-z0-9_-]/g, '_') || 'call'}_line${where}`;
    rawIds.add(rawId);
    const recorded = timeOf(record.timestamp);
    if (recorded === null) problem(where, `the call ${rawId || id} has no timestamp that parses: taken as its message's`);
    const ended = recorded ?? last ?? 0;
    const mapped = playgroundCall(name, record.args, cwd);
    const closedAt = block('tool_use', '', textTime !== null ? Math.min(textTime, ended) : ended, where, id);
    agent.calls.set(id, { id, name: mapped.name, input: mapped.input, closedAt });
    if (mapped.note) folded.notes.push(`${id}: ${mapped.note}`);
    const result = callResult(record);
    const made = agent.calls.get(id)!;
    if (result) {
      made.result = { ...result, line: where };
      made.endedAt = Math.max(ended, closedAt);
      const file = shownFile(made.name, made.input, made.result);
      if (file) made.detail = { file };
    } else problem(where, `the call ${rawId || id} (${name || 'no name'}) has no result in the log (status ${JSON.stringify(record.status ?? null)}): it is imported as unanswered`);
  };

  for (const message of chat.messages) {
    const time = message.time ?? last;
    // A notice's time matters to nothing here.
    if (message.time === null && (message.type === 'user' || message.type === 'gemini')) problem(message.line, `a ${message.type || 'typeless'} message with no timestamp that parses: taken as the one before's`);
    if (time !== null) last = Math.max(last ?? time, time);
    if (message.type === 'user') {
      const text = contentText(message.raw.content).trim();
      // A slash command is the CLI's, not a prompt to the model.
      if (folded.prompt === undefined && text !== '' && !text.startsWith('/')) folded.prompt = text;
    } else if (message.type === 'gemini') gemini(message, time ?? 0);
    else if (!NOTICES.has(message.type)) problem(message.line, `a message of type "${message.type || '(none)'}" the importer does not know: passed over`);
  }
  return folded;
}

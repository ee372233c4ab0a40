/**
 * The Pi coding agent's sessions (badlogic/pi-mono, packages/coding-agent: session-manager.ts
 * writes them, docs/session-format.md describes them): JSON Lines, a `session` header (`id`,
 * `timestamp`, `cwd`, and from v2 `version`), then entries (`message`, `model_change`,
 * `compaction`, `label`, …) with `id` and `parentId` making a tree (v1: a plain list). A `message`
 * entry holds a user's, an assistant's (content blocks: text, thinking, `toolCall {id, name,
 * arguments}`) or a `toolResult {toolCallId, content, isError, timestamp}`. The entry is stamped
 * when the message ended; a message's own `timestamp` is when it was made (an assistant's: when its
 * request was sent). A branch of the tree is a later stretch of the file: the file is read in the
 * order it was written, which is the order things happened.
 */
import { readJsonLines, type LogProblem } from '../logLines';
import type { LogFile } from '../logFile';
import { isRecord } from '../formatClaim';
import { blockTime, emptyAgent, type LoggedAgent, type LoggedResponse, type SessionLog } from '../sessionLog';
import { scenarioOfSession, type ImportResult } from '../sessionScenario';
import type { PolicyName } from '../../policies';
import { isPiHeader } from './format';
import { playgroundCall } from './piTools';

interface PiEntry {
  readonly line: number;
  readonly type: string;
  readonly id: string;
  /** The entry's own stamp (ms): when it was written. */
  readonly time: number | null;
  readonly raw: Readonly<Record<string, unknown>>;
}

/** How far apart two results of one message must be written to show the calls ran one after another. */
const APART_MS = 50;

/** Reads a Pi session into the importer's shape, with the preset its results' times show (see {@link pathOf}). */
export function readPiSession(file: LogFile): { session: SessionLog; policy: PolicyName; notes: string[] } {
  const problems: LogProblem[] = [];
  const read = readJsonLines(file.text, file.name, (value, line): PiEntry | string => {
    if (!isRecord(value)) return 'not a JSON object';
    if (typeof value.type !== 'string') return 'an entry without a "type"';
    const stamp = typeof value.timestamp === 'string' ? Date.parse(value.timestamp) : NaN;
    return { line, type: value.type, id: typeof value.id === 'string' ? value.id : `line-${line}`, time: Number.isFinite(stamp) ? stamp : null, raw: value };
  });
  problems.push(...read.problems);
  const header = read.entries.find((entry) => entry.type === 'session');
  if (!header || !isPiHeader(header.raw)) problems.push({ source: file.name, line: header?.line ?? 0, message: 'no Pi session header (a first line {"type":"session","id",…,"cwd"}): read on without it' });
  const agent = emptyAgent();
  for (const entry of read.entries) if (entry.type === 'message') foldMessage(agent, entry, file.name, problems);
  for (const call of agent.calls.values()) if (!call.result) problems.push({ source: file.name, line: 0, message: `the call ${call.id} (${call.name}) has no toolResult in the log: it is imported as unanswered` });
  const origin = Math.min(...agent.responses.map((response) => response.blocks[0]?.at ?? Infinity));
  const notes = ['the Pi version: a session file does not name it (its header’s version is the file format’s)'];
  const path = pathOf(agent);
  if (path === undefined) notes.push('whether its tools ran in parallel (0.58 and later) or one at a time: no message had two calls whose results could tell, so the parallel default is taken');
  return {
    session: {
      main: agent,
      agents: new Map(),
      version: '',
      cwd: typeof header?.raw.cwd === 'string' ? header.raw.cwd : '',
      sessionId: typeof header?.raw.id === 'string' ? header.raw.id : '',
      origin: Number.isFinite(origin) ? origin : 0,
      problems,
    },
    policy: path === 'sequential' ? 'pi-sequential' : 'pi',
    notes,
  };
}

function foldMessage(agent: LoggedAgent, entry: PiEntry, source: string, problems: LogProblem[]): void {
  const message = entry.raw.message;
  if (!isRecord(message)) {
    problems.push({ source, line: entry.line, message: 'a message entry without a message: left out' });
    return;
  }
  const made = typeof message.timestamp === 'number' && Number.isFinite(message.timestamp) ? message.timestamp : null;
  const content = Array.isArray(message.content) ? message.content.filter(isRecord) : [];
  switch (message.role) {
    case 'user':
      if (agent.prompt === undefined) agent.prompt = typeof message.content === 'string' ? message.content : content.map((block) => (typeof block.text === 'string' ? block.text : '')).join('');
      return;
    case 'assistant': {
      const response: LoggedResponse = { messageId: entry.id, blocks: [] };
      // Its blocks closed before the entry was written, once the message had ended; when each did, the file does not say.
      const at = entry.time ?? made ?? 0;
      for (const block of content) {
        if (block.type === 'toolCall') {
          const id = typeof block.id === 'string' && block.id !== '' && !agent.calls.has(block.id) && block.id !== '__proto__' ? block.id : `pi_call_line${entry.line}_${response.blocks.length}`;
          const mapped = playgroundCall(typeof block.name === 'string' ? block.name : '', block.arguments);
          const closedAt = blockTime(response, at, { source, line: entry.line }, problems);
          agent.calls.set(id, { id, name: mapped.name, input: mapped.input, closedAt });
          response.blocks.push({ kind: 'tool_use', text: '', callId: id, at: closedAt, line: entry.line });
        } else if (block.type === 'text' || block.type === 'thinking') {
          const text = typeof block.text === 'string' ? block.text : typeof block.thinking === 'string' ? block.thinking : '';
          response.blocks.push({ kind: block.type, text: block.type === 'text' ? text : '', at: blockTime(response, at, { source, line: entry.line }, problems), line: entry.line });
        }
      }
      if (response.blocks.length > 0) agent.responses.push(response);
      return;
    }
    case 'toolResult': {
      const id = typeof message.toolCallId === 'string' ? message.toolCallId : '';
      const call = agent.calls.get(id);
      if (!call) {
        problems.push({ source, line: entry.line, message: `a toolResult for ${id || 'no id'}, which no toolCall of the session asked for: left out` });
        return;
      }
      if (call.result) {
        problems.push({ source, line: entry.line, message: `a second toolResult for ${id}: the first is kept` });
        return;
      }
      const text = content.map((block) => (typeof block.text === 'string' ? block.text : block.type === 'image' ? '[image]' : '')).join('');
      call.result = { text, isError: message.isError === true, line: entry.line };
      const ended = made ?? entry.time;
      if (ended !== null) call.endedAt = Math.max(ended, call.closedAt);
      const input = call.input as { offset?: unknown; limit?: unknown };
      // A whole file read: the file as it was (sessionWorkspace.ts takes it from the report).
      if (call.name === 'Read' && !call.result.isError && input.offset === undefined && input.limit === undefined) call.detail = { file: { content: text } };
      return;
    }
    default:
      return;
  }
}

/**
 * How a session ran its tools, as its results' times show: in parallel mode (0.58 and later, the
 * default) every result of a message is made once the slowest call ends, so they share one time;
 * one at a time, each as its call ends. `undefined` where no message had two calls whose results
 * could tell.
 */
function pathOf(agent: LoggedAgent): 'parallel' | 'sequential' | undefined {
  let told: 'parallel' | undefined;
  for (const response of agent.responses) {
    const ends = response.blocks.flatMap((block) => {
      const end = block.kind === 'tool_use' ? agent.calls.get(block.callId!)?.endedAt : undefined;
      return end === undefined ? [] : [end];
    });
    if (ends.length < 2) continue;
    for (let i = 1; i < ends.length; i++) if (ends[i]! - ends[i - 1]! > APART_MS) return 'sequential';
    told = 'parallel';
  }
  return told;
}

/**
 * Turns a Pi session (`~/.pi/agent/sessions/--<folder>--/<time>_<id>.jsonl`) into a scenario that
 * replays it under its preset: `pi` (after the message, every call at once), or `pi-sequential`
 * where its results show the calls ran one after another. Never throws.
 */
export function importPiSession(files: readonly LogFile[], options: { id?: string } = {}): ImportResult {
  const [main, ...others] = files;
  if (!main) return { ok: false, problems: [{ source: '', line: 0, message: 'no log was given' }] };
  const { session, policy, notes } = readPiSession(main);
  for (const other of others) session.problems.push({ source: other.name, line: 0, message: 'a Pi session is one file: this one is left out' });
  return scenarioOfSession(session, main.name, { id: 'pi', policy }, { ...options, unknown: notes });
}

/**
 * An OpenCode session's messages folded into the importer's responses and calls. Each model request
 * is a `step-start` … `step-finish` run of a message's parts (packages/opencode/src/session/
 * processor.ts writes a `step-start` as the AI SDK starts a step and a `step-finish` as it ends;
 * in 1.x a message usually holds one), so each step is a response here. A tool part's state is
 * `running` from the moment the model's `tool-call` arrived (`time.start`, when the AI SDK also
 * started it) and `completed` or `error` at `time.end`. Two of the export's times can be late, and
 * the part ids (partTimes.ts: when each part was made) bound them: a text whose `time.end` is the
 * whole stream's end (providers that send `text-end` only then) closed before the next part of its
 * step was made; a tool whose `time.start` moved on with its progress reports (the Effect-era
 * processor rewrites it at each `metadata` call) started before the next part was made too.
 */
import type { LogProblem } from '../logLines';
import { isRecord, stringOf } from '../codex/rolloutLines';
import { blockTime, emptyAgent, type LoggedAgent, type LoggedBlock, type LoggedResponse } from '../sessionLog';
import type { ExportMessage, ExportPart, Placed } from './exportFile';
import { playgroundCall, taskSessionOf } from './opencodeTools';
import { idTime } from './partTimes';

/** The folded session: the agent's responses and calls, and what else it told. */
export interface FoldedExport {
  readonly agent: LoggedAgent;
  readonly problems: LogProblem[];
  /** What the mapping could not keep, for `observed.unknown`. */
  readonly notes: string[];
  /** The sub-agent session each `task` call ran, by the call's id. */
  readonly tasks: Map<string, string>;
}

/** Part types that are OpenCode's bookkeeping (snapshots, patches, attachments, retries…), not the model's words: passed over. */
const BOOKKEEPING = new Set(['snapshot', 'patch', 'file', 'agent', 'subtask', 'retry', 'compaction']);

/** A finite number of milliseconds, or `null`. */
function msOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A part's `time.end`, else its `time.start`, else `null`. */
function partTime(raw: Readonly<Record<string, unknown>>): number | null {
  const time = isRecord(raw.time) ? raw.time : {};
  return msOf(time.end) ?? msOf(time.start);
}

/** How a tool part ended: its result, start and end, as its state says. */
function toolState(state: Readonly<Record<string, unknown>>): { result?: { text: string; isError: boolean }; start: number | null; end: number | null } {
  const time = isRecord(state.time) ? state.time : {};
  const start = msOf(time.start);
  const end = msOf(time.end);
  if (state.status === 'completed') return { result: { text: stringOf(state, 'output'), isError: false }, start, end };
  if (state.status === 'error') return { result: { text: stringOf(state, 'error') || 'the call failed (the export gives no message)', isError: true }, start, end };
  return { start, end: null };
}

/** Folds the session's messages (in order), its folder being `cwd`. */
export function foldExport(messages: readonly ExportMessage[], source: string, cwd: string): FoldedExport & { prompt?: string } {
  const folded: FoldedExport & { prompt?: string } = { agent: emptyAgent(), problems: [], notes: [], tasks: new Map() };
  const { agent } = folded;
  /** Where a message or part is written: its own file in a storage folder, else the export's line. */
  const where = (at: Placed) => ({ source: at.source ?? source, line: at.line });
  const problem = (at: Placed, message: string) => folded.problems.push({ ...where(at), message });
  let last = 0;

  const assistant = (message: ExportMessage) => {
    const created = isRecord(message.info.time) ? msOf(message.info.time.created) : null;
    if (created === null) problem(message, `the assistant message ${message.id} has no time.created: its parts without times are taken as the one before's`);
    last = Math.max(last, created ?? last);
    let current: LoggedResponse | null = null;
    let steps = 0;
    // When each text, reasoning or tool part was made (its id), and so the latest its block before closed.
    const completed = isRecord(message.info.time) ? msOf(message.info.time.completed) : null;
    const madeAt = (part: ExportPart) => (created === null ? null : idTime(stringOf(part.raw, 'id'), created, completed ?? created + 86_400_000));
    // Read backwards: each block's next block in the same step is the one met just before it.
    const nextMade = new Map<ExportPart, number>();
    let following: number | null = null;
    for (let i = message.parts.length - 1; i >= 0; i--) {
      const part = message.parts[i]!;
      if (part.type === 'step-start' || part.type === 'step-finish') following = null;
      else if (part.type === 'text' || part.type === 'reasoning' || part.type === 'tool') {
        if (following !== null) nextMade.set(part, following);
        following = madeAt(part);
      }
    }
    const bounded = (part: ExportPart, at: number | null) => {
      const next = nextMade.get(part);
      return next === undefined || at === null ? at : Math.min(at, next);
    };
    const block = (kind: LoggedBlock['kind'], text: string, at: number | null, part: Placed, callId?: string): number => {
      if (!current) agent.responses.push((current = { messageId: `${message.id}#${steps++}`, blocks: [] }));
      const closed = blockTime(current, at ?? last, where(part), folded.problems);
      last = Math.max(last, closed);
      current.blocks.push({ kind, text, at: closed, line: part.line, ...(callId !== undefined ? { callId } : {}) });
      return closed;
    };
    for (const part of message.parts) {
      if (part.type === 'step-start' || part.type === 'step-finish') current = null;
      else if (part.type === 'text') {
        // A synthetic or ignored text is OpenCode's own, never sent as the model's.
        if (part.raw.synthetic !== true && part.raw.ignored !== true && stringOf(part.raw, 'text').trim() !== '') block('text', stringOf(part.raw, 'text'), bounded(part, partTime(part.raw)), part);
      } else if (part.type === 'reasoning') block('thinking', stringOf(part.raw, 'text'), bounded(part, partTime(part.raw)), part);
      else if (part.type === 'tool') tool(part, block, nextMade.get(part));
      else if (!BOOKKEEPING.has(part.type)) problem(part, `a part of type "${part.type || '(none)'}" the importer does not know: passed over`);
    }
  };

  const tool = (part: ExportPart, block: (kind: LoggedBlock['kind'], text: string, at: number | null, part: Placed, callId?: string) => number, nextMade: number | undefined) => {
    const rawId = stringOf(part.raw, 'callID');
    const name = stringOf(part.raw, 'tool');
    if (!isRecord(part.raw.state)) return problem(part, `the tool part ${rawId || stringOf(part.raw, 'id') || '(no id)'} (${name || 'no tool'}) has no state: left out`);
    const state = part.raw.state;
    // A tool_use id is letters, digits, "_" and "-" (the scenario's rule), unique in the session.
    let id = rawId.replace(/[^A-Za-z0-9_-]/g, '_');
    if (id === '' || id === '__proto__' || agent.calls.has(id)) {
      if (rawId !== '' && agent.calls.has(id)) return problem(part, `the call ${rawId} again: the first is kept`);
      id = `${name.replace(/[^A-Za-z0-9_-]/g, '_') || 'call'}_${part.source === undefined ? `line${part.line}` : stringOf(part.raw, 'id').replace(/[^A-Za-z0-9_-]/g, '_') || agent.calls.size}`;
    }
    const ended = toolState(state);
    if (ended.start === null) problem(part, `the call ${rawId || id} has no state.time.start (status ${JSON.stringify(state.status ?? null)}): taken as the part before's time`);
    const mapped = playgroundCall(name, state.input, cwd);
    // A start later than the next part was made is a progress report's: the call had started by then.
    const moved = ended.start !== null && nextMade !== undefined && ended.start > nextMade;
    if (moved) folded.notes.push(`${id}: its state.time.start is ${ended.start! - nextMade} ms after the next part of its step was made (a progress report moved it): it is taken to have started by then`);
    const closedAt = block('tool_use', '', moved ? nextMade : ended.start, part, id);
    agent.calls.set(id, { id, name: mapped.name, input: mapped.input, closedAt, ...(ended.start !== null && !moved ? { startedAt: ended.start } : {}) });
    if (mapped.note) folded.notes.push(`${id}: ${mapped.note}`);
    const call = agent.calls.get(id)!;
    if (ended.result) {
      call.result = { ...ended.result, line: part.line };
      if (ended.end !== null) {
        call.endedAt = Math.max(ended.end, closedAt);
        last = Math.max(last, call.endedAt);
      } else problem(part, `the call ${rawId || id} has no state.time.end: when it ended is not known`);
    } else problem(part, `the call ${rawId || id} (${name || 'no tool'}) was still ${JSON.stringify(state.status ?? null)} when the session was exported: it is imported as unanswered`);
    if (name === 'task') {
      const session = taskSessionOf(state.metadata, ended.result?.text ?? '');
      if (session !== '') folded.tasks.set(id, session);
    }
  };

  for (const message of messages) {
    if (message.role === 'user') {
      const text = message.parts.find((part) => part.type === 'text' && part.raw.synthetic !== true && part.raw.ignored !== true && stringOf(part.raw, 'text').trim() !== '');
      if (folded.prompt === undefined && text) folded.prompt = stringOf(text.raw, 'text').trim();
      for (const part of message.parts) if (part.type !== 'text' && !BOOKKEEPING.has(part.type)) problem(part, `a part of type "${part.type || '(none)'}" the importer does not know: passed over`);
    } else if (message.role === 'assistant') assistant(message);
    else problem(message, `a message of role "${message.role || '(none)'}" the importer does not know: passed over`);
  }
  return folded;
}

/**
 * A Cline task's API history folded into the importer's responses and calls. Each assistant message
 * is one response (Cline sends one request per message, `say: "api_req_started"` in the chat), its
 * calls written in its text (xmlCalls.ts) or as native tool_use blocks; the next user message holds
 * their results (toolResults.ts). Times come from the chat (uiTimes.ts): the n-th assistant message
 * answers the n-th request; a text closes when the block after it began, a call when the chat
 * showed it, and a call ends when the next request was sent with its result. Without the chat, a
 * message's own `ts` (newer versions write one) stands for all of its blocks.
 */
import type { LogProblem } from '../logLines';
import { isRecord } from '../codex/rolloutLines';
import { blockTime, emptyAgent, type LoggedAgent, type LoggedBlock, type LoggedCall, type LoggedResponse } from '../sessionLog';
import { playgroundCall } from './clineTools';
import type { TaskItem } from './taskFiles';
import { contentText, nativeResults, textResults, type ToolResultText } from './toolResults';
import type { UiTimes } from './uiTimes';
import { piecesOf } from './xmlCalls';

/** The folded task: the agent, its folder, and what could not be used or kept. */
export interface FoldedTask {
  readonly agent: LoggedAgent;
  readonly cwd: string;
  readonly problems: LogProblem[];
  readonly notes: string[];
}

/** One piece of a response before it has its time. */
type Piece = { kind: 'text' | 'thinking'; text: string } | { kind: 'call'; name: string; input: unknown; nativeId?: string };

/** A message's content as blocks: a string is one text block. */
function blocksOf(content: unknown): unknown[] | undefined {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content : undefined;
}

/** A text with the `<thinking>` Cline's prompt asks for split out as thinking. */
function thoughtsOf(text: string): Piece[] {
  const found = /^<thinking>\s*([\s\S]*?)\s*<\/thinking>\s*/.exec(text);
  if (!found) return [{ kind: 'text', text }];
  const rest = text.slice(found[0].length);
  return [{ kind: 'thinking', text: found[1]! }, ...(rest !== '' ? [{ kind: 'text' as const, text: rest }] : [])];
}

/** The response's pieces: its text split around the calls written in it, its native calls, its thinking. */
function piecesOfMessage(blocks: readonly unknown[], where: (message: string) => void): Piece[] {
  const pieces: Piece[] = [];
  for (const block of blocks) {
    if (!isRecord(block)) continue;
    if (block.type === 'text' && typeof block.text === 'string') {
      const split = piecesOf(block.text);
      for (const piece of split.pieces) {
        if (piece.kind === 'call') pieces.push({ kind: 'call', name: piece.name, input: piece.params });
        else pieces.push(...thoughtsOf(piece.text));
      }
      if (split.cutOff) where(`its <${split.cutOff}> is never closed (the response was cut off): Cline ran no such call, and it stays text`);
    } else if (block.type === 'tool_use') {
      pieces.push({ kind: 'call', name: typeof block.name === 'string' ? block.name : '', input: block.input ?? {}, nativeId: typeof block.id === 'string' ? block.id : '' });
    } else if (block.type === 'thinking' || block.type === 'redacted_thinking') {
      pieces.push({ kind: 'thinking', text: typeof block.thinking === 'string' ? block.thinking : '' });
    }
  }
  return pieces;
}

/** The task's first user message: the prompt inside `<task>`, and the folder its environment details name. */
function firstMessage(blocks: readonly unknown[]): { prompt?: string; cwd: string } {
  const text = contentText(blocks);
  const task = /<task>\s*([\s\S]*?)\s*<\/task>/.exec(text)?.[1];
  const cwd = /# Current Working Directory \(([^)\n]+)\) Files/.exec(text)?.[1] ?? '';
  const prompt = task ?? text.split('<environment_details>')[0]!.trim();
  return { ...(prompt !== '' ? { prompt } : {}), cwd };
}

/** Folds the history's messages (in order), timed by the chat's `ui` when there is one. */
export function foldTask(items: readonly TaskItem[], source: string, ui: UiTimes | undefined): FoldedTask {
  const agent = emptyAgent();
  const folded: FoldedTask & { cwd: string } = { agent, cwd: '', problems: [], notes: [] };
  const problem = (item: TaskItem, message: string) => folded.problems.push({ source, line: item.line, message: `message ${item.index}: ${message}` });
  let pending: { call: LoggedCall; tool: string; nativeId?: string }[] = [];
  const lineOf = new Map<string, number>();
  let responses = 0;
  let last = ui?.taskTs ?? 0;
  let seenUser = false;

  const user = (item: TaskItem, blocks: readonly unknown[], ts: number | undefined) => {
    if (!seenUser) {
      seenUser = true;
      const first = firstMessage(blocks);
      if (first.prompt !== undefined) agent.prompt = first.prompt;
      folded.cwd = first.cwd;
    }
    const natives = nativeResults(blocks);
    const texts = textResults(blocks);
    // The results were sent with the next request.
    const sent = ui?.requests[responses]?.ts ?? ts;
    for (const { call, tool, nativeId } of pending) {
      // A native call's result is the tool_result of its id; Cline also sends it as text (the
      // native tool calling of its GPT-5 and next-gen prompts), which names its tool: the first of
      // that tool's, else the first left.
      const native = nativeId !== undefined ? natives.get(nativeId) : undefined;
      const named = texts.findIndex((each) => each.tool === tool);
      const found: ToolResultText | undefined = native ?? texts.splice(named >= 0 ? named : 0, 1)[0];
      if (!found) continue;
      if (native) natives.delete(nativeId!);
      call.result = { text: found.text, isError: found.isError, line: item.line };
      if (sent !== undefined) call.endedAt = Math.max(sent, call.closedAt);
      if (call.name === 'Read' && !found.isError) call.detail = { file: { filePath: (call.input as { file_path?: string }).file_path, content: found.text } };
    }
    for (const left of texts) problem(item, `a result of ${left.tool}, which no call of the response before asked for: left out`);
    for (const id of natives.keys()) problem(item, `a tool_result for ${id}, which no tool_use of the response before asked for: left out`);
    pending = [];
  };

  const assistant = (item: TaskItem, blocks: readonly unknown[], ts: number | undefined) => {
    const request = ui?.requests[responses];
    responses++;
    // Calls of a response no user message followed stay unanswered.
    pending = [];
    const pieces = piecesOfMessage(blocks, (message) => problem(item, message));
    const start = request?.ts ?? ts ?? last;
    // When each piece began: a call when the chat showed it, a text when its text began.
    let calls = 0;
    let texts = 0;
    const began = pieces.map((piece) => {
      const at = piece.kind === 'call' ? request?.tools[calls++] : piece.kind === 'text' ? request?.texts[texts++] : undefined;
      return at ?? (request ? undefined : ts);
    });
    const response: LoggedResponse = { messageId: `message-${item.index}`, blocks: [] };
    let previous = start;
    pieces.forEach((piece, i) => {
      const own = began[i] ?? previous;
      const next = began.slice(i + 1).find((at) => at !== undefined);
      const closed = blockTime(response, piece.kind === 'call' ? own : Math.max(own, next ?? own), { source, line: item.line }, folded.problems);
      previous = closed;
      if (piece.kind !== 'call') {
        response.blocks.push({ kind: piece.kind, text: piece.text, at: closed, line: item.line } satisfies LoggedBlock);
        return;
      }
      const raw = piece.nativeId?.replace(/[^A-Za-z0-9_-]/g, '_') ?? '';
      const id = raw !== '' && raw !== '__proto__' && !agent.calls.has(raw) ? raw : `call_${item.index}_${i + 1}`;
      if (piece.nativeId !== undefined && raw !== piece.nativeId) problem(item, `the tool_use id ${JSON.stringify(piece.nativeId)} is empty, taken, or not letters and digits: imported as ${id}`);
      const mapped = playgroundCall(piece.name, piece.input);
      const call: LoggedCall = { id, name: mapped.name, input: mapped.input, closedAt: closed };
      agent.calls.set(id, call);
      if (mapped.note) folded.notes.push(`${id}: ${mapped.note}`);
      response.blocks.push({ kind: 'tool_use', text: '', callId: id, at: closed, line: item.line });
      lineOf.set(id, item.line);
      pending.push({ call, tool: piece.name, ...(piece.nativeId !== undefined ? { nativeId: piece.nativeId } : {}) });
    });
    if (response.blocks.length > 0) agent.responses.push(response);
    else problem(item, 'an assistant message with no text and no call: passed over');
    last = Math.max(previous, request?.last ?? previous);
  };

  for (const item of items) {
    const blocks = blocksOf(item.raw.content);
    const ts = typeof item.raw.ts === 'number' && Number.isFinite(item.raw.ts) ? item.raw.ts : undefined;
    if (!blocks) problem(item, 'its content is neither text nor a list of blocks: passed over');
    else if (item.raw.role === 'user') user(item, blocks, ts);
    else if (item.raw.role === 'assistant') assistant(item, blocks, ts);
    else problem(item, `a message of role ${JSON.stringify(item.raw.role ?? null)}, neither user nor assistant: passed over`);
  }
  const finalCall = pending.at(-1)?.call;
  for (const call of agent.calls.values()) {
    if (call.result) continue;
    const last = call === finalCall && call.name === 'attempt_completion';
    folded.problems.push({
      source,
      line: lineOf.get(call.id) ?? 0,
      message: last
        ? `the call ${call.id} (attempt_completion) ends the task: Cline sends it no result unless the user answers, so it is imported as unanswered`
        : `the call ${call.id} (${call.name || 'no name'}) has no result in the history: it is imported as unanswered`,
    });
  }
  if (ui && ui.requests.length !== responses) folded.notes.push(`the chat shows ${ui.requests.length} API requests and the history holds ${responses} responses: times are matched in order and may be off after the first difference`);
  return folded;
}

/**
 * A Codex CLI rollout's entries folded into the importer's responses and calls. A response is one
 * request to the model: the items it produced (reasoning, messages, calls), in order. It ends at
 * the next input (a user or developer message, a new turn's `turn_context`) and, where the log
 * has them, at the `token_count` event each finished request writes; a log without them ends a
 * response at the first tool output too. Each call is mapped onto the playground's tools
 * (codexTools.ts); its output, and what the events beside it say (`exec_command_end`,
 * `patch_apply_end`, `mcp_tool_call_end`, `turn_aborted`: the `EventMsg` variants of
 * https://github.com/openai/codex/blob/main/codex-rs/protocol/src/protocol.rs), tell how it ended.
 */
import { argumentsOf } from '../jsonDocument';
import type { LogProblem } from '../logLines';
import { blockTime, emptyAgent, type LoggedAgent, type LoggedBlock, type LoggedResponse } from '../sessionLog';
import { durationMs, readOutput } from './codexOutput';
import { codeModeAgent, codeModeCalls, type CodeCall } from './codeMode';
import { namespacedName } from './collaboration';
import { ownEntries } from './forkedThread';
import { playgroundCall } from './codexTools';
import { shownFile } from './shellReads';
import { isRecord, stringOf, type RolloutEntry } from './rolloutLines';

/** What an event says of a call's end, beside its output. */
interface CallEnd {
  failed?: boolean;
  /** An end event's duration (a process's whole life, when it outlived its call's yield). */
  durationMs?: number;
  /** The output's own `Wall time`: how long the call ran once its process started. */
  wallMs?: number;
}

/** The folded log: the agent's responses and calls, and what else the log told. */
export interface FoldedRollout {
  readonly agent: LoggedAgent;
  readonly problems: LogProblem[];
  /** What the mapping could not keep, for `observed.unknown`. */
  readonly notes: string[];
  /** The session's line (`session_meta`'s payload), the first one. */
  meta?: Readonly<Record<string, unknown>>;
  /** The folder the turns ran in, when no session line says. */
  turnCwd: string;
  /** The calls a code-mode `exec` made, as the sub-agent under it (codeMode.ts), by the exec's id. */
  readonly agents: Map<string, LoggedAgent>;
  /** The thread each `spawn_agent` call started, where a `collab_agent_spawn_end` event says (collaboration.ts), by call id. */
  readonly spawned: Map<string, string>;
}

/** Response items that are the harness's, not the model's: passed over without a word. */
const HARNESS_ITEMS = new Set(['ghost_snapshot', 'compaction', 'compaction_summary']);

/**
 * Rollout lines of Codex 0.14x that say nothing of the model's calls: the desktop app's view of
 * the world, and the metadata of messages between agents. Passed over without a word.
 */
const HARNESS_ENTRIES = new Set(['world_state', 'inter_agent_communication_metadata']);

/** The text of a message's content parts. */
function messageText(payload: Readonly<Record<string, unknown>>): string {
  const content = payload.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part: unknown) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('');
}

/** A user message that is the user's own words, not the context Codex adds (AGENTS.md, the environment). */
function isPrompt(text: string): boolean {
  const start = text.trimStart();
  return start !== '' && !start.startsWith('<') && !start.startsWith('# AGENTS.md');
}

/** Folds a rollout's entries (in log order): a forked thread's own (forkedThread.ts). */
export function foldRollout(logged: readonly RolloutEntry[]): FoldedRollout & { prompt?: string } {
  const folded: FoldedRollout = { agent: emptyAgent(), problems: [], notes: [], turnCwd: '', agents: new Map(), spawned: new Map() };
  const entries = ownEntries(logged, folded.problems);
  const codeMode = new Map<string, CodeCall[][]>();
  const tokenBoundaries = entries.some((entry) => entry.kind === 'event_msg' && entry.type === 'token_count');
  const ids = new Map<string, string>();
  const ends = new Map<string, CallEnd>();
  let current: LoggedResponse | null = null;
  let userEvent: string | undefined;
  let userItem: string | undefined;
  const problem = (entry: RolloutEntry, message: string): void => {
    folded.problems.push({ source: entry.source, line: entry.line, message });
  };
  const cwd = () => stringOf(folded.meta, 'cwd') || folded.turnCwd;

  const block = (entry: RolloutEntry, kind: LoggedBlock['kind'], text: string, callId?: string): number => {
    if (!current) folded.agent.responses.push((current = { messageId: `line-${entry.line}`, blocks: [] }));
    const at = blockTime(current, entry.time, entry, folded.problems);
    current.blocks.push({ kind, text, at, line: entry.line, ...(callId !== undefined ? { callId } : {}) });
    return at;
  };

  const call = (entry: RolloutEntry, rawId: string, name: string, args: unknown): string | undefined => {
    if (rawId !== '' && ids.has(rawId)) {
      problem(entry, `the call ${rawId} again: the first is kept`);
      return undefined;
    }
    // A tool_use id is letters, digits, "_" and "-" (the scenario's rule), unique in the session.
    let id = rawId.replace(/[^A-Za-z0-9_-]/g, '_');
    if (id === '' || id === '__proto__' || folded.agent.calls.has(id)) id = `${name.replace(/[^A-Za-z0-9_-]/g, '_')}_line${entry.line}`;
    if (rawId !== '') ids.set(rawId, id);
    const mapped = playgroundCall(name, args, cwd());
    const closedAt = block(entry, 'tool_use', '', id);
    folded.agent.calls.set(id, { id, name: mapped.name, input: mapped.input, closedAt });
    if (mapped.note) folded.notes.push(`${id}: ${mapped.note}`);
    return id;
  };

  const output = (entry: RolloutEntry) => {
    const rawId = stringOf(entry.payload, 'call_id');
    const found = folded.agent.calls.get(ids.get(rawId) ?? '');
    if (!found) return problem(entry, `an output for ${rawId || 'no call id'}, which no call of the log asked for: left out`);
    if (found.result) return problem(entry, `a second output for ${rawId}: the first is kept`);
    const read = readOutput(entry.payload.output);
    found.result = { text: read.text, isError: read.failed, line: entry.line };
    if (entry.time !== null) found.endedAt = entry.time;
    const command = (found.input as { command?: unknown } | undefined)?.command;
    const shown = found.name === 'Bash' && typeof command === 'string' && !read.failed ? shownFile(command, read.text) : undefined;
    // Read's own report, as a Claude Code log gives it: sessionWorkspace.ts takes the file from it.
    if (shown) found.detail = { file: shown };
    // The output's wall time is the call's own (a process may run on after its call yields).
    if (read.durationMs !== undefined) ends.set(found.id, { ...ends.get(found.id), wallMs: read.durationMs });
    if (!tokenBoundaries) current = null;
  };

  const responseItem = (entry: RolloutEntry) => {
    const { payload } = entry;
    switch (entry.type) {
      case 'message': {
        const role = stringOf(payload, 'role');
        const text = messageText(payload);
        if (role === 'assistant') block(entry, 'text', text);
        else {
          // The user's words, or the context Codex adds: an input, so the response before it is over.
          current = null;
          if (role === 'user' && userItem === undefined && isPrompt(text)) userItem = text;
        }
        break;
      }
      case 'reasoning': {
        const summary = Array.isArray(payload.summary) ? payload.summary.map((part: unknown) => (isRecord(part) ? stringOf(part, 'text') : '')).join('\n') : '';
        block(entry, 'thinking', summary);
        break;
      }
      case 'function_call':
        // A namespaced tool keeps its namespace: `collaboration.spawn_agent` (collaboration.ts).
        call(entry, stringOf(payload, 'call_id'), namespacedName(stringOf(payload, 'namespace'), stringOf(payload, 'name')), argumentsOf(payload.arguments));
        break;
      case 'custom_tool_call': {
        const name = stringOf(payload, 'name');
        const input = stringOf(payload, 'input');
        const id = call(entry, stringOf(payload, 'call_id'), name, name === 'apply_patch' ? input : { input });
        // Code mode: the calls the code made are nested under it once its output tells when it ended.
        const groups = name === 'exec' && id !== undefined ? codeModeCalls(input) : [];
        if (groups.length > 0) codeMode.set(id!, groups);
        break;
      }
      case 'local_shell_call':
        call(entry, stringOf(payload, 'call_id'), 'local_shell', isRecord(payload.action) ? payload.action : {});
        break;
      case 'web_search_call': {
        const action = isRecord(payload.action) ? payload.action : {};
        const id = call(entry, '', 'web_search', { query: stringOf(action, 'query') });
        const made = id !== undefined ? folded.agent.calls.get(id) : undefined;
        // The search runs on OpenAI's side: no output line follows, only its status.
        if (made) {
          const failed = stringOf(payload, 'status') === 'failed';
          made.result = { text: `the search ran on OpenAI's side (status ${stringOf(payload, 'status') || 'not given'}): its results are not in the log`, isError: failed, line: entry.line };
          made.endedAt = made.closedAt;
        }
        break;
      }
      case 'function_call_output':
      case 'custom_tool_call_output':
        output(entry);
        break;
      default:
        if (!HARNESS_ITEMS.has(entry.type)) problem(entry, `a response item of type "${entry.type || '(none)'}" the importer does not know: passed over`);
    }
  };

  const event = (entry: RolloutEntry) => {
    const { payload } = entry;
    switch (entry.type) {
      case 'token_count':
      case 'task_started':
      case 'turn_started':
        current = null;
        return;
      case 'user_message':
        current = null;
        if (userEvent === undefined && isPrompt(stringOf(payload, 'message'))) userEvent = stringOf(payload, 'message');
        return;
      case 'turn_aborted':
        current = null;
        // The user stopped the turn: its calls with no output were cut off.
        for (const each of folded.agent.calls.values()) {
          if (each.result) continue;
          each.result = { text: `aborted: the turn was interrupted (${stringOf(payload, 'reason') || 'no reason given'})`, isError: true, line: entry.line };
          if (entry.time !== null) each.endedAt = Math.max(entry.time, each.closedAt);
        }
        return;
      case 'exec_command_end':
      case 'patch_apply_end':
      case 'mcp_tool_call_end': {
        const id = ids.get(stringOf(payload, 'call_id'));
        if (id !== undefined) ends.set(id, { ...ends.get(id), ...endOf(entry.type, payload) });
        return;
      }
      case 'collab_agent_spawn_end': {
        const id = ids.get(stringOf(payload, 'call_id'));
        if (id !== undefined && stringOf(payload, 'new_thread_id') !== '') folded.spawned.set(id, stringOf(payload, 'new_thread_id'));
        return;
      }
      default:
      // The other events are for the screen (deltas, the agent's messages again, …): nothing of the calls.
    }
  };

  for (const entry of entries) {
    switch (entry.kind) {
      case 'session_meta':
        folded.meta ??= entry.payload;
        break;
      case 'turn_context':
        current = null;
        folded.turnCwd ||= stringOf(entry.payload, 'cwd');
        break;
      case 'compacted':
        current = null;
        break;
      case 'response_item':
        responseItem(entry);
        break;
      case 'event_msg':
        event(entry);
        break;
      default:
        if (!HARNESS_ENTRIES.has(entry.kind)) problem(entry, `an entry of type "${entry.kind}" the importer does not know: passed over`);
    }
  }
  settle(folded.agent, ends, folded.problems, entries[0]?.source ?? '');
  for (const [id, groups] of codeMode) folded.agents.set(id, codeModeAgent(folded.agent.calls.get(id)!, groups, cwd()));
  const prompt = userEvent ?? userItem;
  return { ...folded, ...(prompt !== undefined ? { prompt } : {}) };
}

/** What an event that ends a call says of it: a non-zero exit, a patch that failed, an MCP error; how long it ran. */
function endOf(type: string, payload: Readonly<Record<string, unknown>>): CallEnd {
  const result = payload.result;
  const failed =
    type === 'exec_command_end'
      ? typeof payload.exit_code === 'number' && payload.exit_code !== 0
      : type === 'patch_apply_end'
        ? payload.success === false
        : isRecord(result) && ('Err' in result || (isRecord(result.Ok) && result.Ok.isError === true));
  const ms = durationMs(payload.duration);
  return { ...(failed ? { failed: true } : {}), ...(ms !== undefined ? { durationMs: ms } : {}) };
}

/**
 * What the events said, applied to the calls: a failure marks the result an error; a known
 * duration is how long the call ran once started (`ranForMs`), its output's line only the latest
 * it ended: Codex records outputs in call order, so a quick call's output waits for a slower one
 * before it, and a call that waited for the lock started after its item closed.
 */
function settle(agent: LoggedAgent, ends: ReadonlyMap<string, CallEnd>, problems: LogProblem[], source: string): void {
  const spawn = spawnLags(agent, ends);
  for (const call of agent.calls.values()) {
    const end = ends.get(call.id);
    if (call.result && end?.failed) call.result = { ...call.result, isError: true };
    if (call.result && end?.wallMs !== undefined) call.ranForMs = end.wallMs + (spawn.get(call.name) ?? spawn.get('') ?? 0);
    else if (call.result && end?.durationMs !== undefined) call.ranForMs = end.durationMs;
    if (!call.result) problems.push({ source, line: 0, message: `the call ${call.id} (${call.name}) has no output in the log: it is imported as unanswered` });
  }
}

/**
 * How long, per tool (and over all, under ''), a call takes before its Wall time starts counting
 * (the process's spawn, its sandbox), measured in this very log on the calls whose output nothing
 * held: the first call of a response, whose output came after the response had streamed. The
 * median of them; none where the log has no such call.
 */
function spawnLags(agent: LoggedAgent, ends: ReadonlyMap<string, CallEnd>): Map<string, number> {
  const lags = new Map<string, number[]>();
  for (const response of agent.responses) {
    const first = response.blocks.find((block) => block.kind === 'tool_use');
    const call = first ? agent.calls.get(first.callId!) : undefined;
    const wall = call ? ends.get(call.id)?.wallMs : undefined;
    const last = response.blocks.at(-1)!.at;
    if (!call || wall === undefined || call.endedAt === undefined || call.endedAt <= last) continue;
    const lag = call.endedAt - call.closedAt - wall;
    if (lag < 0 || lag > 10_000) continue;
    for (const key of [call.name, '']) lags.set(key, [...(lags.get(key) ?? []), lag]);
  }
  const medians = new Map<string, number>();
  for (const [key, values] of lags) medians.set(key, values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!);
  return medians;
}

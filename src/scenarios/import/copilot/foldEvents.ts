/**
 * A Copilot CLI event stream folded into the importer's responses and calls. A response is one
 * `assistant.message`: the model's reasoning, its text and its tool requests, written once the
 * response was complete (so its blocks share its time). A call is a tool request; its
 * `tool.execution_start` is when it really started, its `tool.execution_complete` when it ended
 * and how; a `permission.completed` that refused it and an `abort` of the turn say the rest. A
 * sub-agent's events (an `agentId` tied to its task call by `subagent.started`, or the older
 * `parentToolCallId`) are folded apart, under the task call that started it.
 */
import { argumentsOf } from '../jsonDocument';
import type { LogProblem } from '../logLines';
import { withTimes } from '../logLines';
import { emptyAgent, type LoggedAgent, type LoggedBlock, type LoggedCall } from '../sessionLog';
import { isRecord, stringOf } from '../codex/rolloutLines';
import type { CopilotEvent } from './copilotEvents';
import { resultOf, viewedFile } from './copilotResults';
import { playgroundCall } from './copilotTools';

/** The folded stream: the main agent, its sub-agents by task call, and what else the log told. */
export interface FoldedEvents {
  readonly main: LoggedAgent;
  readonly agents: Map<string, LoggedAgent>;
  readonly problems: LogProblem[];
  /** What the mapping could not keep, for `observed.unknown`. */
  readonly notes: string[];
  /** The `session.start` event's data, the first one. */
  start?: Readonly<Record<string, unknown>>;
  /** The hooks that ran (each a `hook.start` … `hook.end`), and their time in all. */
  readonly hooks: { runs: number; ms: number };
}

/** Namespaces of events that say nothing the replay needs (the screen's, hooks', the session's own): passed over without a word. */
const QUIET = new Set(['session', 'user', 'assistant', 'tool', 'hook', 'system', 'permission', 'subagent', 'skill', 'model', 'mcp', 'command', 'commands', 'elicitation', 'sampling', 'external_tool', 'pending_messages', 'user_input', 'exit_plan_mode', 'auto_mode_switch', 'capabilities', 'extensions', 'custom_agents', 'skills', 'tools', 'background_tasks', 'managed_settings']);

/** Folds a stream's events (in log order). */
export function foldEvents(all: readonly CopilotEvent[]): FoldedEvents {
  const folded: FoldedEvents = { main: emptyAgent(), agents: new Map(), problems: [], notes: [], hooks: { runs: 0, ms: 0 } };
  const hooksRunning = new Map<string, number>();
  const events = withTimes(all, folded.problems);
  /** Each call by Copilot's id: its agent and its id in the scenario. */
  const calls = new Map<string, { agent: LoggedAgent; id: string }>();
  const instances = new Map<string, string>();
  const denied = new Map<string, string>();
  const unknownTypes = new Map<string, { count: number; line: number }>();
  const problem = (event: CopilotEvent, message: string) => folded.problems.push({ source: event.source, line: event.line, message });

  /** The agent whose event this is: the main one, or the sub-agent of a task call. */
  const agentOf = (event: CopilotEvent): LoggedAgent => {
    const parent = instances.get(event.agentId) ?? stringOf(event.data, 'parentToolCallId');
    const key = parent || (event.agentId ? `agent-${event.agentId}` : '');
    if (key === '') return folded.main;
    let agent = folded.agents.get(key);
    if (!agent) folded.agents.set(key, (agent = emptyAgent()));
    return agent;
  };

  const found = (event: CopilotEvent): LoggedCall | undefined => {
    const rawId = stringOf(event.data, 'toolCallId');
    const known = calls.get(rawId);
    const call = known?.agent.calls.get(known.id);
    if (!call) problem(event, `a ${event.type} for ${rawId || 'no call id'}, which no assistant.message asked for: left out`);
    return call;
  };

  const message = (event: CopilotEvent) => {
    const agent = agentOf(event);
    const at = event.time ?? 0;
    const blocks: LoggedBlock[] = [];
    const reasoning = stringOf(event.data, 'reasoningText');
    if (reasoning) blocks.push({ kind: 'thinking', text: reasoning, at, line: event.line });
    const content = stringOf(event.data, 'content');
    if (content) blocks.push({ kind: 'text', text: content, at, line: event.line });
    const requests = Array.isArray(event.data.toolRequests) ? event.data.toolRequests : [];
    for (const request of requests) {
      const fields = isRecord(request) ? request : {};
      const rawId = stringOf(fields, 'toolCallId');
      const name = stringOf(fields, 'name');
      if (rawId !== '' && calls.has(rawId)) {
        problem(event, `the tool request ${rawId} again: the first is kept`);
        continue;
      }
      // A tool_use id is letters, digits, "_" and "-" (the scenario's rule), unique in the session.
      let id = rawId.replace(/[^A-Za-z0-9_-]/g, '_');
      if (id === '' || id === '__proto__' || [...calls.values()].some((each) => each.id === id)) id = `${name.replace(/[^A-Za-z0-9_-]/g, '_') || 'tool'}_line${event.line}_${blocks.length}`;
      const mapped = playgroundCall(name, argumentsOf(fields.arguments));
      agent.calls.set(id, { id, name: mapped.name, input: mapped.input, closedAt: at });
      if (mapped.note) folded.notes.push(`${id}: ${mapped.note}`);
      calls.set(rawId || id, { agent, id });
      blocks.push({ kind: 'tool_use', text: '', callId: id, at, line: event.line });
    }
    if (blocks.length === 0) blocks.push({ kind: 'text', text: '', at, line: event.line });
    agent.responses.push({ messageId: stringOf(event.data, 'messageId') || `line-${event.line}`, blocks });
  };

  const start = (event: CopilotEvent) => {
    const call = found(event);
    if (!call) return;
    if (event.time !== null && call.startedAt === undefined) call.startedAt = Math.max(event.time, call.closedAt);
    // Only the start names an MCP server's tool.
    const server = stringOf(event.data, 'mcpServerName');
    if (server) {
      const mapped = playgroundCall(stringOf(event.data, 'toolName'), call.input, { server, tool: stringOf(event.data, 'mcpToolName') });
      const known = calls.get(stringOf(event.data, 'toolCallId'))!;
      known.agent.calls.set(call.id, { ...call, name: mapped.name, input: mapped.input });
    }
  };

  const complete = (event: CopilotEvent) => {
    const call = found(event);
    if (!call) return;
    if (call.result) return problem(event, `a second tool.execution_complete for ${call.id}: the first is kept`);
    const result = resultOf(event.data, denied.get(stringOf(event.data, 'toolCallId')));
    call.result = { ...result, line: event.line };
    if (event.time !== null) call.endedAt = Math.max(event.time, call.startedAt ?? call.closedAt);
    const shown = call.name === 'Read' && !result.isError ? viewedFile(result.text, call.input) : undefined;
    if (shown) call.detail = { file: shown };
  };

  const abort = (event: CopilotEvent) => {
    // The user stopped the turn: its calls with no end were cut off.
    for (const { agent, id } of calls.values()) {
      const call = agent.calls.get(id)!;
      if (call.result) continue;
      call.result = { text: `aborted: the turn was interrupted (${stringOf(event.data, 'reason') || 'no reason given'})`, isError: true, line: event.line };
      if (event.time !== null) call.endedAt = Math.max(event.time, call.startedAt ?? call.closedAt);
    }
  };

  for (const event of events) {
    switch (event.type) {
      case 'session.start':
        folded.start ??= event.data;
        break;
      case 'user.message':
        if (event.agentId === '' && folded.main.prompt === undefined && stringOf(event.data, 'content').trim() !== '') folded.main.prompt = stringOf(event.data, 'content');
        break;
      case 'subagent.started':
        if (event.agentId !== '' && stringOf(event.data, 'toolCallId') !== '') instances.set(event.agentId, stringOf(event.data, 'toolCallId'));
        break;
      case 'assistant.message':
        message(event);
        break;
      case 'tool.execution_start':
        start(event);
        break;
      case 'tool.execution_complete':
        complete(event);
        break;
      case 'permission.completed': {
        const kind = isRecord(event.data.result) ? stringOf(event.data.result, 'kind') : '';
        if (kind.startsWith('denied')) denied.set(stringOf(event.data, 'toolCallId'), kind);
        // An approved call's tool runs once the person answered: the call waited from its start to here.
        const asked = calls.get(stringOf(event.data, 'toolCallId'));
        const call = asked ? asked.agent.calls.get(asked.id) : undefined;
        if (call && event.time !== null && !kind.startsWith('denied')) call.ranAt = { earliest: event.time, latest: event.time };
        break;
      }
      case 'hook.start':
        if (event.time !== null) hooksRunning.set(stringOf(event.data, 'hookInvocationId'), event.time);
        break;
      case 'hook.end': {
        const began = hooksRunning.get(stringOf(event.data, 'hookInvocationId'));
        folded.hooks.runs++;
        if (began !== undefined && event.time !== null) folded.hooks.ms += Math.max(0, event.time - began);
        break;
      }
      case 'abort':
        abort(event);
        break;
      default: {
        if (QUIET.has(event.type.split('.')[0]!)) break;
        const seen = unknownTypes.get(event.type);
        if (seen) seen.count++;
        else unknownTypes.set(event.type, { count: 1, line: event.line });
      }
    }
  }
  for (const [type, { count, line }] of unknownTypes) {
    folded.problems.push({ source: all[0]?.source ?? '', line, message: `${count === 1 ? 'an event' : `${count} events`} of type "${type}" the importer does not know: passed over` });
  }
  settle(folded, all[0]?.source ?? '');
  return folded;
}

/** Names the calls the log leaves open and the sub-agents no task call of the main agent started. */
function settle(folded: FoldedEvents, source: string): void {
  for (const agent of [folded.main, ...folded.agents.values()]) {
    for (const call of agent.calls.values()) {
      if (!call.result) folded.problems.push({ source, line: 0, message: `the call ${call.id} (${call.name}) has no tool.execution_complete in the log: it is imported as unanswered` });
    }
  }
  for (const key of folded.agents.keys()) {
    if (!folded.main.calls.has(key)) folded.problems.push({ source, line: 0, message: `the events of sub-agent ${key} name no task call of the main agent: they are left out` });
  }
}

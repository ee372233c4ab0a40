/**
 * Claude Code's entries folded into the session shape every agent's log is read into (sessionLog.ts):
 * responses of blocks, calls with their results, and what the progress lines witness of when each
 * call started and its tool ran.
 */
import { blockTime, emptyAgent, type LoggedAgent, type LoggedCall, type LoggedResponse } from '../sessionLog';
import type { LogProblem } from '../logLines';
import { withTimes } from '../logLines';
import { contentBlocks, entryOf, resultText, type LogEntry } from './logEntries';

/** Folds one agent's entries (in log order) into its responses and calls. */
export function foldAgent(entries: readonly LogEntry[], problems: LogProblem[]): LoggedAgent {
  const agent = emptyAgent();
  const byMessage = new Map<string, LoggedResponse>();
  const seenLines = new Set<string>();
  // Only these lines are folded; only they need a time (a summary line has none, and that is fine).
  const folded = entries.filter((entry) => entry.type === 'user' || entry.type === 'assistant' || entry.type === 'progress');
  // Calls whose PostToolUse hooks the log shows starting: when those hooks ended, it does not say.
  const hooked = new Set<LoggedCall>();
  let previous: LogEntry | undefined;
  for (const entry of withTimes(folded, problems)) {
    if (entry.type === 'user') foldUser(agent, entry, problems);
    else if (entry.type === 'assistant') foldAssistant(agent, byMessage, seenLines, entry, problems);
    else if (entry.type === 'progress') {
      // A hook or Bash progress names the call; a sub-agent's progress names its Task call as parent.
      const ids = [entry.raw.toolUseID, entry.raw.parentToolUseID].filter((id): id is string => typeof id === 'string');
      const call = ids.map((id) => agent.calls.get(id)).find((found) => found !== undefined);
      const witness = call ? progressWitness(entry.raw.data) : undefined;
      if (call && witness?.kind === 'post-hook') hooked.add(call);
      else if (call && witness && entry.time !== null && call.result === undefined && entry.time >= call.closedAt) {
        if (witness.kind === 'pre-hook' && call.startedAt === undefined) {
          call.startedAt = entry.time;
          call.startedBy = 'hook';
          if (previous) endedBefore(agent, previous, entry.time, hooked);
        } else if (witness.kind === 'ran' && !(witness.within === 0 && call.ranAt)) narrowRan(call, entry.time - witness.within, entry.time - witness.before);
      }
    }
    previous = entry;
  }
  for (const call of agent.calls.values()) {
    if (!call.result) problems.push({ source: entries[0]?.source ?? '', line: 0, message: `the call ${call.id} (${call.name}) has no tool_result in the log: it is imported as unanswered` });
  }
  return agent;
}

/** What one progress line of a call says of its timing. */
type ProgressWitness =
  /** A PreToolUse hook began: the agent has started the call (hooks run first, before any prompt). */
  | { kind: 'pre-hook' }
  /** A PostToolUse hook began: the tool has finished, its hooks run on. */
  | { kind: 'post-hook' }
  /** The tool began to run between `within` and `before` ms before this line (both 0: at this line, and only its first such line says so). */
  | { kind: 'ran'; within: number; before: number }
  | { kind: 'none' };

/**
 * Reads a progress line's `data` as a witness (design.md, Sessions). Bash's progress says how many
 * whole seconds its command has run (`elapsedTimeSeconds`, floored), so it began between that many
 * seconds and one more before the line; an MCP call's "started" progress is written as the tool
 * begins; a sub-agent's first message as it begins. Other progress (a hook of another event, a
 * search's query, a wait for a task) says nothing of the start.
 */
function progressWitness(data: unknown): ProgressWitness {
  if (typeof data !== 'object' || data === null) return { kind: 'none' };
  const { type, hookEvent, elapsedTimeSeconds, status } = data as { type?: unknown; hookEvent?: unknown; elapsedTimeSeconds?: unknown; status?: unknown };
  if (type === 'hook_progress') return hookEvent === 'PreToolUse' ? { kind: 'pre-hook' } : hookEvent === 'PostToolUse' || hookEvent === 'PostToolUseFailure' ? { kind: 'post-hook' } : { kind: 'none' };
  if ((type === 'bash_progress' || type === 'powershell_progress') && typeof elapsedTimeSeconds === 'number' && Number.isFinite(elapsedTimeSeconds) && elapsedTimeSeconds >= 0) {
    return { kind: 'ran', within: (elapsedTimeSeconds + 1) * 1000, before: elapsedTimeSeconds * 1000 };
  }
  if (type === 'mcp_progress' && status === 'started') return { kind: 'ran', within: 0, before: 0 };
  if (type === 'agent_progress') return { kind: 'ran', within: 0, before: 0 };
  return { kind: 'none' };
}

/** Narrows when a call's tool began to run to what every line so far allows. */
function narrowRan(call: LoggedCall, earliest: number, latest: number): void {
  const from = Math.max(earliest, call.ranAt?.earliest ?? -Infinity, call.closedAt);
  const to = Math.max(from, Math.min(latest, call.ranAt?.latest ?? Infinity));
  call.ranAt = { earliest: from, latest: to };
}

/**
 * When a call's start is the very next line after another call's result line, that call ended (its
 * PostToolUse hooks included) no later than this start. Claude Code 2.1.x stamps a result line when
 * the tool returns, then runs the call's PostToolUse hooks, and only once they are done counts the
 * call as finished: it writes the result line then (after lines stamped seconds later) and starts
 * the next queued call at once. The log marks when the hooks began, never when they ended, so a
 * call that waited its turn (its block closed before that result line was written) is the one
 * witness of the end: a hooked call whose result is `previous` ended at `startedAt`, not at its
 * result's stamp. A call without PostToolUse hooks keeps its result's time.
 */
function endedBefore(agent: LoggedAgent, previous: LogEntry, startedAt: number, hooked: ReadonlySet<LoggedCall>): void {
  if (previous.type !== 'user') return;
  for (const block of contentBlocks(previous)) {
    if (block.type !== 'tool_result' || typeof block.tool_use_id !== 'string') continue;
    const call = agent.calls.get(block.tool_use_id);
    if (!call || !hooked.has(call) || call.result?.line !== previous.line || call.endedAt === undefined || startedAt <= call.endedAt) continue;
    call.hookedMs = startedAt - call.endedAt;
    call.endedAt = startedAt;
  }
}

function foldUser(agent: LoggedAgent, entry: LogEntry, problems: LogProblem[]): void {
  const message = entry.raw.message as { content?: unknown } | undefined;
  if (typeof message?.content === 'string') {
    if (agent.prompt === undefined && entry.raw.isMeta !== true) agent.prompt = message.content;
    return;
  }
  for (const block of contentBlocks(entry)) {
    if (block.type === 'text' && agent.prompt === undefined && entry.raw.isMeta !== true && typeof block.text === 'string') agent.prompt = block.text;
    if (block.type !== 'tool_result') continue;
    const id = typeof block.tool_use_id === 'string' ? block.tool_use_id : '';
    const call = agent.calls.get(id);
    if (!call) {
      problems.push({ source: entry.source, line: entry.line, message: `a tool_result for ${id || 'no id'}, which no tool_use of this agent asked for: left out` });
      continue;
    }
    if (call.result) {
      problems.push({ source: entry.source, line: entry.line, message: `a second tool_result for ${id}: the first is kept` });
      continue;
    }
    call.result = { text: resultText(block.content), isError: block.is_error === true, line: entry.line };
    if (entry.time !== null) call.endedAt = entry.time;
    if (entry.raw.toolUseResult !== undefined) call.detail = entry.raw.toolUseResult;
  }
}

function foldAssistant(agent: LoggedAgent, byMessage: Map<string, LoggedResponse>, seenLines: Set<string>, entry: LogEntry, problems: LogProblem[]): void {
  const message = entry.raw.message as { id?: unknown } | undefined;
  const messageId = typeof message?.id === 'string' ? message.id : `line-${entry.line}`;
  let response = byMessage.get(messageId);
  if (!response) {
    response = { messageId, blocks: [] };
    byMessage.set(messageId, response);
    agent.responses.push(response);
  }
  const at = blockTime(response, entry.time, entry, problems);
  for (const block of contentBlocks(entry)) {
    if (block.type === 'tool_use') {
      const id = typeof block.id === 'string' ? block.id : '';
      const key = `${messageId}:${id}`;
      if (id === '' || seenLines.has(key) || agent.calls.has(id)) {
        problems.push({ source: entry.source, line: entry.line, message: id === '' ? 'a tool_use without an id: left out' : `the tool_use ${id} again: the first is kept` });
        continue;
      }
      seenLines.add(key);
      const name = typeof block.name === 'string' ? block.name : '';
      agent.calls.set(id, { id, name, input: block.input ?? {}, closedAt: at });
      response.blocks.push({ kind: 'tool_use', text: '', callId: id, at, line: entry.line });
    } else if (block.type === 'text' && typeof block.text === 'string') {
      response.blocks.push({ kind: 'text', text: block.text, at, line: entry.line });
    } else if (block.type === 'thinking' || block.type === 'redacted_thinking') {
      response.blocks.push({ kind: 'thinking', text: typeof block.thinking === 'string' ? block.thinking : '', at, line: entry.line });
    }
  }
}

/**
 * The sub-agent's entries carried by `agent_progress` lines of the main log (2.1.x writes each
 * of its messages there too), grouped by the Task call they belong to.
 */
export function progressSubAgents(entries: readonly LogEntry[]): Map<string, LogEntry[]> {
  const groups = new Map<string, LogEntry[]>();
  for (const entry of entries) {
    if (entry.type !== 'progress') continue;
    const data = entry.raw.data as { type?: unknown; message?: unknown } | undefined;
    const parent = entry.raw.parentToolUseID;
    if (data?.type !== 'agent_progress' || typeof parent !== 'string') continue;
    const inner = entryOf(data.message, entry.source, entry.line);
    if (typeof inner === 'string') continue;
    const list = groups.get(parent) ?? [];
    list.push(inner.time === null ? { ...inner, time: entry.time } : inner);
    groups.set(parent, list);
  }
  return groups;
}

import type { LogProblem } from '../logLines';
import { readLogLines, type LogEntry } from './logEntries';
import { isSubAgentFile, type LogFile } from '../logFile';
import { isAgentCall, type LoggedAgent, type SessionLog } from '../sessionLog';
import { foldAgent, progressSubAgents } from './foldAgent';


/**
 * Reads a Claude Code session from its files: the main log, and the sub-agents' logs where there
 * are any. Sub-agents are found three ways, as the versions wrote them: their own files (2.1.x,
 * linked by the Task result's `agentId`), side-chain lines of the main log (1.0.x, linked by the
 * prompt), or the `agent_progress` lines that carry a sub-agent's messages in the main log (2.1.x,
 * when its own file is missing). Never throws: what cannot be read is a problem with its line.
 */
export function readSession(files: readonly LogFile[]): SessionLog {
  const problems: LogProblem[] = [];
  const main = files.find((file) => !isSubAgentFile(file.name)) ?? files[0];
  if (!main) return emptySession([{ source: '', line: 0, message: 'no log was given' }]);
  const read = readLogLines(main.text, main.name);
  problems.push(...read.problems);
  const conversational = read.entries.filter((entry) => entry.type === 'user' || entry.type === 'assistant');
  if (conversational.length === 0) {
    const types = [...new Set(read.entries.map((entry) => entry.type))].slice(0, 5).join(', ');
    problems.push({
      source: main.name,
      line: 0,
      message: `this does not look like a Claude Code session log: it has no user or assistant entries${types ? ` (its entry types: ${types})` : ''}`,
    });
  }
  const mainIsSideChain = conversational.length > 0 && conversational.every((entry) => entry.isSidechain);
  const mainEntries = read.entries.filter((entry) => mainIsSideChain || !entry.isSidechain || entry.type === 'progress');
  const agent = foldAgent(mainEntries, problems);
  const agents = new Map<string, LoggedAgent>();

  // 2.1.x: a sub-agent's own file, linked through the Task result's agentId.
  const subEntries: LogEntry[] = [];
  const byAgentId = new Map<string, string>();
  for (const call of agent.calls.values()) {
    const id = (call.detail as { agentId?: unknown } | undefined)?.agentId;
    if (isAgentCall(call) && typeof id === 'string') byAgentId.set(id, call.id);
  }
  for (const file of files) {
    if (file === main) continue;
    const sub = readLogLines(file.text, file.name);
    problems.push(...sub.problems);
    subEntries.push(...sub.entries);
    const agentId = sub.entries.map((entry) => entry.raw.agentId).find((id): id is string => typeof id === 'string') ?? /agent-([^/]*)\.jsonl$/.exec(file.name)?.[1];
    const taskId = agentId !== undefined ? byAgentId.get(agentId) : undefined;
    if (taskId === undefined) {
      problems.push({ source: file.name, line: 0, message: `no Task call of the main log started this sub-agent${agentId ? ` (${agentId})` : ''}: it is left out` });
      continue;
    }
    agents.set(taskId, foldAgent(sub.entries, problems));
  }

  // 1.0.x: side-chain lines of the main log, each chain linked by its first prompt.
  if (!mainIsSideChain) for (const [taskId, entries] of sideChains(read.entries, agent)) if (!agents.has(taskId)) agents.set(taskId, foldAgent(entries, problems));

  // 2.1.x without the sub-agent's file: its messages as the progress lines carried them.
  for (const [taskId, entries] of progressSubAgents(read.entries)) if (!agents.has(taskId) && agent.calls.has(taskId)) agents.set(taskId, foldAgent(entries, problems));

  const first = read.entries.find((entry) => typeof entry.raw.version === 'string');
  const hooks = hooksOf([...read.entries, ...subEntries]);
  const origin = Math.min(...[agent, ...agents.values()].flatMap((each) => each.responses.map((response) => response.blocks[0]?.at ?? Infinity)));
  return {
    main: agent,
    agents,
    version: typeof first?.raw.version === 'string' ? first.raw.version : '',
    cwd: stringField(read.entries, 'cwd'),
    sessionId: stringField(read.entries, 'sessionId'),
    origin: Number.isFinite(origin) ? origin : 0,
    problems,
    hooks,
  };
}

/**
 * The hooks a log shows: each `hook_progress` line is a hook that began (of any event: a call's
 * PreToolUse or PostToolUse, SessionStart, Stop…), and a `stop_hook_summary` line says how long
 * each of a turn's Stop hooks took (`hookInfos[].durationMs`). A call's own hooks' time is added
 * where the importer measures it (the time a call ran on after its tool, a tool that waited for its
 * PreToolUse hook).
 */
function hooksOf(entries: readonly LogEntry[]): { runs: number; ms: number } {
  let runs = 0;
  let ms = 0;
  for (const entry of entries) {
    const data = entry.raw.data as { type?: unknown } | undefined;
    if (entry.type === 'progress' && data?.type === 'hook_progress') runs++;
    if (entry.type === 'system' && entry.raw.subtype === 'stop_hook_summary' && Array.isArray(entry.raw.hookInfos)) {
      for (const info of entry.raw.hookInfos as unknown[]) {
        const duration = (info as { durationMs?: unknown } | null)?.durationMs;
        if (typeof duration === 'number' && Number.isFinite(duration) && duration >= 0) ms += duration;
      }
    }
  }
  return { runs, ms: Math.round(ms) };
}

function stringField(entries: readonly LogEntry[], key: string): string {
  for (const entry of entries) if (typeof entry.raw[key] === 'string') return entry.raw[key];
  return '';
}

/** Side-chain lines grouped by chain (following parentUuid to a root), each matched to the Task call whose prompt started it. */
function sideChains(entries: readonly LogEntry[], main: LoggedAgent): Map<string, LogEntry[]> {
  const rootOf = new Map<string, string>();
  const chains = new Map<string, LogEntry[]>();
  const roots: { uuid: string; prompt: string }[] = [];
  for (const entry of entries) {
    if (!entry.isSidechain || entry.uuid === undefined) continue;
    const parentRoot = entry.parentUuid ? rootOf.get(entry.parentUuid) : undefined;
    const root = parentRoot ?? entry.uuid;
    rootOf.set(entry.uuid, root);
    if (parentRoot === undefined) {
      const content = (entry.raw.message as { content?: unknown } | undefined)?.content;
      roots.push({ uuid: root, prompt: typeof content === 'string' ? content : '' });
    }
    const list = chains.get(root) ?? [];
    list.push(entry);
    chains.set(root, list);
  }
  const linked = new Map<string, LogEntry[]>();
  const unused = [...main.calls.values()].filter(isAgentCall);
  for (const root of roots) {
    const index = unused.findIndex((call) => (call.input as { prompt?: unknown }).prompt === root.prompt);
    if (index < 0) continue;
    const [call] = unused.splice(index, 1);
    linked.set(call!.id, chains.get(root.uuid)!);
  }
  return linked;
}

function emptySession(problems: LogProblem[]): SessionLog {
  return { main: { responses: [], calls: new Map() }, agents: new Map(), version: '', cwd: '', sessionId: '', origin: 0, problems };
}

/**
 * A Codex session's sub-agents, each read from its own rollout and nested under the parent's
 * `spawn_agent` call that started it, as a Claude Code sub-agent is under its Agent call. Which
 * call started which thread is told by ids, as collaboration.ts learnt from Codex's source: never
 * by order. A sub-agent's sub-agents are not nested (a scenario's sub-agents start none): a
 * grandchild rollout is left to be imported on its own.
 */
import type { LogProblem } from '../logLines';
import { isAgentCall, type LoggedAgent, type LoggedCall, type SessionLog } from '../sessionLog';
import { spawnedChild, threadSpawnOf, type ThreadSpawn } from './collaboration';

/** One rollout as read (importCodexSession.ts): the session, what it could not tell, its session line, its spawns' threads. */
export interface ReadThread {
  readonly name: string;
  readonly session: SessionLog;
  readonly notes: string[];
  readonly meta?: Readonly<Record<string, unknown>>;
  /** The thread each spawn_agent call started, as a `collab_agent_spawn_end` event said, by call id. */
  readonly spawned: ReadonlyMap<string, string>;
}

/** The spawn_agent call of `parent` that started the thread `id` (spawned as `spawn` says), if one names it. */
function spawningCall(parent: ReadThread, id: string, spawn: ThreadSpawn, taken: ReadonlySet<string>): LoggedCall | undefined {
  for (const call of parent.session.main.calls.values()) {
    if (!isAgentCall(call) || taken.has(call.id)) continue;
    if (parent.spawned.get(call.id) === id) return call;
    const named = spawnedChild(call.result?.text ?? '');
    if (named.threadId === id) return call;
    if (named.agentPath !== undefined && named.agentPath === spawn.agentPath) return call;
  }
  return undefined;
}

/**
 * `agent` with every call id `used` already holds renamed (`<prefix>_<id>`), so that ids stay
 * unique across the scenario; each new id is added to `used`.
 */
function withOwnIds(agent: LoggedAgent, used: Set<string>, prefix: string): LoggedAgent {
  const renamed = new Map<string, string>();
  for (const id of agent.calls.keys()) {
    let fresh = id;
    for (let n = 1; used.has(fresh); n++) fresh = `${prefix}${n > 1 ? n : ''}_${id}`;
    used.add(fresh);
    if (fresh !== id) renamed.set(id, fresh);
  }
  if (renamed.size === 0) return agent;
  const calls = new Map([...agent.calls].map(([id, call]) => [renamed.get(id) ?? id, { ...call, id: renamed.get(id) ?? id }]));
  const responses = agent.responses.map((response) => ({
    ...response,
    blocks: response.blocks.map((block) => (block.callId !== undefined && renamed.has(block.callId) ? { ...block, callId: renamed.get(block.callId)! } : block)),
  }));
  return { ...agent, responses, calls };
}

/** The threads that are `parent`'s own children among `others` (their session line names it), and the rest. */
export function childrenOf(parent: ReadThread, others: readonly ReadThread[]): { children: ReadThread[]; rest: ReadThread[] } {
  const children: ReadThread[] = [];
  const rest: ReadThread[] = [];
  for (const other of others) (parent.session.sessionId !== '' && threadSpawnOf(other.meta)?.parentId === parent.session.sessionId ? children : rest).push(other);
  return { children, rest };
}

/**
 * Nests each child thread under the `spawn_agent` call of `parent` that started it: its responses
 * and calls become the sub-agent of that call (`session.agents`), its problems the session's, its
 * notes said as the sub-agent's. A child no call names is left out, and said so. Returns the
 * notes for `observed.unknown`.
 */
export function nestChildren(parent: ReadThread, children: readonly ReadThread[], problems: LogProblem[]): string[] {
  const { session } = parent;
  const notes: string[] = [];
  const used = new Set<string>([...session.main.calls.keys(), ...[...session.agents.values()].flatMap((agent) => [...agent.calls.keys()])]);
  const taken = new Set<string>();
  for (const child of children) {
    const id = child.session.sessionId;
    const spawn = threadSpawnOf(child.meta)!;
    const call = spawningCall(parent, id, spawn, taken);
    const who = `the sub-agent thread ${id}${spawn.nickname ? ` (${spawn.nickname})` : ''}`;
    if (!call) {
      problems.push({ source: child.name, line: 0, message: `${who} of this session: no spawn_agent call of its parent names it (by its id or agent path), so it is left out` });
      continue;
    }
    taken.add(call.id);
    const agent = withOwnIds(child.session.main, used, `sub${taken.size}`);
    session.agents.set(call.id, agent);
    problems.push(...child.session.problems);
    notes.push(...child.notes.map((note) => `${who}, under ${call.id}: ${note}`));
    // Calls under a sub-agent's call (its code-mode execs') would be a sub-agent's sub-agent.
    if (child.session.agents.size > 0) notes.push(`${who}, under ${call.id}: the calls its ${child.session.agents.size} code-mode exec call(s) made are not nested (a sub-agent's calls have none under them); each exec replays as recorded`);
  }
  return notes;
}

/**
 * Codex's sub-agents ("collaboration", multi-agent), as its source writes them; no real rollout
 * with them was found, so everything here was learnt from the source (openai/codex, codex-rs):
 *
 * - The calls. The model calls namespaced functions: `ResponseItem::FunctionCall` has, beside
 *   `name`, `arguments` (a JSON string) and `call_id`, a `namespace` (codex-rs/protocol/src/models.rs),
 *   written in the rollout as `{"type": "function_call", "namespace": "collaboration", "name":
 *   "spawn_agent", …}`. The namespace is `collaboration` for MultiAgentV2 (`MULTI_AGENT_V2_NAMESPACE`
 *   in core/src/tools/ and its tests; some builds' tests name it `agents`) and `multi_agent_v1` for
 *   the first version (`MULTI_AGENT_V1_NAMESPACE`, tools/handlers/multi_agents_spec.rs); before
 *   namespaces the tools were plain functions (`ToolName::plain("spawn_agent")`). The tools:
 *   v2 (core/src/tools/handlers/multi_agents_v2/): `spawn_agent`, `send_message`, `followup_task`,
 *   `wait_agent`, `list_agents`, `interrupt_agent`, `close_agent`; v1 (…/multi_agents/):
 *   `spawn_agent`, `send_input`, `resume_agent`, `wait`, `close_agent`.
 * - `spawn_agent`'s arguments: v1 `{message?, items?, agent_type?, model?, reasoning_effort?,
 *   service_tier?, fork_context}`; v2 `{message, task_name, agent_type?, model?, reasoning_effort?,
 *   service_tier?, fork_turns?}` (`fork_turns` "none", "all" — the default — or a number of turns).
 * - Its output (a `function_call_output` whose `output` is the result as JSON text): v1
 *   `{agent_id, nickname}`, `agent_id` being the new thread's id (`ThreadId`, a UUIDv7: the same id
 *   as the child rollout's `session_meta.id`); v2 `{task_name, nickname}`, or `{task_name}` when
 *   `hide_spawn_agent_metadata` is set, `task_name` being the child's canonical agent path
 *   (`AgentPath`), which its session line carries as `agent_path` — v2 records no thread id there.
 * - The spawn's end event, `CollabAgentSpawnEndEvent {call_id, sender_thread_id, new_thread_id,
 *   new_agent_nickname, new_agent_role, prompt, model, …}` (`collab_agent_spawn_end`), is written to
 *   the rollout only under the extended persistence policy (rollout/src/policy.rs): when there, its
 *   `new_thread_id` names the child of v2 too.
 * - The child. Each spawned agent is a thread of its own with its own rollout file
 *   (`~/.codex/sessions/YYYY/MM/DD/rollout-…-<thread id>.jsonl`), whose `session_meta.source` is
 *   `SessionSource::SubAgent(SubAgentSource::ThreadSpawn {parent_thread_id, depth, agent_path,
 *   agent_nickname, agent_role})` (codex-rs/protocol/src/protocol.rs; `SessionSource` is serialised
 *   in lowercase, `SubAgentSource` in snake_case): `{"subagent": {"thread_spawn": {…}}}`.
 *   `parent_thread_id` is the parent rollout's `session_meta.id`; `depth` is 1 under a root thread.
 *   A child spawned with its parent's turns (a fork) begins with them replayed (forkedThread.ts).
 *
 * So a child is matched to the call that made it by id: v1's `agent_id`, or the spawn-end event's
 * `new_thread_id`, or v2's `task_name` against the child's `agent_path`. Every successful spawn
 * records one of these, so no match by order is made: a child none of them names stays alone.
 */
import { isRecord, stringOf } from './rolloutLines';

/**
 * A namespaced call's tool name as the playground shows it: `namespace.name`
 * (`collaboration.spawn_agent`); a namespace that is an MCP server's prefix (`mcp__server__`)
 * joins the name as MCP tools are named (`mcp__server__tool`).
 */
export function namespacedName(namespace: string, name: string): string {
  if (namespace === '') return name;
  return namespace.endsWith('__') ? `${namespace}${name}` : `${namespace}.${name}`;
}

/** What a spawn's output names of the child: its thread id (v1), its agent path (v2). */
export interface SpawnedChild {
  readonly threadId?: string;
  readonly agentPath?: string;
}

/** The child a `spawn_agent` output names; empty when the output is not the result's JSON (a failure's message). */
export function spawnedChild(output: string): SpawnedChild {
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch {
    return {};
  }
  if (!isRecord(value)) return {};
  const threadId = stringOf(value, 'agent_id');
  const agentPath = stringOf(value, 'task_name');
  return { ...(threadId ? { threadId } : {}), ...(agentPath ? { agentPath } : {}) };
}

/** A spawned thread's own line: whose child it is, and the path and nickname it was given. */
export interface ThreadSpawn {
  readonly parentId: string;
  readonly depth?: number;
  readonly agentPath?: string;
  readonly nickname?: string;
}

/** The `thread_spawn` source of a `session_meta` payload, when the thread is a spawned sub-agent's. */
export function threadSpawnOf(meta: Readonly<Record<string, unknown>> | undefined): ThreadSpawn | undefined {
  const source = meta?.source;
  const subagent = isRecord(source) ? (source.subagent ?? source.sub_agent) : undefined;
  const spawn = isRecord(subagent) ? subagent.thread_spawn : undefined;
  if (!isRecord(spawn)) return undefined;
  const parentId = stringOf(spawn, 'parent_thread_id');
  if (parentId === '') return undefined;
  const agentPath = stringOf(spawn, 'agent_path');
  const nickname = stringOf(spawn, 'agent_nickname');
  return { parentId, ...(typeof spawn.depth === 'number' ? { depth: spawn.depth } : {}), ...(agentPath ? { agentPath } : {}), ...(nickname ? { nickname } : {}) };
}

/**
 * A rollout's thread as its first bytes tell it (a folder's search reads no more of each file):
 * its id and, for a spawned sub-agent's, its parent's. `undefined` when the head is not a Codex
 * session line. The line may be longer than the head (its instructions come late in it), so the
 * fields are looked for in its text rather than parsed: `id` and `source` come before them.
 */
export function rolloutThreadOf(head: string): { id: string; parentId?: string } | undefined {
  const end = head.indexOf('\n');
  const line = end < 0 ? head : head.slice(0, end);
  if (!/^\s*\{[^{]*"type"\s*:\s*"session_meta"/.test(line)) return undefined;
  const payload = line.indexOf('"payload"');
  if (payload < 0) return undefined;
  const id = /[{,]\s*"id"\s*:\s*"([^"\\]+)"/.exec(line.slice(payload))?.[1];
  if (id === undefined) return undefined;
  const parentId = /"thread_spawn"\s*:\s*\{[^}]*?"parent_thread_id"\s*:\s*"([^"\\]+)"/.exec(line)?.[1];
  return { id, ...(parentId !== undefined ? { parentId } : {}) };
}

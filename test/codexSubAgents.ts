import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A parent rollout that spawns a sub-agent, and the sub-agent's own rollout, made of the real lines
 * of a Codex CLI 0.142.2 session (test/codex/samples): the parent is its first turn, the child its
 * second turn (two commands), under a session line of its own. No real rollout with collaboration
 * calls was found: the lines added here — the `spawn_agent` and `wait_agent` calls with their
 * outputs, the `collab_agent_spawn_end` event, the child's `thread_spawn` source — are written from
 * the shapes of Codex's source (see collaboration.ts), not copied from a log.
 */
export const SAMPLE = 'codex-0.142.2-agentv-00-34f597b72d.jsonl';
const sample = readFileSync(join(import.meta.dirname, 'codex/samples', SAMPLE), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as { timestamp: string; type: string; payload: Record<string, unknown> });
export const parentMeta = sample[0]!.payload as { id: string; cwd: string };
/**
 * The sample's first turn (its session line to the next turn's task_started), and its second turn.
 * That task_started is moved 0.4 s earlier, so that the parent's spawn, the child's thread and the
 * child's first turn (its id made at 12:57:59.669) come in the order Codex makes them.
 */
const firstTurn = [...sample.slice(0, 158), { ...sample[158]!, timestamp: '2026-06-26T12:57:59.300Z' }];
const secondTurn = sample.slice(159, 177);
export const CHILD_CALLS = ['call_mVrcyIKsxPsI37u6DDtLefBt', 'call_Nmf2wP1mHDIvahNC0pXMubHE'];
/** A UUIDv7 of the moment the spawn made the child's thread, before its first turn (Codex's thread ids are UUIDv7). */
export const CHILD_ID = `${(Date.parse('2026-06-26T12:57:59.500Z')).toString(16).padStart(12, '0').replace(/^(.{8})(.{4})$/, '$1-$2')}-7abc-8def-0123456789ab`;

export const at = (iso: string) => ({ timestamp: iso });
const jsonl = (lines: readonly unknown[]) => `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;

/** The parent: its first turn, then a `collaboration.spawn_agent` whose output is `spawnOutput`, then a wait on the child. */
export function parentRollout(spawnOutput: unknown, extra: readonly unknown[] = []): string {
  const call = (name: string, callId: string, args: unknown, time: string) => ({ ...at(time), type: 'response_item', payload: { type: 'function_call', namespace: 'collaboration', name, arguments: JSON.stringify(args), call_id: callId } });
  const output = (callId: string, text: string, time: string) => ({ ...at(time), type: 'response_item', payload: { type: 'function_call_output', call_id: callId, output: text } });
  return jsonl([
    ...firstTurn,
    call('spawn_agent', 'call_spawn_1', { message: 'List the commands the repository runs.', task_name: 'lister', fork_turns: 'none' }, '2026-06-26T12:57:59.400Z'),
    output('call_spawn_1', JSON.stringify(spawnOutput), '2026-06-26T12:57:59.600Z'),
    ...extra,
    { ...at('2026-06-26T12:57:59.601Z'), type: 'event_msg', payload: { type: 'token_count', info: null } },
    call('wait_agent', 'call_wait_1', { timeout_ms: 60_000 }, '2026-06-26T12:57:59.700Z'),
    output('call_wait_1', JSON.stringify({ status: { completed: 'done' } }), '2026-06-26T12:58:13.600Z'),
    { ...at('2026-06-26T12:58:13.601Z'), type: 'event_msg', payload: { type: 'token_count', info: null } },
  ]);
}

/** The child: its own session line (a spawned thread of the parent's), then the sample's second turn as its own. */
export function childRollout(options: { parentId?: string; agentPath?: string } = {}): string {
  const spawn = { parent_thread_id: options.parentId ?? parentMeta.id, depth: 1, agent_nickname: 'Boyle', agent_role: 'worker', ...(options.agentPath ? { agent_path: options.agentPath } : {}) };
  const meta = { ...at('2026-06-26T12:57:59.500Z'), type: 'session_meta', payload: { id: CHILD_ID, timestamp: '2026-06-26T12:57:59.500Z', cwd: parentMeta.cwd, originator: 'codex-tui', cli_version: '0.142.2', source: { subagent: { thread_spawn: spawn } } } };
  return jsonl([meta, ...secondTurn]);
}


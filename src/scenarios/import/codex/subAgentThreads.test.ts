import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../../run/runScenario';
import { createVirtualSandbox } from '../../../sandbox/virtualSandbox';
import { createVirtualClock } from '../../../time/virtualClock';
import { importCodexSession } from './importCodexSession';

/**
 * A parent rollout that spawns a sub-agent, and the sub-agent's own rollout, made of the real lines
 * of a Codex CLI 0.142.2 session (test/codex/samples): the parent is its first turn, the child its
 * second turn (two commands), under a session line of its own. No real rollout with collaboration
 * calls was found: the lines added here — the `spawn_agent` and `wait_agent` calls with their
 * outputs, the `collab_agent_spawn_end` event, the child's `thread_spawn` source — are written from
 * the shapes of Codex's source (see collaboration.ts), not copied from a log.
 */
const SAMPLE = 'codex-0.142.2-agentv-00-34f597b72d.jsonl';
const sample = readFileSync(join(import.meta.dirname, '../../../../test/codex/samples', SAMPLE), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as { timestamp: string; type: string; payload: Record<string, unknown> });
const parentMeta = sample[0]!.payload as { id: string; cwd: string };
/** The sample's first turn (its session line to the next turn's task_started), and its second turn. */
const firstTurn = sample.slice(0, 159);
const secondTurn = sample.slice(159, 177);
const CHILD_CALLS = ['call_mVrcyIKsxPsI37u6DDtLefBt', 'call_Nmf2wP1mHDIvahNC0pXMubHE'];
/** A UUIDv7 of the moment before the child's first turn (Codex's thread ids are UUIDv7). */
const CHILD_ID = `${(Date.parse('2026-06-26T12:58:00.100Z')).toString(16).padStart(12, '0').replace(/^(.{8})(.{4})$/, '$1-$2')}-7abc-8def-0123456789ab`;

const at = (iso: string) => ({ timestamp: iso });
const jsonl = (lines: readonly unknown[]) => `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;

/** The parent: its first turn, then a `collaboration.spawn_agent` whose output is `spawnOutput`, then a wait on the child. */
function parentRollout(spawnOutput: unknown, extra: readonly unknown[] = []): string {
  const call = (name: string, callId: string, args: unknown, time: string) => ({ ...at(time), type: 'response_item', payload: { type: 'function_call', namespace: 'collaboration', name, arguments: JSON.stringify(args), call_id: callId } });
  const output = (callId: string, text: string, time: string) => ({ ...at(time), type: 'response_item', payload: { type: 'function_call_output', call_id: callId, output: text } });
  return jsonl([
    ...firstTurn,
    call('spawn_agent', 'call_spawn_1', { message: 'List the commands the repository runs.', task_name: 'lister', fork_turns: 'none' }, '2026-06-26T12:57:59.900Z'),
    output('call_spawn_1', JSON.stringify(spawnOutput), '2026-06-26T12:58:00.150Z'),
    ...extra,
    { ...at('2026-06-26T12:58:00.151Z'), type: 'event_msg', payload: { type: 'token_count', info: null } },
    call('wait_agent', 'call_wait_1', { timeout_ms: 60_000 }, '2026-06-26T12:58:00.300Z'),
    output('call_wait_1', JSON.stringify({ status: { completed: 'done' } }), '2026-06-26T12:58:13.600Z'),
    { ...at('2026-06-26T12:58:13.601Z'), type: 'event_msg', payload: { type: 'token_count', info: null } },
  ]);
}

/** The child: its own session line (a spawned thread of the parent's), then the sample's second turn as its own. */
function childRollout(options: { parentId?: string; agentPath?: string } = {}): string {
  const spawn = { parent_thread_id: options.parentId ?? parentMeta.id, depth: 1, agent_nickname: 'Boyle', agent_role: 'worker', ...(options.agentPath ? { agent_path: options.agentPath } : {}) };
  const meta = { ...at('2026-06-26T12:58:00.100Z'), type: 'session_meta', payload: { id: CHILD_ID, timestamp: '2026-06-26T12:58:00.100Z', cwd: parentMeta.cwd, originator: 'codex-tui', cli_version: '0.142.2', source: { subagent: { thread_spawn: spawn } } } };
  return jsonl([meta, ...secondTurn]);
}

const callIds = (turns: readonly { stream: readonly { type: string; id?: string; name?: string }[] }[]) => turns.flatMap((turn) => turn.stream.flatMap((block) => (block.type === 'tool_use' ? [`${block.name}:${block.id}`] : [])));

function imported(files: readonly { name: string; text: string }[]) {
  const result = importCodexSession(files);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result;
}

describe('a Codex sub-agent’s rollout, given with its parent’s', () => {
  it('is nested under the collaboration.spawn_agent call whose output names its thread (v1: agent_id)', () => {
    const { scenario, problems } = imported([
      { name: 'rollout-parent.jsonl', text: parentRollout({ agent_id: CHILD_ID, nickname: 'Boyle' }) },
      { name: 'rollout-child.jsonl', text: childRollout() },
    ]);
    const main = callIds(scenario.turns);
    expect(main.slice(-2)).toEqual(['collaboration.spawn_agent:call_spawn_1', 'collaboration.wait_agent:call_wait_1']);
    expect(main.some((call) => CHILD_CALLS.some((id) => call.endsWith(id)))).toBe(false);
    expect(Object.keys(scenario.agents ?? {})).toEqual(['call_spawn_1']);
    expect(callIds(scenario.agents!.call_spawn_1!.turns)).toEqual(CHILD_CALLS.map((id) => `Bash:${id}`));
    expect(scenario.description).toContain('2 by sub-agents');
    expect(problems.filter((problem) => problem.message.includes('left out'))).toEqual([]);
  });

  it('is found whichever file comes first', () => {
    const { scenario } = imported([
      { name: 'rollout-child.jsonl', text: childRollout() },
      { name: 'rollout-parent.jsonl', text: parentRollout({ agent_id: CHILD_ID, nickname: 'Boyle' }) },
    ]);
    expect(Object.keys(scenario.agents ?? {})).toEqual(['call_spawn_1']);
  });

  it('is matched by its agent path (v2 names no thread id), or by the spawn-end event the extended rollout keeps', () => {
    const byPath = imported([
      { name: 'rollout-parent.jsonl', text: parentRollout({ task_name: '/root/lister', nickname: 'Boyle' }) },
      { name: 'rollout-child.jsonl', text: childRollout({ agentPath: '/root/lister' }) },
    ]);
    expect(Object.keys(byPath.scenario.agents ?? {})).toEqual(['call_spawn_1']);
    const event = { ...at('2026-06-26T12:58:00.149Z'), type: 'event_msg', payload: { type: 'collab_agent_spawn_end', call_id: 'call_spawn_1', sender_thread_id: parentMeta.id, new_thread_id: CHILD_ID, prompt: '', model: 'gpt-5.5', status: 'running' } };
    const byEvent = imported([
      { name: 'rollout-parent.jsonl', text: parentRollout({ task_name: '/root/other' }, [event]) },
      { name: 'rollout-child.jsonl', text: childRollout() },
    ]);
    expect(Object.keys(byEvent.scenario.agents ?? {})).toEqual(['call_spawn_1']);
  });

  it('is left out, and said so, when no spawn call names it (never matched by order)', () => {
    const { scenario, problems } = imported([
      { name: 'rollout-parent.jsonl', text: parentRollout({ agent_id: '019f0000-0000-7000-8000-000000000000' }) },
      { name: 'rollout-child.jsonl', text: childRollout() },
    ]);
    expect(Object.values(scenario.agents ?? {}).flatMap((agent) => callIds(agent.turns))).toEqual([]);
    expect(problems.find((problem) => problem.source === 'rollout-child.jsonl')?.message).toMatch(/no spawn_agent call of its parent names it.*left out/);
  });

  it('is imported alone, without an error, when its parent is not given', () => {
    const { scenario, problems } = imported([{ name: 'rollout-child.jsonl', text: childRollout({ parentId: '019eeeee-0000-7000-8000-000000000000' }) }]);
    expect(callIds(scenario.turns)).toEqual(CHILD_CALLS.map((id) => `Bash:${id}`));
    expect(problems.filter((problem) => /left out|no spawn/.test(problem.message))).toEqual([]);
  });

  it('replays under its spawn call, its calls as a sub-agent’s (nested in the record, one response after the other)', async () => {
    const { scenario } = imported([
      { name: 'rollout-parent.jsonl', text: parentRollout({ agent_id: CHILD_ID, nickname: 'Boyle' }) },
      { name: 'rollout-child.jsonl', text: childRollout() },
    ]);
    const clock = createVirtualClock();
    const record = await clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), clock }));
    expect(record.error).toBeUndefined();
    const spawn = record.turns.flatMap((turn) => turn.calls).find((call) => call.id === 'call_spawn_1');
    const children = spawn?.children?.map((turn) => turn.calls.map((call) => call.id)) ?? [];
    expect(children.flat()).toEqual(CHILD_CALLS);
    // Two responses of one call each, the second after the first, as the child's log has them.
    expect(children.filter((calls) => calls.length > 0)).toEqual(CHILD_CALLS.map((id) => [id]));
  });
});

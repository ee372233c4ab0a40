import { describe, expect, it } from 'vitest';
import { runScenario } from '../../../run/runScenario';
import { createVirtualSandbox } from '../../../sandbox/virtualSandbox';
import { createVirtualClock } from '../../../time/virtualClock';
import { CHILD_CALLS, CHILD_ID, childRollout, parentMeta, parentRollout, at } from '../../../../test/codexSubAgents';
import { importCodexSession } from './importCodexSession';

const callIds = (turns: readonly { stream: readonly { type: string; id?: string; name?: string }[] }[]) => turns.flatMap((turn) => turn.stream.flatMap((block) => (block.type === 'tool_use' ? [`${block.name}:${block.id}`] : [])));

function imported(files: readonly { name: string; text: string }[]) {
  const result = importCodexSession(files);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result;
}

/** The parent's and the child's rollouts (v1: the spawn names the child's thread id), imported together. */
function parentWithChild() {
  return imported([
    { name: 'rollout-parent.jsonl', text: parentRollout({ agent_id: CHILD_ID, nickname: 'Boyle' }) },
    { name: 'rollout-child.jsonl', text: childRollout() },
  ]).scenario;
}

/** That session replayed with recorded effects on the virtual clock. */
async function replayedWithChild() {
  const scenario = parentWithChild();
  const clock = createVirtualClock();
  return { scenario, record: await clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), clock })) };
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
    // The child's first turn comes after its thread was made: nothing of it is taken for its parent's.
    expect(problems.filter((problem) => problem.message.includes('forked'))).toEqual([]);
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
    expect(callIds(byPath.scenario.agents!.call_spawn_1!.turns)).toEqual(CHILD_CALLS.map((id) => `Bash:${id}`));
    const event = { ...at('2026-06-26T12:57:59.590Z'), type: 'event_msg', payload: { type: 'collab_agent_spawn_end', call_id: 'call_spawn_1', sender_thread_id: parentMeta.id, new_thread_id: CHILD_ID, prompt: '', model: 'gpt-5.5', status: 'running' } };
    const byEvent = imported([
      { name: 'rollout-parent.jsonl', text: parentRollout({ task_name: '/root/other' }, [event]) },
      { name: 'rollout-child.jsonl', text: childRollout() },
    ]);
    expect(callIds(byEvent.scenario.agents!.call_spawn_1!.turns)).toEqual(CHILD_CALLS.map((id) => `Bash:${id}`));
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
    const { record } = await replayedWithChild();
    expect(record.error).toBeUndefined();
    const spawn = record.turns.flatMap((turn) => turn.calls).find((call) => call.id === 'call_spawn_1');
    const children = spawn?.children?.map((turn) => turn.calls.map((call) => call.id)) ?? [];
    expect(children.flat()).toEqual(CHILD_CALLS);
    // Two responses of one call each, the second after the first, as the child's log has them.
    expect(children.filter((calls) => calls.length > 0)).toEqual(CHILD_CALLS.map((id) => [id]));
  });

  it('replays its spawn call in its recorded time, the sub-agent running on beside the parent until the run’s end', async () => {
    const { scenario, record } = await replayedWithChild();
    expect(record.error).toBeUndefined();
    const calls = record.turns.flatMap((turn) => turn.calls);
    const spawn = calls.find((call) => call.id === 'call_spawn_1')!;
    const wait = calls.find((call) => call.id === 'call_wait_1')!;
    const lasted = (call: { executingAt: number | null; completedAt: number | null }) => call.completedAt! - call.executingAt!;
    // Codex's spawn returned in 200 ms and its wait_agent waited 13.9 s for the thread: neither
    // lasts the sub-agent's run again (once inside the spawn, then in the wait).
    expect(lasted(spawn)).toBeLessThan(1_000);
    expect(wait.executingAt!).toBeLessThan(spawn.executingAt! + 1_000);
    expect(lasted(wait)).toBeGreaterThan(13_000);
    const child = spawn.children!.flatMap((turn) => turn.calls);
    // Each as the child's log says it ended (its second command failed).
    expect(child.map((call) => [call.id, call.outcome])).toEqual(CHILD_CALLS.map((id) => [id, scenario.observed!.calls[id]!.outcome]));
    expect(Math.max(...child.map((call) => call.completedAt!))).toBeGreaterThan(spawn.completedAt!);
    expect(record.endedAt).toBeGreaterThanOrEqual(Math.max(...child.map((call) => call.completedAt!)));
  });

  it('is stopped by a Stop of the run while it runs on, every call of it with its result', async () => {
    const scenario = parentWithChild();
    const clock = createVirtualClock();
    const stop = new AbortController();
    const run = runScenario({
      scenario,
      sandbox: createVirtualSandbox({}),
      clock,
      signal: stop.signal,
      onEvent: (event) => {
        // Stop as the sub-agent's first call starts, its spawn call long settled.
        if (event.type === 'call_started' && event.id === CHILD_CALLS[0]) stop.abort();
      },
    });
    const record = await clock.runUntil(run);
    expect(stop.signal.aborted).toBe(true);
    const calls = record.turns.flatMap((turn) => turn.calls);
    const spawn = calls.find((call) => call.id === 'call_spawn_1')!;
    const child = spawn.children!.flatMap((turn) => turn.calls);
    expect(spawn.completedAt!).toBeLessThan(child[0]!.executingAt!);
    expect(child.map((call) => call.id)).toEqual([CHILD_CALLS[0]]);
    for (const call of [...calls, ...child]) expect(call.result?.tool_use_id).toBe(call.id);
    expect(child[0]!.outcome).toBe('interrupted');
  });
});

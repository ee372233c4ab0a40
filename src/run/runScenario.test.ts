import { describe, expect, it } from 'vitest';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import { validateScenario } from '../scenarios/validate';
import { createVirtualClock } from '../time/virtualClock';
import { runScenario } from './runScenario';

function scenario(settings: Record<string, unknown>) {
  const result = validateScenario({
    id: 'settings-check',
    title: 'Settings check',
    description: 'One read.',
    workspace: { files: { 'a.txt': 'a\n' } },
    settings,
    turns: [{ stream: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'a.txt' }, at: 0, durationMs: 10 }] }],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

describe('runScenario', () => {
  it('refuses settings it cannot honour instead of running without them', async () => {
    const clock = createVirtualClock();
    const record = await clock.runUntil(
      runScenario({ scenario: scenario({ deny: ['Bash(rm'] }), sandbox: createVirtualSandbox({}), strategy: 'streaming', clock }),
    );
    expect(record.error).toContain('settings.deny[0]');
    expect(record.turns).toEqual([]);
    expect(record.expectations?.passed).toBe(false);
  });

  it('drops a tool denied as a whole from the pool, so calling it names no such tool', async () => {
    const clock = createVirtualClock();
    const record = await clock.runUntil(
      runScenario({ scenario: scenario({ deny: ['Read'] }), sandbox: createVirtualSandbox({}), strategy: 'streaming', clock }),
    );
    expect(record.turns[0]!.calls[0]!.result!.content).toContain('No such tool available: Read');
  });

  it('records the pool with its stages and token estimates', async () => {
    const clock = createVirtualClock();
    const record = await clock.runUntil(runScenario({ scenario: builtIn('deferred-discovery'), sandbox: createVirtualSandbox({}), strategy: 'streaming', clock }));
    expect(record.pool?.deferral.on).toBe(true);
    expect(record.pool?.deferred).toContain('TodoWrite');
    expect(record.pool!.tokens.withDeferral).toBeLessThan(record.pool!.tokens.withoutDeferral);
    expect(record.pool!.stages.map((stage) => stage.stage)).toEqual(['catalogue', 'mode', 'deny', 'enabled', 'assemble']);
  });

  it('records the permission mode changes and the todo list of the plan-mode lesson', async () => {
    const clock = createVirtualClock();
    const record = await clock.runUntil(runScenario({ scenario: builtIn('plan-mode'), sandbox: createVirtualSandbox({}), strategy: 'streaming', clock }));
    expect(record.permissionModeChanges.map(({ mode, by }) => [mode, by])).toEqual([
      ['plan', 'toolu_enter_plan'],
      ['acceptEdits', 'toolu_exit_plan'],
    ]);
    expect(record.todos.map((todo) => todo.status)).toEqual(['in_progress', 'pending']);
  });

  it('stops a running sub-agent with the turn, and every call inside it still gets a result', async () => {
    const result = validateScenario({
      id: 'agent-stop',
      title: 'Stop during a sub-agent',
      description: 'The user stops while a sub-agent works.',
      turns: [{ stream: [{ type: 'tool_use', id: 'toolu_agent', name: 'Agent', input: { description: 'slow', prompt: 'read slowly' }, at: 0, durationMs: 10 }], interruptAt: 500 }],
      agents: {
        toolu_agent: {
          turns: [
            { stream: [{ type: 'tool_use', id: 'toolu_slow_read', name: 'Read', input: { file_path: 'a.txt' }, at: 0, durationMs: 10, latencyMs: 5000 }] },
            { stream: [{ type: 'text', text: 'never said', at: 0, durationMs: 10 }] },
          ],
        },
      },
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const clock = createVirtualClock();
    const record = await clock.runUntil(runScenario({ scenario: result.scenario, sandbox: createVirtualSandbox({ 'a.txt': 'a' }), strategy: 'streaming', clock }));
    const agent = record.turns[0]!.calls[0]!;
    expect(agent.outcome).toBe('interrupted');
    expect(agent.children).toHaveLength(1);
    const inner = agent.children![0]!.calls[0]!;
    expect(inner.agent).toBe('toolu_agent');
    expect(inner.outcome).toBe('interrupted');
    expect(inner.result?.is_error).toBe(true);
    expect(record.endedAt).toBeLessThan(1000);
    expect(record.anomalies).toEqual([]);
  });
});

function builtIn(id: string) {
  const raw = BUILT_IN_SCENARIOS.find((candidate) => (candidate as { id: string }).id === id);
  const result = validateScenario(raw);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

import { describe, expect, it } from 'vitest';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { validateScenario } from '../scenarios/validate';
import { createVirtualClock } from '../time/clock';
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
});

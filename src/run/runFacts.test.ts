import { describe, expect, it } from 'vitest';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { validateScenario } from '../scenarios/validate';
import { createVirtualClock } from '../time/virtualClock';
import { runScenario } from './runScenario';
import { runFacts } from './runFacts';

async function run(edits: { id: string; old: string; new: string; at: number }[], strategy: 'streaming' | 'parallel') {
  const result = validateScenario({
    id: 'edits',
    title: 'Edits',
    workspace: { files: { 'a.ts': 'one\ntwo\n' } },
    settings: { permissionMode: 'acceptEdits' },
    turns: [
      { stream: [{ type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: 'a.ts' }, at: 0, durationMs: 10 }] },
      { stream: edits.map((edit) => ({ type: 'tool_use', id: edit.id, name: 'Edit', input: { file_path: 'a.ts', old_string: edit.old, new_string: edit.new }, at: edit.at, durationMs: 10, latencyMs: 100 })) },
    ],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const clock = createVirtualClock();
  return clock.runUntil(runScenario({ scenario: result.scenario, sandbox: createVirtualSandbox({}), strategy, clock }));
}

describe('runFacts', () => {
  it('finds the edit two racing writers lost', async () => {
    const record = await run([{ id: 'e1', old: 'one', new: 'ONE', at: 0 }, { id: 'e2', old: 'two', new: 'TWO', at: 0 }], 'parallel');
    expect(runFacts(record).lostEdits).toHaveLength(1);
  });

  it('does not count an edit a later edit meant to replace', async () => {
    const record = await run([{ id: 'e1', old: 'one', new: 'ONE', at: 0 }, { id: 'e2', old: 'ONE', new: 'uno', at: 50 }], 'streaming');
    expect(record.files['a.ts']).toBe('uno\ntwo\n');
    expect(runFacts(record)).toMatchObject({ lostEdits: [], cancelled: 0, outOfOrder: 0 });
  });
});

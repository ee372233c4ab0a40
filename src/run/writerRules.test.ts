import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rolloutWriter, toRollout } from '../../test/codexRollouts';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { importCodexSession } from '../scenarios/import/codex/importCodexSession';
import type { Scenario, ScenarioInput } from '../scenarios/schema';
import { validateScenario } from '../scenarios/validate';
import { createVirtualClock } from '../time/virtualClock';
import type { PermissionMode } from '../tools/types';
import type { CallRecord, RunRecord, TurnRecord } from './record';
import { runScenario } from './runScenario';

/**
 * The rules hold a tool by what it does, not by what it is called (design.md, Tool kinds),
 * replayed through the real engine: every writer under an `Edit(…)` deny, in every mode and in a
 * sub-agent; a Codex patch imported as MultiEdit; a tool denied under an alias or an older name.
 */
const SCENARIO = JSON.parse(readFileSync(join(import.meta.dirname, '../../test/scenarios/edit-rules-hold-every-writer.json'), 'utf8')) as ScenarioInput;

function valid(input: unknown): Scenario {
  const checked = validateScenario(input);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.scenario;
}

async function replay(scenario: Scenario): Promise<RunRecord> {
  const clock = createVirtualClock();
  return clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), strategy: 'streaming', clock }));
}

/** Every call of the run, sub-agents' included, by id. */
function callsOf(record: RunRecord): Map<string, CallRecord> {
  const calls = new Map<string, CallRecord>();
  const walk = (turns: readonly TurnRecord[]) => {
    for (const turn of turns) {
      for (const call of turn.calls) {
        calls.set(call.id, call);
        if (call.children) walk(call.children);
      }
    }
  };
  walk(record.turns);
  return calls;
}

const withMode = (input: ScenarioInput, permissionMode: PermissionMode, more: Record<string, unknown> = {}) =>
  valid({ ...input, settings: { ...input.settings, permissionMode, ...more } });

describe('an Edit(secrets/**) deny holds every tool that writes, replayed', () => {
  it.each(['default', 'acceptEdits', 'bypassPermissions', 'plan'] as const)('in %s mode: MultiEdit, Write, NotebookEdit, Bash and a sub-agent’s MultiEdit are denied; secrets/ is unchanged', async (mode) => {
    const record = await replay(withMode(SCENARIO, mode));
    expect(record.error).toBeUndefined();
    expect(record.expectations?.failures).toEqual([]);
    const calls = callsOf(record);
    for (const id of ['toolu_edit', 'toolu_multiedit', 'toolu_write', 'toolu_write_new', 'toolu_notebook', 'toolu_bash', 'toolu_sub_multiedit']) {
      expect(calls.get(id)?.outcome, `${id} in ${mode}: ${calls.get(id)?.result?.content}`).toBe('denied');
      expect(calls.get(id)?.result?.content, id).toContain('Edit(secrets/**)');
    }
    expect(Object.keys(record.files).filter((path) => path.startsWith('secrets/')).sort()).toEqual(['secrets/key.txt', 'secrets/keys.ipynb']);
    // The rule is about secrets/: an edit elsewhere is up to the mode (plan mode denies it, the others let it run).
    expect(calls.get('toolu_docs')?.outcome).toBe(mode === 'plan' ? 'denied' : 'success');
    expect(record.files['docs/notes.md']).toBe(mode === 'plan' ? '# Notes\n\nDraft.\n' : '# Notes\n\nFinal.\n');
  });
});

describe('a Codex patch imported as MultiEdit is held by Edit(…) rules like any edit', () => {
  const w = rolloutWriter();
  const patch = '*** Begin Patch\n*** Update File: secrets/key.txt\n@@\n-API_KEY=old\n+API_KEY=new\n@@\n-ROTATED=no\n+ROTATED=yes\n*** End Patch';
  const imported = importCodexSession([
    { name: 'rollout.jsonl', text: toRollout([w.meta(), w.user(10, 'Rotate the key.'), w.call(100, 'apply_patch', { input: patch }, 'call_patch'), w.output(200, 'call_patch', 'Success. Updated the following files:\nM secrets/key.txt'), w.tokens(210)]) },
  ]);
  if (!imported.ok) throw new Error(JSON.stringify(imported.problems));
  const block = imported.scenario.turns.flatMap((turn) => turn.stream).find((each) => each.type === 'tool_use');
  const FILE = 'API_KEY=old\nROTATED=no\n';
  const read = { type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: 'secrets/key.txt' }, at: 0, durationMs: 10 };
  const turns = [{ stream: [read] }, { stream: [{ ...block, at: 0 }] }, { stream: [] }];
  const settings = { deny: ['Edit(secrets/**)'], defaultAnswer: 'allow' };

  it('is imported as a MultiEdit of the file', () => {
    expect(block).toMatchObject({ name: 'MultiEdit', input: { file_path: 'secrets/key.txt' } });
  });

  it.each(['default', 'acceptEdits', 'bypassPermissions', 'plan'] as const)('in the main agent in %s mode', async (permissionMode) => {
    const record = await replay(valid({ id: 'codex-patch', title: 'A Codex patch', workspace: { files: { 'secrets/key.txt': FILE } }, settings: { ...settings, permissionMode }, turns }));
    const call = callsOf(record).get(block!.type === 'tool_use' ? block!.id : '');
    expect(call?.outcome, call?.result?.content).toBe('denied');
    expect(call?.result?.content).toContain('the deny rule Edit(secrets/**) matches');
    expect(record.files['secrets/key.txt']).toBe(FILE);
  });

  it('in a sub-agent, started under either of the Agent tool’s names', async () => {
    for (const name of ['Agent', 'Task']) {
      const record = await replay(
        valid({
          id: 'codex-patch-sub-agent',
          title: 'A Codex patch in a sub-agent',
          workspace: { files: { 'secrets/key.txt': FILE } },
          settings: { ...settings, permissionMode: 'bypassPermissions' },
          turns: [{ stream: [{ type: 'tool_use', id: 'toolu_agent', name, input: { description: 'Rotate', prompt: 'Rotate the key.' }, at: 0, durationMs: 10 }] }, { stream: [] }],
          agents: { toolu_agent: { turns } },
        }),
      );
      const call = callsOf(record).get(block!.type === 'tool_use' ? block!.id : '');
      expect(call?.outcome, `${name}: ${call?.result?.content}`).toBe('denied');
      expect(record.files['secrets/key.txt']).toBe(FILE);
    }
  });
});

describe('a deny rule on a tool holds it under every name it goes by', () => {
  const agentCalls = (deny: string[]) =>
    valid({
      id: 'agent-names',
      title: 'Agent under both names',
      workspace: { files: {} },
      settings: { permissionMode: 'bypassPermissions', deny },
      turns: [
        {
          stream: ['Task', 'Agent'].map((name, i) => ({ type: 'tool_use', id: `toolu_${name}`, name, input: { description: 'Write a file', prompt: 'Write out.txt.' }, at: i * 10, durationMs: 10 })),
        },
        { stream: [] },
      ],
      agents: Object.fromEntries(['Task', 'Agent'].map((name) => [`toolu_${name}`, { turns: [{ stream: [{ type: 'tool_use', id: `toolu_${name}_write`, name: 'Write', input: { file_path: 'out.txt', content: name }, at: 0, durationMs: 10 }] }, { stream: [] }] }])),
    });

  it.each([['Task'], ['Agent']])('deny %s removes the Agent tool from the pool: neither name starts a sub-agent, nothing is written', async (rule) => {
    const record = await replay(agentCalls([rule]));
    const deny = record.pool?.stages.find((stage) => stage.stage === 'deny');
    expect(deny?.removed).toEqual([{ name: 'Agent', reason: `denied as a whole by the rule "${rule}"` }]);
    const calls = callsOf(record);
    for (const name of ['Task', 'Agent']) expect(calls.get(`toolu_${name}`)?.result?.content).toContain(`No such tool available: ${name}`);
    expect(calls.has('toolu_Task_write') || calls.has('toolu_Agent_write')).toBe(false);
    expect(record.files['out.txt']).toBeUndefined();
  });

  it.each([
    ['BashOutput', 'TaskOutput'],
    ['TaskOutput', 'BashOutput'],
    ['KillBash', 'TaskStop'],
    ['TaskStop', 'KillBash'],
  ])('deny %s removes %s too, the same tool under its other name', async (rule, other) => {
    const record = await replay(valid({ id: 'shell-names', title: 'Shell tools', workspace: { files: {} }, settings: { deny: [rule] }, turns: [{ stream: [] }] }));
    const removed = record.pool?.stages.find((stage) => stage.stage === 'deny')?.removed.map((each) => each.name);
    expect(removed?.sort()).toEqual([rule, other].sort());
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVirtualSandbox } from '../../../sandbox/virtualSandbox';
import { fidelityReport } from '../../../run/fidelity';
import { runScenario } from '../../../run/runScenario';
import { createVirtualClock } from '../../../time/virtualClock';
import { importSessionLog, sessionAgentOf } from '../importSessionLog';
import { importGeminiSession } from './importGeminiSession';

const FIXTURES = join(import.meta.dirname, '../../../../test/gemini');
const [fixture] = readdirSync(FIXTURES).filter((name) => name.endsWith('.json'));
const sampleText = () => readFileSync(join(FIXTURES, fixture!), 'utf8');
const imported = (text: string, name = 'session.json') => importGeminiSession([{ name, text }]);

const fromFixture = () => {
  const result = imported(sampleText(), fixture);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result;
};

/** The sample's calls as logged: id → Gemini's tool name and status. */
const loggedCalls = () => {
  const chat = JSON.parse(sampleText()) as { messages: { toolCalls?: { id: string; name: string; status: string }[] }[] };
  return chat.messages.flatMap((message) => message.toolCalls ?? []);
};

const PLAYGROUND_TOOL: Record<string, string> = { read_file: 'Read', write_file: 'Write', write_todos: 'TodoWrite', search_file_content: 'Grep', delegate_to_agent: 'Agent' };
const OUTCOME: Record<string, string> = { success: 'success', error: 'error' };

describe('importing a real Gemini CLI chat file', () => {
  it('imports every call with its tool mapped and its outcome as logged, under the gemini-cli policy', () => {
    const { scenario, problems } = fromFixture();
    expect(problems).toEqual([]);
    expect(scenario.settings.policy).toBe('gemini-cli');
    expect(scenario.observed).toMatchObject({ agent: 'gemini-cli', version: '' });
    const names = new Map(scenario.turns.flatMap((turn) => turn.stream.flatMap((block) => (block.type === 'tool_use' ? [[block.id, block.name] as const] : []))));
    const logged = loggedCalls();
    expect(logged.length).toBeGreaterThan(0);
    expect(Object.keys(scenario.observed!.calls)).toHaveLength(logged.length);
    for (const call of logged) {
      expect(names.get(call.id), call.id).toBe(PLAYGROUND_TOOL[call.name] ?? call.name);
      expect(scenario.observed!.calls[call.id]?.outcome, call.id).toBe(OUTCOME[call.status]);
    }
  });

  it('splits a message holding several responses’ calls by the time each run was recorded', () => {
    const { scenario } = fromFixture();
    const calls = scenario.turns.map((turn) => turn.stream.flatMap((block) => (block.type === 'tool_use' ? [block.name] : [])));
    expect(calls.slice(1, 4)).toEqual([
      ['TodoWrite', 'Agent'],
      ['TodoWrite', 'Read', 'Read', 'Read'],
      ['TodoWrite', 'Grep', 'Read'],
    ]);
    // Each run ends when it was recorded: 11:04:13.954 for the second, from the first response at 11:01:30.378.
    expect(scenario.observed!.calls['read_file-1768561450182-7b0e80586cb07']).toMatchObject({ startedAt: 163576, endedAt: 163576 });
  });

  it('finds the session’s folder by its hash, rebuilds the files the Reads showed, and says what it cannot know', () => {
    const { scenario } = fromFixture();
    expect(Object.keys(scenario.workspace.files).sort()).toEqual(['.husky/pre-commit', 'SECURITY.md', 'scripts/validate-secrets.js', 'src/env/manager.ts']);
    expect(scenario.observed!.unknown).not.toContainEqual(expect.stringContaining("the session's folder is not in the log"));
    expect(scenario.observed!.unknown).toContainEqual(expect.stringContaining('does not write its version'));
    expect(scenario.observed!.unknown).toContainEqual(expect.stringContaining('when each call started and how long it alone ran are not in the log'));
    expect(scenario.agents).toHaveProperty(['delegate_to_agent-1768561360282-f3e15e35f2c3d']);
  });

  it('is told from its content with no flag, pretty-printed or on one line', () => {
    const text = sampleText();
    const oneLine = JSON.stringify(JSON.parse(text));
    expect(sessionAgentOf(text)).toBe('gemini-cli');
    expect(sessionAgentOf(oneLine)).toBe('gemini-cli');
    const result = importSessionLog([{ name: 'session.json', text: oneLine }]);
    expect(result.ok && result.scenario.observed?.agent).toBe('gemini-cli');
  });

  it('replays, and every call is reproduced or explained in a class a user can act on', async () => {
    const { scenario } = fromFixture();
    const clock = createVirtualClock();
    const record = await clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), clock }));
    expect(record.error).toBeUndefined();
    const report = fidelityReport(record, scenario.observed!, Object.keys(scenario.workspace.files));
    expect(report.calls).toHaveLength(loggedCalls().length);
    expect(report.counts['real-difference'] ?? 0).toBe(0);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVirtualSandbox } from '../../../sandbox/virtualSandbox';
import { fidelityReport } from '../../../run/fidelity';
import { runScenario } from '../../../run/runScenario';
import { createVirtualClock } from '../../../time/virtualClock';
import { importSessionLog, sessionAgentOf } from '../importSessionLog';
import { importOpenCodeSession } from './importOpenCodeSession';

const FIXTURES = join(import.meta.dirname, '../../../../test/opencode');
const MAIN = 'opencode-export-store-fix.json';
const CHILD = 'opencode-export-store-fix-subagent.json';
const file = (name: string) => ({ name, text: readFileSync(join(FIXTURES, name), 'utf8') });

const imported = (...names: string[]) => {
  const result = importOpenCodeSession(names.map(file));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result;
};

interface ToolPart {
  callID: string;
  tool: string;
  state: { status: string; time: { start: number; end: number } };
}

/** The tool parts of an export as written, in order. */
const toolParts = (name: string): ToolPart[] => {
  const doc = JSON.parse(file(name).text) as { messages: { parts: { type: string }[] }[] };
  return doc.messages.flatMap((message) => message.parts.filter((part) => part.type === 'tool')) as unknown as ToolPart[];
};

const PLAYGROUND_TOOL: Record<string, string> = { read: 'Read', bash: 'Bash', task: 'Agent', edit: 'Edit', grep: 'Grep' };
const OUTCOME: Record<string, string> = { completed: 'success', error: 'error' };

describe('importing a hand-written OpenCode export', () => {
  it('imports every tool part with its tool mapped and its outcome as exported, under the opencode policy', () => {
    const { scenario, problems } = imported(MAIN);
    expect(problems).toEqual([]);
    expect(scenario.settings.policy).toBe('opencode');
    expect(scenario.observed).toMatchObject({ agent: 'opencode', version: '1.1.20' });
    const names = new Map(scenario.turns.flatMap((turn) => turn.stream.flatMap((block) => (block.type === 'tool_use' ? [[block.id, block.name] as const] : []))));
    const parts = toolParts(MAIN);
    expect(parts).toHaveLength(5);
    expect(Object.keys(scenario.observed!.calls)).toHaveLength(parts.length);
    for (const part of parts) {
      expect(names.get(part.callID), part.callID).toBe(PLAYGROUND_TOOL[part.tool]);
      expect(scenario.observed!.calls[part.callID]?.outcome, part.callID).toBe(OUTCOME[part.state.status]);
    }
  });

  it('makes each step a response, and takes each call’s start and end from its state.time', () => {
    const { scenario } = imported(MAIN);
    const calls = scenario.turns.map((turn) => turn.stream.flatMap((block) => (block.type === 'tool_use' ? [block.name] : [])));
    expect(calls).toEqual([['Read', 'Read', 'Bash'], ['Agent'], ['Edit'], []]);
    const parts = toolParts(MAIN);
    // The origin is the first block's close: the reasoning part's time.end.
    const origin = (JSON.parse(file(MAIN).text) as { messages: { parts: { type: string; time?: { end: number } }[] }[] }).messages[1]!.parts.find((part) => part.type === 'reasoning')!.time!.end;
    for (const part of parts) {
      expect(scenario.observed!.calls[part.callID], part.callID).toMatchObject({ startedAt: part.state.time.start - origin, endedAt: part.state.time.end - origin });
    }
    // The three calls of the first step overlap: each started before the others ended.
    const [read, missing, bash] = parts.slice(0, 3).map((part) => part.state.time);
    expect(Math.max(read!.start, missing!.start, bash!.start)).toBeLessThan(Math.min(read!.end, missing!.end, bash!.end));
  });

  it('makes paths relative to the session’s folder and keeps the error’s message as the result', () => {
    const { scenario } = imported(MAIN);
    const first = scenario.turns[0]!.stream.filter((block) => block.type === 'tool_use');
    expect(first.map((block) => block.input)).toEqual([{ file_path: 'src/store.ts' }, { file_path: 'src/storage.ts' }, { command: 'npm test', description: 'Run the test suite' }]);
    expect(scenario.observed!.calls.toolu_01ReadStorage4Tn8Wc2Jd6Fg?.result).toMatch(/^File not found: /);
  });

  it('keeps only the task’s answer without the sub-agent’s export, and replays its session when given', () => {
    const alone = imported(MAIN).scenario;
    expect(alone.agents?.toolu_01TaskReaders2Ab4Cd6Ef8Gh?.turns).toHaveLength(1);
    expect(alone.observed!.unknown).toContainEqual(expect.stringContaining('its own log is not here, only its answer'));
    // Given in either order: the main session is the one that is no other's child.
    const both = importOpenCodeSession([file(CHILD), file(MAIN)]);
    expect(both.ok && both.problems).toEqual([]);
    const sub = both.ok ? both.scenario.agents?.toolu_01TaskReaders2Ab4Cd6Ef8Gh : undefined;
    expect(sub?.turns.map((turn) => turn.stream.map((block) => block.type))).toEqual([['tool_use'], ['text']]);
    expect(sub?.turns[0]!.stream[0]).toMatchObject({ name: 'Grep', input: { pattern: 'localStorage\\.getItem', path: 'src', glob: '*.ts' } });
  });

  it('is told from its content with no flag, pretty-printed or on one line, and claims no other agent’s log', () => {
    const { text } = file(MAIN);
    const oneLine = JSON.stringify(JSON.parse(text));
    expect(sessionAgentOf(text)).toBe('opencode');
    expect(sessionAgentOf(oneLine)).toBe('opencode');
    const result = importSessionLog([file(MAIN), file(CHILD)]);
    expect(result.ok && result.scenario.observed?.agent).toBe('opencode');
    expect(result.ok && Object.keys(result.scenario.agents ?? {})).toEqual(['toolu_01TaskReaders2Ab4Cd6Ef8Gh']);
    // A Gemini CLI chat is not claimed, nor a scenario holding an `info` of its own.
    expect(sessionAgentOf(JSON.stringify({ sessionId: 's', projectHash: 'h', messages: [{ id: '1', type: 'user', content: 'hi' }] }))).toBe('gemini-cli');
    expect(sessionAgentOf(JSON.stringify({ info: { id: 'ses_1' }, messages: [], turns: [] }))).toBeUndefined();
  });

  it('replays, and every call is reproduced or explained in a class a user can act on', async () => {
    const { scenario } = imported(MAIN, CHILD);
    const clock = createVirtualClock();
    const record = await clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), clock }));
    expect(record.error).toBeUndefined();
    const report = fidelityReport(record, scenario.observed!, Object.keys(scenario.workspace.files));
    expect(report.calls.length).toBeGreaterThanOrEqual(toolParts(MAIN).length);
    expect(report.counts['real-difference'] ?? 0).toBe(0);
  });
});

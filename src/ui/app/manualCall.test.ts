import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_IN_SCENARIOS } from '../../scenarios/library';
import { validateScenario } from '../../scenarios/validate';
import { loadScenario } from '../controller/opening';
import { startRun, stopRun } from '../controller/runs';
import { setSandboxChoice } from '../controller/sandbox';
import { virtualChoice } from '../controller/sandboxChoice';
import { initialState, usePlayground } from '../store';
import { callableTools } from './manualCall';

function builtIn(id: string) {
  const result = validateScenario(BUILT_IN_SCENARIOS.find((raw) => (raw as { id: string }).id === id));
  if (!result.ok) throw new Error(`${id} is invalid`);
  return result.scenario;
}

const page = () => usePlayground.getState();

const until = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

afterEach(() => {
  stopRun();
  usePlayground.setState(initialState, true);
});

describe('a tool called by hand', () => {
  it('lists the pool a run would have, the demo server’s tools with their safety among the built-ins', async () => {
    const tools = await callableTools(builtIn('mcp-tools').settings);
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.Read).toMatchObject({ readOnly: true, concurrencySafe: true });
    expect(byName.Write).toMatchObject({ readOnly: false, concurrencySafe: false });
    expect(byName.mcp__demo__get_weather).toMatchObject({ server: 'demo', readOnly: true, concurrencySafe: true });
    expect(byName.mcp__demo__create_issue).toMatchObject({ server: 'demo', readOnly: false, concurrencySafe: false });
    expect(byName.mcp__demo__get_weather!.schema).toMatchObject({ properties: { city: { type: 'string' } }, required: ['city'] });
  });

  it('runs through the pipeline as a run of one call on the page’s files, and its record is the timeline’s', async () => {
    setSandboxChoice(virtualChoice(undefined));
    loadScenario(builtIn('seed-partition'), 'built-in');
    const record = await startRun({ kind: 'manual', toolName: 'Read', input: { file_path: 'src/a.ts' } });
    expect(page().run).toEqual({ status: 'done', kind: 'manual' });
    const calls = record.turns.flatMap((turn) => turn.calls);
    expect(calls.map((call) => [call.name, call.outcome])).toEqual([['Read', 'success']]);
    expect(calls[0]!.result!.content).toContain('export const a = 1;');
    expect(page().record).toEqual(record);
  });

  it('asks in the dialog when the mode says so, and a denial is the call’s result', async () => {
    setSandboxChoice(virtualChoice(undefined));
    loadScenario(builtIn('seed-partition'), 'built-in');
    const running = startRun({ kind: 'manual', toolName: 'Write', input: { file_path: 'src/new.ts', content: 'x' } });
    await until(() => page().pendingAsk !== null);
    page().pendingAsk!.answer('deny', false);
    const record = await running;
    expect(record.turns.flatMap((turn) => turn.calls).map((call) => call.outcome)).toEqual(['denied']);
  });

  it('a file written by hand shows in the workspace at once, and the next run starts from it', async () => {
    setSandboxChoice(virtualChoice(undefined));
    loadScenario(builtIn('seed-partition'), 'built-in');
    const running = startRun({ kind: 'manual', toolName: 'Write', input: { file_path: 'src/new.ts', content: 'export const made = 1;\n' } });
    await until(() => page().pendingAsk !== null);
    page().pendingAsk!.answer('allow', false);
    const record = await running;
    expect(record.turns.flatMap((turn) => turn.calls).map((call) => call.outcome)).toEqual(['success']);
    await until(() => page().workspace.files['src/new.ts'] !== undefined);
    expect(page().workspace.files['src/new.ts']).toBe('export const made = 1;\n');
    expect(page().scenario!.workspace.files['src/new.ts']).toBe('export const made = 1;\n');
  });

  it('says what is wrong with an input that does not fit the schema, as for a model’s call', async () => {
    setSandboxChoice(virtualChoice(undefined));
    loadScenario(builtIn('seed-partition'), 'built-in');
    const record = await startRun({ kind: 'manual', toolName: 'Read', input: { path: 'src/a.ts' } });
    const [call] = record.turns.flatMap((turn) => turn.calls);
    expect(call!.outcome).toBe('invalid');
    expect(call!.result!.content).toContain('file_path');
  });
});

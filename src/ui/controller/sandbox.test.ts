import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_IN_SCENARIOS } from '../../scenarios/library';
import { validateScenario } from '../../scenarios/validate';
import { initialState, usePlayground } from '../store';
import { loadScenario } from './opening';
import { startRun, stopRun } from './runs';
import { prepareWorkspace, setSandboxChoice, snapshotCurrentFiles } from './sandbox';
import { editWorkspaceFile, keepWorkspaceForNextRun, syncWorkspace } from './workspace';
import { virtualChoice } from './sandboxChoice';

function builtIn(id: string) {
  const result = validateScenario(BUILT_IN_SCENARIOS.find((raw) => (raw as { id: string }).id === id));
  if (!result.ok) throw new Error(`${id} is invalid`);
  return result.scenario;
}

const until = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 400 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(await check()).toBe(true);
};

afterEach(() => {
  stopRun();
  usePlayground.setState(initialState, true);
});

describe('the page sandbox', () => {
  it('keeps the choice the badge shows, and makes sandboxes of it', () => {
    setSandboxChoice(virtualChoice('the virtual sandbox was asked for in the URL (?sandbox=virtual)'));
    const { choice } = usePlayground.getState().sandbox;
    expect([choice.kind, choice.state]).toEqual(['virtual', 'ready']);
    expect(choice.reason).toContain('?sandbox=virtual');
    expect(usePlayground.getState().sandbox.current).toBeNull();
  });

  it('holds the scenario in an idle sandbox before a run, and edits reach it', async () => {
    const scenario = builtIn('seed-partition');
    loadScenario(scenario, 'built-in');
    await prepareWorkspace();
    const idle = usePlayground.getState().sandbox.current;
    expect(idle).not.toBeNull();
    expect(await snapshotCurrentFiles()).toEqual(scenario.workspace.files);

    editWorkspaceFile('notes/todo.md', '- try the terminal\n');
    expect(usePlayground.getState().scenario?.workspace.files['notes/todo.md']).toBe('- try the terminal\n');
    await until(async () => (await snapshotCurrentFiles())?.['notes/todo.md'] === '- try the terminal\n');
    const [first] = Object.keys(scenario.workspace.files);
    editWorkspaceFile(first!, null);
    await until(async () => (await snapshotCurrentFiles())?.[first!] === undefined);
  });

  it('follows the run: a run gets a sandbox of its own, which the page keeps after it', async () => {
    loadScenario(builtIn('seed-partition'), 'built-in');
    await prepareWorkspace();
    const idle = usePlayground.getState().sandbox.current;
    usePlayground.setState({ speed: 50 });
    const record = await startRun({ kind: 'replay' });
    const after = usePlayground.getState().sandbox.current;
    expect(after).not.toBeNull();
    expect(after).not.toBe(idle);
    expect(await snapshotCurrentFiles()).toEqual(record.files);
  });

  it('reads the terminal’s changes back: before a run they are what the next run starts from', async () => {
    loadScenario(builtIn('seed-partition'), 'built-in');
    await prepareWorkspace();
    const idle = usePlayground.getState().sandbox.current!;
    await idle.exec('echo hi > x.txt && rm src/b.ts');
    await syncWorkspace();
    const { workspace, scenario } = usePlayground.getState();
    expect(workspace.files['x.txt']).toBe('hi\n');
    expect(workspace.files['src/b.ts']).toBeUndefined();
    expect(scenario?.workspace.files['x.txt']).toBe('hi\n');
    expect(scenario?.workspace.files['src/b.ts']).toBeUndefined();
    usePlayground.setState({ speed: 50 });
    const record = await startRun({ kind: 'replay' });
    expect(record.files['x.txt']).toBe('hi\n');
    expect(record.files['src/b.ts']).toBeUndefined();
  });

  it('after a run the sandbox holds its result: changes stay out of the next run unless kept', async () => {
    loadScenario(builtIn('seed-partition'), 'built-in');
    await prepareWorkspace();
    usePlayground.setState({ speed: 50 });
    await startRun({ kind: 'replay' });
    expect(usePlayground.getState().workspace.holds).toBe('run');
    const moments = usePlayground.getState().workspace.moments;
    expect(moments.at(-1)?.at).toBe(usePlayground.getState().events.length);
    await usePlayground.getState().sandbox.current!.exec('echo after > after.txt');
    await syncWorkspace();
    expect(usePlayground.getState().workspace.files['after.txt']).toBe('after\n');
    expect(usePlayground.getState().scenario?.workspace.files['after.txt']).toBeUndefined();
    keepWorkspaceForNextRun();
    expect(usePlayground.getState().scenario?.workspace.files['after.txt']).toBe('after\n');
    expect(usePlayground.getState().workspace.holds).toBe('start');
  });
});


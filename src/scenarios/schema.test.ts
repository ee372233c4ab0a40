import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CallOutcome } from '../tools/execution';
import type { PermissionMode } from '../tools/types';
import { effectiveSettings } from './effectiveSettings';
import type { ExpectedOutcome, ScenarioInput, ScenarioSettings } from './schema';
import { validateScenario, type ScenarioError } from './validate';

/** A scenario that uses every field of the format. */
function fullScenario(): ScenarioInput {
  return {
    id: 'every-field',
    title: 'Every field of the format',
    description: 'Uses **every** field once.',
    workspace: { files: { 'src/a.ts': 'export const a = 1;\n', 'README.md': '# hi\n' } },
    settings: {
      permissionMode: 'acceptEdits',
      allow: ['Bash(npm run test:*)'],
      ask: ['Bash(git push:*)'],
      deny: ['WebFetch'],
      maxConcurrency: 4,
      toolMode: 'full',
      deferTools: 'auto',
      deferThresholdTokens: 2000,
      resultOrder: 'completion',
      cascade: 'any',
      bashConcurrency: 'read-only',
      answers: { toolu_2: 'deny' },
      defaultAnswer: 'deny',
    },
    turns: [
      {
        stream: [
          { type: 'text', text: 'Reading first.', at: 0, durationMs: 300 },
          { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'src/a.ts' }, at: 300, durationMs: 200, latencyMs: 800 },
          { type: 'tool_use', id: 'toolu_2', name: 'Bash', input: '{"command": "ls', at: 500, durationMs: 100 },
        ],
        fallbackAt: 550,
      },
      {
        stream: [{ type: 'tool_use', id: 'toolu_9', name: 'Agent', input: { prompt: 'look around' }, at: 0, durationMs: 100 }],
        interruptAt: 5000,
        expect: {
          batches: [['toolu_9']],
          outcomes: { toolu_9: 'interrupted' },
          resultIncludes: { toolu_9: 'interrupted' },
          yieldOrder: ['toolu_9'],
        },
      },
    ],
    agents: { toolu_9: { turns: [{ stream: [{ type: 'tool_use', id: 'toolu_sub_1', name: 'Glob', input: { pattern: '**/*.ts' }, at: 0, durationMs: 50 }] }] } },
    expect: { files: { 'src/a.ts': 'export const a = 1;\n' } },
  };
}

function minimal(): ScenarioInput {
  return { id: 'minimal', title: 'Minimal', description: 'Just one turn.', turns: [{ stream: [{ type: 'text', text: 'hi', at: 0, durationMs: 10 }] }] };
}

function errorsOf(value: unknown): ScenarioError[] {
  const result = validateScenario(value);
  if (result.ok) throw new Error('expected the scenario to be refused');
  return result.errors;
}

const paths = (errors: readonly ScenarioError[]) => errors.map((error) => error.path);

describe('the scenario schema', () => {
  it('accepts a scenario that uses every field', () => {
    const result = validateScenario(fullScenario());
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it('fills every default of a minimal scenario', () => {
    const result = validateScenario(minimal());
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.scenario.workspace).toEqual({ files: {} });
    expect(result.scenario.settings).toEqual<ScenarioSettings>({
      permissionMode: 'default',
      allow: [],
      ask: [],
      deny: [],
      policy: 'seed',
      toolMode: 'full',
      deferTools: false,
      mcpServers: [],
      answers: {},
      defaultAnswer: 'allow',
    });
    // The scheduling settings come from the policy (the seed's, by default).
    expect(effectiveSettings(result.scenario.settings)).toMatchObject({ maxConcurrency: 10, resultOrder: 'request', cascade: 'bash', bashConcurrency: 'never', concurrentTools: 'declared' });
  });

  it('gives a tool block without latencyMs a latency of 0', () => {
    const scenario = minimal();
    scenario.turns[0]!.stream = [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: {}, at: 0, durationMs: 1 }];
    const result = validateScenario(scenario);
    expect(result.ok && result.scenario.turns[0]!.stream[0]).toMatchObject({ latencyMs: 0 });
  });

  it('refuses unknown fields at every level, each at its own path', () => {
    const errors = errorsOf({
      ...minimal(),
      version: 2,
      settings: { speed: 2 },
      turns: [{ stream: [{ type: 'text', text: 'hi', at: 0, durationMs: 1, colour: 'red' }], note: 'x' }],
    });
    expect(paths(errors)).toEqual(expect.arrayContaining(['version', 'settings.speed', 'turns[0].note', 'turns[0].stream[0].colour']));
    expect(errors.find((e) => e.path === 'version')?.message).toBe('unknown field "version"');
  });

  it('suggests the field an unknown one was probably meant to be', () => {
    const errors = errorsOf({ ...minimal(), turns: [{ stream: [{ type: 'text', text: 'hi', at: 0, durationMS: 1 }] }] });
    expect(errors).toContainEqual({ path: 'turns[0].stream[0].durationMS', message: 'unknown field "durationMS" (did you mean "durationMs"?)' });
  });

  it('lists every wrong type, missing field and bad value in one go', () => {
    const errors = errorsOf({
      id: 'Not Kebab',
      title: 'x',
      description: 'x',
      settings: { permissionMode: 'yolo', maxConcurrency: 0, deferTools: 'yes' },
      turns: [
        {
          stream: [
            { type: 'text', text: 'hi', at: '300', durationMs: 1 },
            { type: 'tool_use', id: 'toolu_1', name: 'Read', input: 5, at: 0 },
            { type: 'image', at: 0 },
          ],
          fallbackAt: -1,
        },
      ],
    });
    const byPath = Object.fromEntries(errors.map((e) => [e.path, e.message]));
    expect(byPath).toMatchObject({
      id: expect.stringContaining('kebab-case') as string,
      'settings.permissionMode': 'expected one of "default", "acceptEdits", "bypassPermissions", "plan", got a string ("yolo")',
      'settings.maxConcurrency': 'must be greater than 0, got the number 0',
      'settings.deferTools': expect.stringContaining('"auto"') as string,
      'turns[0].stream[0].at': 'expected a number, got a string ("300")',
      'turns[0].stream[1].input': 'expected an object or a string, got the number 5',
      'turns[0].stream[1].durationMs': 'missing: expected a number',
      'turns[0].stream[2].type': 'expected "text" or "tool_use", got a string ("image")',
      'turns[0].fallbackAt': 'must be at least 0, got the number -1',
    });
    expect(errors.length).toBeGreaterThanOrEqual(9);
  });

  it('refuses an empty turn list and a non-object scenario', () => {
    expect(errorsOf({ ...minimal(), turns: [] })).toContainEqual({ path: 'turns', message: 'must not be empty: at least one entry is needed' });
    expect(errorsOf([])).toEqual([{ path: '', message: 'expected an object, got an array' }]);
  });

  it('refuses a tool_use id used twice, sub-agents included, naming the first use', () => {
    const scenario = fullScenario();
    scenario.agents!.toolu_9!.turns[0]!.stream.push({ type: 'tool_use', id: 'toolu_1', name: 'Read', input: {}, at: 0, durationMs: 1 });
    expect(errorsOf(scenario)).toEqual([
      {
        path: 'agents.toolu_9.turns[0].stream[1].id',
        message: 'the tool_use id "toolu_1" is already used at turns[0].stream[1].id; ids must be unique across the scenario, sub-agents included',
      },
    ]);
  });

  it('refuses answers and agents keyed by ids no tool_use block has', () => {
    const scenario = fullScenario();
    scenario.settings!.answers = { toolu_2: 'allow', toolu_typo: 'deny' };
    scenario.agents = { ...scenario.agents, toolu_ghost: { turns: minimal().turns } };
    expect(paths(errorsOf(scenario))).toEqual(['settings.answers.toolu_typo', 'agents.toolu_ghost']);
  });

  it('refuses workspace and expected paths that leave the workspace or are not plain relative paths', () => {
    const errors = errorsOf({
      ...minimal(),
      workspace: { files: { '../secret': '', '/etc/passwd': '', 'a\\b.ts': '', './a.ts': '', 'ok/fine.ts': '' } },
      expect: { files: { 'src/../x': '' } },
    });
    expect(paths(errors)).toEqual([
      'workspace.files["../secret"]',
      'workspace.files["/etc/passwd"]',
      'workspace.files["a\\\\b.ts"]',
      'workspace.files["./a.ts"]',
      'expect.files["src/../x"]',
    ]);
    expect(errors[0]!.message).toContain('no ".." segments');
  });

  it('refuses a turn with both fallbackAt and interruptAt, and a fallback on the last turn', () => {
    const scenario = minimal();
    scenario.turns[0] = { ...scenario.turns[0]!, fallbackAt: 5, interruptAt: 6 };
    expect(paths(errorsOf(scenario))).toEqual(['turns[0].interruptAt', 'turns[0].fallbackAt']);
    scenario.turns[0] = { ...scenario.turns[0], interruptAt: undefined };
    expect(errorsOf(scenario)).toEqual([
      { path: 'turns[0].fallbackAt', message: 'a turn with fallbackAt needs a next turn: the retried response that replaces it' },
    ]);
  });

  it('refuses a fallback after its stream has ended, which would cut nothing', () => {
    const scenario = minimal();
    scenario.turns = [{ ...scenario.turns[0]!, fallbackAt: 11 }, minimal().turns[0]!];
    expect(errorsOf(scenario)).toEqual([
      { path: 'turns[0].fallbackAt', message: 'the stream ends at 10 ms, before the fallback at 11 ms, so nothing would fail; use a time up to 10 ms' },
    ]);
  });

  it('refuses expectations that name calls the turn does not make', () => {
    const scenario = fullScenario();
    scenario.turns[1]!.expect = { batches: [['toolu_9', 'toolu_1']], outcomes: { toolu_x: 'success' }, yieldOrder: ['toolu_y'] };
    expect(paths(errorsOf(scenario))).toEqual(['turns[1].expect.batches[0][1]', 'turns[1].expect.yieldOrder[0]', 'turns[1].expect.outcomes.toolu_x']);
  });

  it('refuses an Agent call without a scripted sub-agent, and a script keyed by a call that is not an Agent call', () => {
    const scenario = fullScenario();
    scenario.turns[0]!.stream.push({ type: 'tool_use', id: 'toolu_task', name: 'Task', input: {}, at: 0, durationMs: 1 });
    scenario.agents = { ...scenario.agents, toolu_1: { turns: minimal().turns } };
    const errors = errorsOf(scenario);
    expect(errors.map((error) => error.path)).toEqual(expect.arrayContaining(['agents.toolu_1', `turns[0].stream[${scenario.turns[0]!.stream.length - 1}].id`]));
    expect(errors.find((error) => error.path === 'agents.toolu_1')!.message).toContain('not an Agent call');
    expect(errors.find((error) => error.path !== 'agents.toolu_1')!.message).toContain('"agents": { "toolu_task"');
  });

  it('lets an imported session nest the calls its log holds under a call that is not an Agent call (a code-mode exec)', () => {
    const scenario = fullScenario();
    scenario.agents = { ...scenario.agents, toolu_1: { turns: minimal().turns } };
    const imported = validateScenario({ ...scenario, observed: { agent: 'codex', version: '0.145.0', calls: {} } });
    expect(imported.ok ? [] : imported.errors.filter((error) => error.path === 'agents.toolu_1')).toEqual([]);
    expect(imported.ok).toBe(true);
  });

  it('keeps its enums in step with the engine’s types', () => {
    expectTypeOf<ExpectedOutcome>().toEqualTypeOf<CallOutcome>();
    expectTypeOf<ScenarioSettings['permissionMode']>().toEqualTypeOf<PermissionMode>();
  });
});

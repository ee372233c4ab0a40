import { describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../test/toolEnv';
import { parseToolInput } from './execution';
import { getAllBaseTools } from './registry';

const tools = new Map(getAllBaseTools().map((tool) => [tool.name, tool]));
for (const tool of getAllBaseTools()) for (const alias of tool.aliases) tools.set(alias, tool);

/** Inputs real Claude Code sent (seen in its session logs), which its tools accepted. */
const REAL_INPUTS: [string, unknown][] = [
  ['Task', { description: 'Find the config', prompt: 'Look for the config loader', subagent_type: 'general-purpose', model: 'haiku' }],
  ['Grep', { pattern: 'TODO', path: 'src', output_mode: 'content', context: 2 }],
  ['ExitPlanMode', { plan: 'Do it' }],
  ['ExitPlanMode', { plan: 'Do it', allowedPrompts: [{ tool: 'Bash', prompt: 'run the tests' }] }],
  ['ExitPlanMode', {}],
  ['Bash', { command: 'pnpm dev --port 3001', description: 'Start the dev server', timeout: 10000, run_in_background: true }],
  ['MultiEdit', { file_path: 'a.ts', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'd', replace_all: true }] }],
  ['BashOutput', { bash_id: 'bash_1' }],
  ['BashOutput', { bash_id: 'bash_1', filter: 'error' }],
  ['KillBash', { shell_id: 'bash_1' }],
  ['TaskOutput', { task_id: 'bash_1', block: true, timeout: 5000 }],
  ['TaskStop', { task_id: 'bash_1' }],
  ['AskUserQuestion', { questions: [{ question: 'Which package manager?', header: 'Manager', options: [{ label: 'npm', description: 'the default' }, { label: 'pnpm', description: 'faster' }], multiSelect: false }] }],
  ['Skill', { skill: 'pdf' }],
];

describe('every input shape real Claude Code sends', () => {
  it.each(REAL_INPUTS)('%s accepts %j', (name, input) => {
    const tool = tools.get(name);
    expect(tool, name).toBeDefined();
    const parsed = parseToolInput(tool!, { id: 'toolu_x', name, input });
    expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
  });
});

describe('background shells', () => {
  it('starts a command in the background, reads its new output, and stops it', async () => {
    const t = createToolTestEnv({});
    const { BackgroundShells } = await import('./bash/backgroundShells');
    const ended: string[] = [];
    const shells = new BackgroundShells(t.sandbox, { started: () => undefined, ended: (shell, how) => ended.push(`${shell.id}:${how}`) });
    t.env.background = shells;
    const started = await t.run('Bash', { command: 'echo first; echo second 1>&2', run_in_background: true });
    expect(started.outcome).toBe('success');
    expect(started.result.content).toBe('Command running in background with ID: bash_1');
    expect(started.display).toEqual({ background: true, shellId: 'bash_1', command: 'echo first; echo second 1>&2' });
    // TaskOutput blocks until it ends; the virtual sandbox hands its output over at the end.
    const read = await t.run('TaskOutput', { task_id: 'bash_1' });
    expect(read.outcome).toBe('success');
    expect(read.result.content).toContain('<status>exited</status>');
    expect(read.result.content).toContain('<stdout>\nfirst\n</stdout>');
    expect(read.result.content).toContain('<stderr>\nsecond\n</stderr>');
    // A second read has nothing new.
    expect((await t.run('BashOutput', { bash_id: 'bash_1' })).result.content).toContain('(no new output)');
    const kill = await t.run('KillBash', { shell_id: 'bash_1' });
    expect(kill.result.content).toBe('Background shell bash_1 had already exited (exit code 0).');
    expect(ended).toEqual(['bash_1:exit']);
    const missing = await t.run('BashOutput', { bash_id: 'bash_9' });
    expect(missing.outcome).toBe('error');
    expect(missing.result.content).toContain('No background shell bash_9; this session has bash_1');
  });

  it('stops a running shell when asked, and says who stopped it', async () => {
    const t = createToolTestEnv({});
    const { BackgroundShells } = await import('./bash/backgroundShells');
    const ended: string[] = [];
    t.env.background = new BackgroundShells(t.sandbox, { started: () => undefined, ended: (shell, how, by) => ended.push(`${shell.id}:${how}:${by}`) });
    await t.run('Bash', { command: 'sleep 5', run_in_background: true });
    const kill = await t.run('TaskStop', { task_id: 'bash_1' }, { id: 'toolu_stop' });
    expect(kill.result.content).toBe('Stopped background shell bash_1 (sleep 5).');
    expect(ended).toEqual(['bash_1:kill:toolu_stop']);
    expect((await t.run('BashOutput', { bash_id: 'bash_1' })).result.content).toContain('<status>killed</status>');
  });
});

describe('AskUserQuestion and Skill', () => {
  const questions = [{ question: 'Which package manager?', header: 'Manager', options: [{ label: 'npm', description: 'the default' }, { label: 'pnpm', description: 'faster' }], multiSelect: false }];

  it('passes the answers on, and says plainly when nobody can answer', async () => {
    const t = createToolTestEnv({});
    const unanswered = await t.run('AskUserQuestion', { questions }, { id: 'toolu_ask' });
    expect(unanswered.outcome).toBe('error');
    expect(unanswered.result.content).toContain('Nobody is here to answer');
    expect(unanswered.result.content).toContain('"toolu_ask": { "Which package manager?": "npm" }');
    t.env.askUser = () => Promise.resolve({ 'Which package manager?': ['pnpm'] });
    const answered = await t.run('AskUserQuestion', { questions });
    expect(answered.outcome).toBe('success');
    expect(answered.result.content).toBe('The user answered your questions: "Which package manager?"="pnpm". Go on with these answers in mind.');
  });

  it('says skills are not available here, not that the tool is unknown', async () => {
    const t = createToolTestEnv({});
    const run = await t.run('Skill', { skill: 'pdf' });
    expect(run.outcome).toBe('error');
    expect(run.result.content).toContain('Skills are not available in the playground');
    expect(run.result.content).not.toContain('No such tool');
  });
});

import { describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';
import { EditTool } from '../file/EditTool';
import { ReadTool } from '../file/ReadTool';
import { EnterPlanModeTool } from './EnterPlanModeTool';
import { ExitPlanModeTool } from './ExitPlanModeTool';

function planEnv() {
  const t = createToolTestEnv({ 'a.txt': 'one\n' }, [EnterPlanModeTool, ExitPlanModeTool, ReadTool, EditTool]);
  t.env.shared.permissionMode = 'acceptEdits';
  const asked: string[] = [];
  t.env.canUseTool = (request) => {
    asked.push(`${request.toolName}: ${request.reason}`);
    return Promise.resolve('allow');
  };
  const apply = (modifier?: (shared: typeof t.env.shared) => typeof t.env.shared) => {
    if (modifier) t.env.shared = modifier({ ...t.env.shared });
  };
  return { t, asked, apply };
}

describe('EnterPlanMode and ExitPlanMode', () => {
  it('switch into plan mode and back to the mode that was on before', async () => {
    const { t, asked, apply } = planEnv();
    const enter = await t.run('EnterPlanMode', {});
    expect(enter.outcome).toBe('success');
    apply(enter.contextModifier);
    expect(t.env.shared.permissionMode).toBe('plan');

    const exit = await t.run('ExitPlanMode', { plan: '1. Edit a.txt' });
    expect(exit.outcome).toBe('success');
    expect(asked).toEqual(['ExitPlanMode: leaving plan mode needs the user to approve the plan']);
    apply(exit.contextModifier);
    expect(t.env.shared.permissionMode).toBe('acceptEdits');
    expect(t.env.shared.modeBeforePlan).toBeUndefined();
  });

  it('in plan mode, reads run and edits are denied', async () => {
    const { t, apply } = planEnv();
    apply((await t.run('EnterPlanMode', {})).contextModifier);
    expect((await t.run('Read', { file_path: 'a.txt' })).outcome).toBe('success');
    const edit = await t.run('Edit', { file_path: 'a.txt', old_string: 'one', new_string: 'two' });
    expect(edit.outcome).toBe('denied');
    expect(edit.result.content).toContain('Plan mode allows only read-only tools');
    expect(await t.read('a.txt')).toBe('one\n');
  });

  it('a refused plan keeps plan mode on', async () => {
    const { t, apply } = planEnv();
    apply((await t.run('EnterPlanMode', {})).contextModifier);
    t.env.canUseTool = () => Promise.resolve('deny');
    const exit = await t.run('ExitPlanMode', { plan: 'delete everything' });
    expect(exit.outcome).toBe('denied');
    expect(exit.contextModifier).toBeUndefined();
    expect(t.env.shared.permissionMode).toBe('plan');
  });

  it('refuse to enter twice or to exit outside plan mode', async () => {
    const { t, apply } = planEnv();
    const exit = await t.run('ExitPlanMode', { plan: 'x' });
    expect(exit.outcome).toBe('invalid');
    expect(exit.result.content).toContain('not in plan mode (it is in acceptEdits)');
    apply((await t.run('EnterPlanMode', {})).contextModifier);
    const again = await t.run('EnterPlanMode', {});
    expect(again.outcome).toBe('invalid');
    expect(again.result.content).toContain('already in plan mode');
  });

  it('have the catalogue flags: ExitPlanMode is not read-only, both are deferred and unsafe', () => {
    expect(ExitPlanModeTool.isReadOnly({ plan: 'x' })).toBe(false);
    expect(EnterPlanModeTool.isReadOnly({})).toBe(true);
    for (const tool of [EnterPlanModeTool, ExitPlanModeTool]) {
      expect(tool.shouldDefer).toBe(true);
      expect(tool.isConcurrencySafe({ plan: 'x' } as never)).toBe(false);
    }
  });
});

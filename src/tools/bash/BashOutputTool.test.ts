import { describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';
import { createRealClock } from '../../time/clock';
import { BackgroundShells } from './backgroundShells';

describe('BashOutput: the filter', () => {
  it('keeps the lines the filter matches, and ends at once on a filter a backtracking engine would take hours on', async () => {
    const t = createToolTestEnv();
    const shells = new BackgroundShells(t.sandbox);
    Object.assign(t.env, { background: shells });
    const hostileShell = shells.start(`printf '${'a'.repeat(30_000)}!\\n'`, 'toolu_bg1');
    const plainShell = shells.start("echo 'error: one'; echo fine", 'toolu_bg2');
    for (const { id } of [hostileShell, plainShell]) await shells.waitFor(id, createRealClock(), 30_000, new AbortController().signal);
    const hostile = await t.run('BashOutput', { bash_id: hostileShell.id, filter: '(a+)+$' });
    expect(hostile.outcome).toBe('success');
    expect(hostile.result.content).toContain('(no new output)');
    const kept = await t.run('BashOutput', { bash_id: plainShell.id, filter: 'err(or)+:' });
    expect(kept.result.content).toContain('<stdout>\nerror: one\n</stdout>');
  });

  it('refuses a filter with a lookaround or a backreference, saying why', async () => {
    const t = createToolTestEnv();
    Object.assign(t.env, { background: new BackgroundShells(t.sandbox) });
    const run = await t.run('BashOutput', { bash_id: 'bash_1', filter: '(?<=error: )\\w+' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/filter is not a regular expression the filter can run: .*lookarounds and backreferences are not supported/);
  });
});

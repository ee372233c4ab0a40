import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeBootApi } from '../../../test/webcontainer/fakeWebContainer';

// boot.ts keeps one boot per page in module state: each test gets a fresh copy of the module.
async function freshBoot() {
  vi.resetModules();
  return (await import('./boot')).bootWebContainer;
}

beforeEach(() => {
  vi.stubGlobal('crossOriginIsolated', true);
  vi.stubGlobal('navigator', { onLine: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('bootWebContainer', () => {
  it('refuses without cross-origin isolation, and does not try to boot', async () => {
    vi.stubGlobal('crossOriginIsolated', false);
    const api = createFakeBootApi('succeed');
    const boot = await freshBoot();
    expect(await boot({ api })).toEqual({ ok: false, reason: 'the page is not cross-origin isolated (COOP/COEP headers missing)' });
    expect(api.calls).toEqual([]);
  });

  it('refuses while the browser is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const api = createFakeBootApi('succeed');
    const boot = await freshBoot();
    const result = await boot({ api });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/offline/);
    expect(api.calls).toEqual([]);
  });

  it('gives up on a boot that hangs after the timeout, saying why', async () => {
    vi.useFakeTimers();
    const boot = await freshBoot();
    const pending = boot({ api: createFakeBootApi('hang') });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await pending).toEqual({
      ok: false,
      reason: "WebContainer did not boot within 30 s: StackBlitz's servers could not be reached (offline or blocked)",
    });
  });

  it('keeps a timed-out boot, so a retry gets it when it finally finishes instead of booting twice', async () => {
    const api = createFakeBootApi('hang');
    const boot = await freshBoot();
    expect((await boot({ api, timeoutMs: 10 })).ok).toBe(false);
    api.finish();
    const retry = await boot({ api, timeoutMs: 1000 });
    expect(retry.ok).toBe(true);
    expect(api.calls).toHaveLength(1);
  });

  it("hands back a boot error's message, and boots again on a retry", async () => {
    const api = createFakeBootApi('throw', 'Unable to create more instances');
    const boot = await freshBoot();
    expect(await boot({ api })).toEqual({ ok: false, reason: 'Unable to create more instances' });
    await boot({ api });
    expect(api.calls).toHaveLength(2);
  });

  it('boots with the coep and workdir asked for, and every later call reuses that one instance', async () => {
    const api = createFakeBootApi('succeed');
    const boot = await freshBoot();
    const [first, second] = await Promise.all([boot({ api, coep: 'credentialless', workdirName: 'project' }), boot({ api })]);
    const third = await boot({ api, coep: 'none' });
    expect(api.calls).toEqual([{ coep: 'credentialless', workdirName: 'project' }]);
    expect(first.ok && first.instance.workdir).toBe('/home/project');
    expect(second.ok && second.instance).toBe(first.ok && first.instance);
    expect(third.ok && third.instance).toBe(first.ok && first.instance);
  });

  it('defaults to coep require-corp and the workdir /home/workspace', async () => {
    const api = createFakeBootApi('succeed');
    const boot = await freshBoot();
    const result = await boot({ api });
    expect(api.calls).toEqual([{ coep: 'require-corp', workdirName: 'workspace' }]);
    expect(result.ok && result.instance.workdir).toBe('/home/workspace');
  });
});

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureChromium, findChromium, NO_CHROMIUM } from '../e2e/browser';

/** An empty folder to stand in for PATH or Playwright's browser cache. */
const emptyDir = () => mkdtempSync(join(tmpdir(), 'no-chromium-'));
const missing = () => join(emptyDir(), 'chrome-linux', 'chrome');

describe('finding a Chromium', () => {
  it('finds none on an empty PATH with no Playwright browser, and says in one line what to install', () => {
    const said: string[] = [];
    let installs = 0;
    const found = ensureChromium({
      env: { PATH: emptyDir() },
      playwrightExecutable: missing,
      install: () => (installs++, false),
      stderr: (text) => said.push(text),
    });
    expect(found).toBeUndefined();
    expect(installs).toBe(1);
    expect(said).toEqual([`${NO_CHROMIUM}\n`]);
    expect(NO_CHROMIUM).toContain('npx playwright install chromium');
  });

  it('prefers PLAYWRIGHT_CHROMIUM, then a chromium on PATH, then Playwright’s own, then Chrome', () => {
    const bin = emptyDir();
    const own = join(emptyDir(), 'chrome');
    writeFileSync(own, '');
    writeFileSync(join(bin, 'google-chrome'), '');
    expect(findChromium({ env: { PATH: bin }, playwrightExecutable: () => own })).toEqual({ path: undefined, source: 'playwright' });
    expect(findChromium({ env: { PATH: bin }, playwrightExecutable: missing })).toEqual({ path: join(bin, 'google-chrome'), source: 'system' });
    writeFileSync(join(bin, 'chromium'), '');
    expect(findChromium({ env: { PATH: bin }, playwrightExecutable: () => own })).toEqual({ path: join(bin, 'chromium'), source: 'system' });
    expect(findChromium({ env: { PATH: bin, PLAYWRIGHT_CHROMIUM: own }, playwrightExecutable: missing })).toEqual({ path: own, source: 'PLAYWRIGHT_CHROMIUM' });
  });

  it('takes Debian’s headless shell first for the suite, and a person’s browser for the budgets', () => {
    const bin = emptyDir();
    for (const name of ['chromium', 'chromium-headless-shell']) writeFileSync(join(bin, name), '');
    expect(findChromium({ env: { PATH: bin }, playwrightExecutable: missing, headlessShell: true })).toEqual({ path: join(bin, 'chromium-headless-shell'), source: 'system' });
    expect(findChromium({ env: { PATH: bin }, playwrightExecutable: missing })).toEqual({ path: join(bin, 'chromium'), source: 'system' });
    const chosen = join(emptyDir(), 'chrome');
    writeFileSync(chosen, '');
    expect(findChromium({ env: { PATH: bin, PLAYWRIGHT_CHROMIUM: chosen }, playwrightExecutable: missing, headlessShell: true })).toEqual({ path: chosen, source: 'PLAYWRIGHT_CHROMIUM' });
  });

  it('installs Playwright’s own when none is found, unless PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD is set', () => {
    const dir = emptyDir();
    const own = join(dir, 'chrome-linux', 'chrome');
    const install = () => {
      mkdirSync(join(dir, 'chrome-linux'), { recursive: true });
      writeFileSync(own, '');
      return true;
    };
    expect(ensureChromium({ env: { PATH: emptyDir(), PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }, playwrightExecutable: () => own, install, stderr: () => undefined })).toBeUndefined();
    expect(ensureChromium({ env: { PATH: emptyDir() }, playwrightExecutable: () => own, install })).toEqual({ path: undefined, source: 'playwright' });
  });

  it('stops the test command with that one line and a non-zero exit when nothing can be found', () => {
    const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'e2e/ensureChromium.ts'], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: emptyDir(), HOME: emptyDir(), PLAYWRIGHT_BROWSERS_PATH: emptyDir(), PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`${NO_CHROMIUM}\n`);
  });
});

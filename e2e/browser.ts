import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { chromium } from 'playwright-core';

/** A Chromium to drive, and where it was found. */
export interface FoundChromium {
  /** The executable; `undefined` for Playwright's own, which Playwright finds by itself. */
  path: string | undefined;
  source: 'PLAYWRIGHT_CHROMIUM' | 'system' | 'playwright';
}

/** Where to look: the environment (PATH, PLAYWRIGHT_CHROMIUM) and Playwright's own browser. */
export interface ChromiumLookup {
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * Take Debian's headless shell (`chromium-headless-shell`) before any other on PATH: what the
   * test suite runs in, as Playwright's own headless runs do. It is Chromium without the full
   * browser's window machinery, and on two cores it costs a page load 30% less CPU
   * (docs/performance.md). The budgets measure the browser a person opens, and leave it.
   */
  headlessShell?: boolean;
  /** Playwright's own Chromium executable, installed or not (default: Playwright's registry says). */
  playwrightExecutable?: () => string;
}

/** Debian's `chromium` first (what CI installs), then the names other systems give Chromium or Chrome. */
const SYSTEM_NAMES_FIRST = ['chromium'];
const SYSTEM_NAMES_LATER = ['chromium-browser', 'google-chrome-stable', 'google-chrome'];
/** Debian's package of Chromium's headless shell (`apt-get install chromium-headless-shell`). */
const HEADLESS_SHELL = 'chromium-headless-shell';

function onPath(name: string, path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * A usable Chromium, or `undefined`: `PLAYWRIGHT_CHROMIUM` when it names a file; else a `chromium`
 * on PATH (Debian's, at /usr/bin/chromium); else Playwright's own (`npx playwright install
 * chromium`); else Chrome or Chromium under another name on PATH.
 */
export function findChromium(lookup: ChromiumLookup = {}): FoundChromium | undefined {
  const env = lookup.env ?? process.env;
  const chosen = env.PLAYWRIGHT_CHROMIUM;
  if (chosen && existsSync(chosen)) return { path: chosen, source: 'PLAYWRIGHT_CHROMIUM' };
  const path = env.PATH ?? '';
  for (const name of lookup.headlessShell ? [HEADLESS_SHELL, ...SYSTEM_NAMES_FIRST] : SYSTEM_NAMES_FIRST) {
    const found = onPath(name, path);
    if (found) return { path: found, source: 'system' };
  }
  let own: string | undefined;
  try {
    own = (lookup.playwrightExecutable ?? (() => chromium.executablePath()))();
  } catch {
    own = undefined;
  }
  if (own && existsSync(own)) return { path: undefined, source: 'playwright' };
  for (const name of SYSTEM_NAMES_LATER) {
    const found = onPath(name, path);
    if (found) return { path: found, source: 'system' };
  }
  return undefined;
}

/** The one line said when no Chromium can be found or installed. */
export const NO_CHROMIUM =
  'No Chromium found: run "npx playwright install chromium" (needs the network), or install your system\'s chromium (Debian: apt-get install chromium), or set PLAYWRIGHT_CHROMIUM to a Chromium or Chrome executable.';

/** Installs Playwright's own Chromium (`playwright install chromium`), its output on standard error; whether it worked. */
export function installPlaywrightChromium(): boolean {
  const cli = join(dirname(createRequire(import.meta.url).resolve('playwright-core/package.json')), 'cli.js');
  process.stderr.write('No Chromium found; installing Playwright’s own (npx playwright install chromium)…\n');
  const run = spawnSync(process.execPath, [cli, 'install', 'chromium'], { stdio: ['ignore', 2, 2], timeout: 10 * 60_000 });
  return run.status === 0;
}

/**
 * A usable Chromium, installing Playwright's own when none is found and installing is allowed
 * (not with `PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD` set); `undefined`, after printing {@link NO_CHROMIUM}
 * on standard error, when there is none.
 */
export function ensureChromium(lookup: ChromiumLookup & { install?: () => boolean; stderr?: (text: string) => void } = {}): FoundChromium | undefined {
  const env = lookup.env ?? process.env;
  let found = findChromium(lookup);
  if (!found && !env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD && (lookup.install ?? installPlaywrightChromium)()) found = findChromium(lookup);
  if (!found) (lookup.stderr ?? ((text: string) => process.stderr.write(text)))(`${NO_CHROMIUM}\n`);
  return found;
}

/**
 * The Chromium the end-to-end suite launches (`undefined`: Playwright's own): the headless shell when
 * installed. replay:browser takes it too; the budgets take a person's browser (`ensureChromium()`).
 */
export const suiteChromiumPath: string | undefined = findChromium({ headlessShell: true })?.path;

/** The closed network refuses Chromium's background connections; a container has no GPU or sandbox. */
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Videos need Playwright's own ffmpeg build, which cannot be downloaded on a closed network. */
const browsersPath = process.env.PLAYWRIGHT_BROWSERS_PATH ?? join(homedir(), '.cache', 'ms-playwright');
export const hasFfmpeg: boolean = existsSync(browsersPath) && readdirSync(browsersPath).some((name) => name.startsWith('ffmpeg'));

/**
 * `npm run bench:browsers`: what one end-to-end test's page costs the machine in each Chromium the
 * suite can run in, and served as `vite preview` serves it to this machine (uncompressed, by
 * vite.config.ts) and as it would by default (gzipped as sent), side by side in one run: the CPU
 * time of the whole machine (every process of the browser, its workers and the preview server)
 * from a fresh context's page to the moment the page is idle and has settled (its lazy editor and
 * workers loaded), and the time to idle. The end-to-end suite is bound by CPU on two cores
 * (docs/performance.md), so this is what a test's page load costs it. Needs the built page
 * (`npm run build:page`).
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { chromiumArgs, findChromium } from '../e2e/browser';
import { cpuSeconds } from '../scripts/machine.js';
import { median } from './pageFigures';

const LOADS = 7;
/** After idle, the lazy editor and its workers load for about two seconds more on two cores. */
const SETTLE_MS = 4000;

/** The machine's busy CPU time so far, in ms (all cores; scripts/machine.js reads it for `npm test` too). */
function busyMs(): number {
  const cpu = cpuSeconds();
  if (!cpu) throw new Error('bench:browsers: the machine\'s CPU time is read from /proc/stat, which this system has not');
  return cpu.busy * 1000;
}

if (!existsSync('dist/index.html')) throw new Error('bench:browsers: build the page first (npm run build:page)');
const shell = findChromium({ headlessShell: true })?.path;
const full = findChromium()?.path;

const server = await preview({ preview: { port: 0 }, logLevel: 'error' });
// Vite's own preview without this project's config: the same files and headers, gzipped as sent.
const gzipping = await preview({ configFile: false, preview: { port: 0, headers: server.config.preview.headers }, logLevel: 'error' });
const base = server.resolvedUrls?.local[0];
const gzipBase = gzipping.resolvedUrls?.local[0];
if (!base || !gzipBase) throw new Error('vite preview did not report its address');
const candidates = [
  { name: 'headless shell', path: shell, base },
  { name: 'shell, gzipped', path: shell, base: gzipBase },
  { name: 'full Chromium', path: full, base },
].filter((candidate, index) => candidate.path !== undefined && (index !== 2 || candidate.path !== shell));
process.stdout.write(`# npm run bench:browsers\n${LOADS} page loads each, alternating; CPU from a new page to idle plus ${SETTLE_MS / 1000} s\n`);
try {
  const browsers = await Promise.all(candidates.map(async (candidate) => ({ ...candidate, browser: await chromium.launch({ executablePath: candidate.path!, args: chromiumArgs }), cpu: [] as number[], idle: [] as number[] })));
  for (let load = 0; load < LOADS; load++) {
    for (const entry of browsers) {
      const before = busyMs();
      const context = await entry.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${entry.base}?scenario=seed-partition&sandbox=virtual`);
      await page.locator('[data-testid=run-status][data-status=idle]').waitFor();
      entry.idle.push(performance.now() - started);
      await page.waitForTimeout(SETTLE_MS);
      entry.cpu.push(busyMs() - before);
      await context.close();
    }
  }
  for (const entry of browsers) {
    await entry.browser.close();
    process.stdout.write(`${entry.name.padEnd(15)} ${entry.path}${entry.base === gzipBase ? ' (gzipped)' : ''}: CPU ${(median(entry.cpu) / 1000).toFixed(1)} s a page (median), idle after ${median(entry.idle).toFixed(0)} ms\n`);
  }
  const cpuOf = (name: string) => median(browsers.find((entry) => entry.name === name)?.cpu ?? []);
  if (shell) process.stdout.write(`uncompressed / gzipped, CPU a page: ${(cpuOf('headless shell') / cpuOf('shell, gzipped')).toFixed(2)}\n`);
  if (shell && full && full !== shell) process.stdout.write(`headless shell / full Chromium, CPU a page: ${(cpuOf('headless shell') / cpuOf('full Chromium')).toFixed(2)}\n`);
} finally {
  await server.close();
  await gzipping.close();
}

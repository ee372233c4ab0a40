/**
 * Replays scenarios in headless Chromium through the page:
 *   npm run replay:browser -- SCENARIO... [--all] [--strategy NAME] [--out DIR] [--junit FILE]
 * For each scenario it writes DIR/record.json, DIR/trace.zip (a Playwright trace: npx playwright
 * show-trace), a final screenshot DIR/screenshot.png and DIR/video.webm: through Playwright's own
 * ffmpeg where it is installed, else through the system's ffmpeg (a screencast of the page), else
 * none, said so. With several scenarios DIR holds a folder per scenario, a table ends the run and
 * --junit FILE writes a JUnit XML report. Exit codes as the headless replay: 0 expectations met,
 * 1 not met, 2 invalid scenario or arguments, or no Chromium (the worst of all).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { chromiumArgs, ensureChromium, hasFfmpeg } from '../../e2e/browser';
import { STRATEGIES, type Strategy } from '../tools/events';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import { replayInBrowser, scenarioUrl } from './browserReplay';
import { listJsonFiles, writeTextFile } from './nodeFiles';
import { createProgress } from './progress';
import { combinedCode, formatTable, toJUnit } from './report';
import { expandScenarios } from './replayMain';
import { safeWriter } from './terminalText';
import { loadScenario, type ReplayResult } from './replayOne';

/** Standard error, unable to drive the terminal (a scenario's message can quote its text). */
const printErr = safeWriter(process.stderr);

const USAGE = `usage: npm run replay:browser -- SCENARIO... [--all] [--strategy ${STRATEGIES.join('|')}] [--out DIR] [--junit FILE]
SCENARIO is a built-in id, a scenario file or a folder of them (--all: every built-in). DIR (default
replay-out) receives, per scenario, record.json, trace.zip, screenshot.png and video.webm (with
Playwright's ffmpeg or an ffmpeg on PATH); with one scenario, --out DIR is that scenario's folder.`;

async function main(argv: readonly string[]): Promise<number> {
  const scenarios: string[] = [];
  let strategy: Strategy = 'streaming';
  let out: string | undefined;
  let junit: string | undefined;
  let all = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--strategy' || arg === '--out' || arg === '--junit') {
      const value = argv[++i];
      if (value === undefined) return usage(`${arg} needs a value`);
      if (arg === '--out') out = value;
      else if (arg === '--junit') junit = value;
      else if ((STRATEGIES as readonly string[]).includes(value)) strategy = value as Strategy;
      else return usage(`--strategy must be one of ${STRATEGIES.join(', ')}, not "${value}"`);
    } else if (arg === '--all') all = true;
    else if (arg.startsWith('--')) return usage(`unknown option ${arg}`);
    else scenarios.push(arg);
  }
  if (scenarios.length === 0 && !all) return usage('name a scenario');
  const { names, folder } = await expandScenarios(scenarios, all, { listJsonFiles });
  if (names.length === 0) return usage(`no scenario files in ${scenarios.join(', ')}`);
  const single = names.length === 1 && !folder && !all;
  // Every scenario is read and checked first: an invalid one is reported without starting a browser.
  const loaded = await Promise.all(names.map(async (name) => ({ name, loaded: await loadScenario(name, { readFile: (path) => readFile(path, 'utf8') }) })));
  const results: ReplayResult[] = [];
  for (const { name, loaded: scenario } of loaded) {
    if (scenario.ok) continue;
    printErr(`replay:browser: invalid scenario\n${scenario.message}\n`);
    results.push({ name, code: 2, summary: scenario.message, failures: [scenario.message], wallMs: 0 });
  }
  if (results.length === names.length && junit === undefined) return 2;

  const found = ensureChromium({ headlessShell: true });
  if (!found) return 2;
  if (!existsSync('dist/index.html')) {
    printErr('replay:browser: building the page (dist/ is missing)…\n');
    await build({ logLevel: 'error' });
  }
  const started = performance.now();
  const server = await preview({ preview: { port: 0, strictPort: false }, logLevel: 'error' });
  const base = server.resolvedUrls?.local[0];
  if (!base) throw new Error('vite preview did not report its address');
  const browser = await chromium.launch({ ...(found.path ? { executablePath: found.path } : {}), args: chromiumArgs });
  const runnable = loaded.flatMap(({ name, loaded: scenario }) => (scenario.ok ? [{ name, scenario: scenario.scenario }] : []));
  const progress = createProgress('replay:browser', names.length);
  try {
    for (const { name, scenario } of runnable) {
      progress.update(results.length, name);
      const builtIn = BUILT_IN_SCENARIOS.some((raw) => (raw as { id: string }).id === name);
      const dir = resolve(single && out !== undefined ? out : join(out ?? 'replay-out', scenario.id));
      await mkdir(dir, { recursive: true });
      const url = await scenarioUrl(base, name, scenario, builtIn, strategy);
      const caseStarted = performance.now();
      try {
        const { result, said } = await replayInBrowser({ browser, url, name, scenario, strategy, dir, hasFfmpeg });
        results.push(result);
        progress.log(said.trimEnd());
      } catch (error: unknown) {
        const message = `the page did not finish the run: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
        results.push({ name, id: scenario.id, code: 1, summary: message, failures: [message], wallMs: performance.now() - caseStarted });
        progress.log(`${scenario.id} · ${strategy} · in Chromium: ${message}`);
      }
      progress.update(results.length, name);
    }
  } finally {
    progress.end();
    await browser.close();
    await new Promise<void>((done) => server.httpServer.close(() => done()));
  }
  const wallMs = performance.now() - started;
  results.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));
  if (!single) printErr(formatTable(results, wallMs, 1));
  if (junit !== undefined) {
    await writeTextFile(junit, toJUnit(results, { suite: 'replay-browser', strategy, wallMs, timestamp: new Date().toISOString().replace(/\.\d+Z$/, '') }));
  }
  return combinedCode(results);
}

function usage(message: string): number {
  printErr(`replay:browser: ${message}\n${USAGE}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    printErr(`replay:browser: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);

/**
 * Replays one scenario in headless Chromium through the page:
 *   npm run replay:browser -- SCENARIO [--strategy NAME] [--out DIR]
 * writes DIR/record.json, DIR/trace.zip (a Playwright trace: npx playwright show-trace), a final
 * screenshot DIR/screenshot.png and DIR/video.webm: through Playwright's own ffmpeg where it is
 * installed, else through the system's ffmpeg (a screencast of the page), else none, said so.
 * Exit codes as the headless replay: 0 expectations met, 1 not met, 2 invalid scenario or arguments.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import LZString from 'lz-string';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { chromiumArgs, chromiumPath, hasFfmpeg } from '../../e2e/browser';
import { STRATEGIES, type Strategy } from '../run/events';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import { loadScenario } from './replayMain';
import { startScreencastVideo, systemFfmpeg } from './screencastVideo';

const USAGE = `usage: npm run replay:browser -- SCENARIO [--strategy ${STRATEGIES.join('|')}] [--out DIR]
SCENARIO is a built-in id or a scenario file. DIR (default replay-out/SCENARIO) receives record.json,
trace.zip, screenshot.png and video.webm (with Playwright's ffmpeg or an ffmpeg on PATH).`;

async function main(argv: readonly string[]): Promise<number> {
  let scenarioArg: string | undefined;
  let strategy: Strategy = 'streaming';
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--strategy' || arg === '--out') {
      const value = argv[++i];
      if (value === undefined) return usage(`${arg} needs a value`);
      if (arg === '--out') out = value;
      else if ((STRATEGIES as readonly string[]).includes(value)) strategy = value as Strategy;
      else return usage(`--strategy must be one of ${STRATEGIES.join(', ')}, not "${value}"`);
    } else if (arg.startsWith('--')) return usage(`unknown option ${arg}`);
    else if (scenarioArg === undefined) scenarioArg = arg;
    else return usage(`one scenario at a time (got "${scenarioArg}" and "${arg}")`);
  }
  if (scenarioArg === undefined) return usage('name a scenario');

  const loaded = await loadScenario(scenarioArg, { readFile: (path) => readFile(path, 'utf8') });
  if (!loaded.ok) {
    process.stderr.write(`replay:browser: invalid scenario\n${loaded.message}\n`);
    return 2;
  }
  const scenario = loaded.scenario;
  const builtIn = BUILT_IN_SCENARIOS.some((raw) => (raw as { id: string }).id === scenarioArg);
  const dir = resolve(out ?? join('replay-out', scenario.id));
  await mkdir(dir, { recursive: true });

  if (!existsSync('dist/index.html')) {
    process.stderr.write('replay:browser: building the page (dist/ is missing)…\n');
    await build({ logLevel: 'error' });
  }
  const server = await preview({ preview: { port: 0, strictPort: false }, logLevel: 'error' });
  const base = server.resolvedUrls?.local[0];
  if (!base) throw new Error('vite preview did not report its address');
  const query = `?sandbox=virtual&autorun=1&strategy=${strategy}`;
  const url = builtIn ? `${base}${query}&scenario=${scenario.id}` : `${base}${query}#s=${LZString.compressToEncodedURIComponent(await readFile(scenarioArg, 'utf8'))}`;

  const browser = await chromium.launch({ ...(chromiumPath ? { executablePath: chromiumPath } : {}), args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...(hasFfmpeg ? { recordVideo: { dir, size: { width: 1280, height: 800 } } } : {}) });
    await context.tracing.start({ screenshots: true, snapshots: true });
    const page = await context.newPage();
    const ffmpeg = hasFfmpeg ? undefined : systemFfmpeg();
    const screencast = ffmpeg ? await startScreencastVideo(page, ffmpeg, join(dir, 'video.webm')) : undefined;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    const status = page.getByTestId('run-status');
    await page.locator('[data-testid=run-status][data-status=done], [data-testid=run-status][data-status=error]').waitFor({ timeout: 120_000 });
    const record = await page.evaluate(() => window.playground.record());
    const finalStatus = (await status.getAttribute('data-status')) ?? '?';
    await writeFile(join(dir, 'record.json'), `${JSON.stringify(record, null, 2)}\n`);
    await page.screenshot({ path: join(dir, 'screenshot.png') });
    await context.tracing.stop({ path: join(dir, 'trace.zip') });
    const video = page.video();
    let videoProblem: string | undefined;
    await screencast?.stop().catch((error: unknown) => (videoProblem = error instanceof Error ? error.message : String(error)));
    await context.close();
    if (video) await rename(await video.path(), join(dir, 'video.webm'));
    const wroteVideo = (video !== null || screencast !== undefined) && videoProblem === undefined;
    const passed = record.expectations?.passed === true;
    process.stderr.write(
      `${scenario.id} · ${strategy} · in Chromium: ${finalStatus}, expectations ${passed ? 'met' : `not met: ${(record.expectations?.failures ?? ['none checked']).join('; ')}`}\n` +
        `wrote ${dir}/record.json, trace.zip, screenshot.png${
          wroteVideo ? ', video.webm' : videoProblem ? ` (no video: ${videoProblem})` : ' (no video: neither Playwright’s ffmpeg nor an ffmpeg on PATH; apt-get install ffmpeg)'
        }\n` +
        (errors.length > 0 ? `page errors: ${errors.join('; ')}\n` : ''),
    );
    return passed ? 0 : 1;
  } finally {
    await browser.close();
    await new Promise<void>((done) => server.httpServer.close(() => done()));
  }
}

function usage(message: string): number {
  process.stderr.write(`replay:browser: ${message}\n${USAGE}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`replay:browser: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);

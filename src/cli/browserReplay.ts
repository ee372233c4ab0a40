import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import LZString from 'lz-string';
import type { Browser, Page } from 'playwright-core';
import type { Strategy } from '../tools/events';
import type { RunRecord } from '../run/record';
import { formatSummary } from '../run/timelineText';
import type { Scenario } from '../scenarios/schema';
import type { ReplayResult } from './replayOne';
import { startScreencastVideo, systemFfmpeg } from './screencastVideo';

/** The page's address that opens `scenario` and runs it at once: by id when built in, else the file's text in the hash. */
export async function scenarioUrl(base: string, name: string, scenario: Scenario, builtIn: boolean, strategy: Strategy): Promise<string> {
  const query = `?sandbox=virtual&autorun=1&strategy=${strategy}`;
  return builtIn ? `${base}${query}&scenario=${scenario.id}` : `${base}${query}#s=${LZString.compressToEncodedURIComponent(await readFile(name, 'utf8'))}`;
}

/** Waits until the page's run has ended (done or error) and returns its status and record. */
export async function awaitPageRun(page: Page, timeout = 120_000): Promise<{ status: string; record: RunRecord }> {
  await page.locator('[data-testid=run-status][data-status=done], [data-testid=run-status][data-status=error]').waitFor({ timeout });
  const record = await page.evaluate(() => window.playground.record());
  return { status: (await page.getByTestId('run-status').getAttribute('data-status')) ?? '?', record };
}

/**
 * Replays one scenario through the page in a fresh browser context and writes into `dir` the run
 * record, a Playwright trace, a final screenshot and a video (Playwright's ffmpeg, else the
 * system's, else none). Returns the result and the lines to tell the user.
 */
export async function replayInBrowser(options: {
  browser: Browser;
  url: string;
  name: string;
  scenario: Scenario;
  strategy: Strategy;
  dir: string;
  hasFfmpeg: boolean;
}): Promise<{ result: ReplayResult; said: string }> {
  const { browser, dir, hasFfmpeg, scenario, strategy } = options;
  const started = performance.now();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...(hasFfmpeg ? { recordVideo: { dir, size: { width: 1280, height: 800 } } } : {}) });
  try {
    await context.tracing.start({ screenshots: true, snapshots: true });
    const page = await context.newPage();
    const ffmpeg = hasFfmpeg ? undefined : systemFfmpeg();
    const screencast = ffmpeg ? await startScreencastVideo(page, ffmpeg, join(dir, 'video.webm')) : undefined;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(options.url);
    const { status, record } = await awaitPageRun(page);
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
    const failures = record.error !== undefined ? [`run failed: ${record.error}`] : [...(record.expectations?.failures ?? ['expectations not checked'])];
    const said =
      `${scenario.id} · ${strategy} · in Chromium: ${status}, expectations ${passed ? 'met' : `not met: ${failures.join('; ')}`}\n` +
      `wrote ${dir}/record.json, trace.zip, screenshot.png${
        wroteVideo ? ', video.webm' : videoProblem ? ` (no video: ${videoProblem})` : ' (no video: neither Playwright’s ffmpeg nor an ffmpeg on PATH; apt-get install ffmpeg)'
      }\n` +
      (errors.length > 0 ? `page errors: ${errors.join('; ')}\n` : '');
    const result: ReplayResult = {
      name: options.name,
      id: scenario.id,
      code: passed ? 0 : 1,
      summary: formatSummary(record),
      failures: passed ? [] : failures,
      makespanMs: record.endedAt - record.startedAt,
      wallMs: performance.now() - started,
    };
    return { result, said };
  } finally {
    await context.close().catch(() => undefined);
  }
}

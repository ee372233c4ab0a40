import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { preview } from 'vite';
import { chromiumArgs } from '../e2e/browser';
import { longSession, toJsonl } from '../test/sessionLogs';
import { COUNT_LONG_TASKS, fluidity, MEASURE_RUN, median, RUNS, settled, type Figure, type RunFigures } from './pageFigures';

/*
 * The budgets of a long session in the page (`npm run budget -- session`): a 2,000-call, 300-turn
 * log opened with Import…, replayed at 64×, and read as it ran: its lanes scrolled, zoomed at the
 * pointer and filtered, each as fluid as a replay (no task over 50 ms, at least 50 fps).
 */

type Gesture = 'scroll' | 'zoom' | 'filter';

/**
 * A gesture made frame by frame in the page, which counts its own frames and long tasks: 120
 * frames of scrolling down the lanes (four rows a frame), 60 notches of Ctrl+wheel in and out over
 * the lanes, or a filter typed a character a frame and cleared.
 */
const MEASURE_GESTURE = `(async (gesture) => {
  const scroller = document.querySelector('[data-testid=timeline] .tl-scroller');
  const filter = document.querySelector('[data-testid=lane-filter]');
  if (!scroller || !filter) throw new Error('no timeline with a filter in the page');
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const type = (text) => { setValue.call(filter, text); filter.dispatchEvent(new Event('input', { bubbles: true })); };
  const box = scroller.getBoundingClientRect();
  await frame();
  window.__longTasks.length = 0;
  const from = performance.now();
  let frames = 0;
  if (gesture === 'scroll') {
    for (let i = 0; i < 120; i++) { scroller.scrollTop += 96; await frame(); frames++; }
  } else if (gesture === 'zoom') {
    for (let i = 0; i < 60; i++) {
      scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: i < 30 ? -100 : 100, ctrlKey: true, clientX: box.left + box.width * 0.6, clientY: box.top + box.height / 2, bubbles: true, cancelable: true }));
      await frame(); frames++;
    }
  } else {
    const text = 'pkg7 file1';
    for (let i = 1; i <= text.length; i++) { type(text.slice(0, i)); await frame(); frames++; }
    for (let i = 0; i < 10; i++) { await frame(); frames++; }
    type(''); await frame(); frames++;
  }
  const seconds = (performance.now() - from) / 1000;
  return { longest: Math.max(0, ...window.__longTasks), longTasks: window.__longTasks.length, fps: frames / seconds, seconds, calls: document.querySelectorAll('[data-testid=call]').length };
})`;

/** The session opened as it ran in a fresh page, then each gesture measured in turn. */
async function readSession(browser: Browser, base: string, log: string): Promise<Record<Gesture, RunFigures>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: COUNT_LONG_TASKS });
    await pickSession(page, base, log);
    await page.getByTestId('as-it-ran').waitFor();
    // It opens with its 300 turns folded; the gestures are measured on its 2,000 lanes, the most to draw.
    await page.getByTestId('timeline-fold-turns').click();
    await page.locator('[data-testid=call]').first().waitFor();
    await settled(page);
    const measured = {} as Record<Gesture, RunFigures>;
    for (const gesture of ['scroll', 'zoom', 'filter'] as const) {
      measured[gesture] = await page.evaluate<RunFigures>(`${MEASURE_GESTURE}(${JSON.stringify(gesture)})`);
      if ((await page.getByTestId('timeline').getAttribute('data-zoom')) !== '1') await page.getByTestId('timeline-fit').click();
      await settled(page);
    }
    return measured;
  } finally {
    await context.close();
  }
}

/**
 * Milliseconds from choosing a session log with Import… to the scenario open in the editor. The
 * log is picked from a file on disk, as a person picks it: a file given as a buffer travels through
 * the DevTools protocol as base64 and is decoded by Playwright's script on the page's main thread,
 * 0.4–1.7 s on this 2-core machine before the page sees the pick (its change event).
 */
async function openSession(browser: Browser, base: string, log: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    return await pickSession(await context.newPage(), base, log);
  } finally {
    await context.close();
  }
}

/** Loads the page, picks the log with Import… and waits for the editor to hold it; the milliseconds from the pick. */
async function pickSession(page: Page, base: string, log: string): Promise<number> {
  await page.goto(`${base}?scenario=seed-partition&sandbox=virtual`);
  await page.waitForSelector('[data-testid=run-status][data-status=idle]');
  const started = performance.now();
  await page.getByTestId('scenario-import-file').setInputFiles(log);
  await page.getByTestId('scenario-editing').filter({ hasText: 'the imported session' }).waitFor({ timeout: 60_000 });
  return performance.now() - started;
}

/** Replays of the long session measured (each some 15 s at 64×): the median of three. */
const SESSION_RUNS = 3;

/** The long session, opened as a person opens it, replayed at 64× (its tools ran for minutes), measured by the page itself. */
async function replaySession(browser: Browser, base: string, log: string): Promise<RunFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: COUNT_LONG_TASKS });
    await pickSession(page, base, log);
    await page.getByLabel('Speed').selectOption('64');
    await settled(page);
    const measured = await page.evaluate<RunFigures>(MEASURE_RUN);
    if (measured.calls !== 2000) throw new Error(`the 2,000-call session's replay recorded ${measured.calls} calls`);
    return measured;
  } finally {
    await context.close();
  }
}

/**
 * A long real-format session log, opened as a person opens one: picked with Import…, read,
 * imported and shown in the editor, then replayed at 64×. In a browser of its own (the replays
 * before leave theirs busy with collected garbage); each run in a fresh page, the median reported.
 */
export async function sessionFigures(chromiumPath: string | undefined): Promise<Figure[]> {
  const figures: Figure[] = [];
  const sessionBrowser = await chromium.launch({ ...(chromiumPath ? { executablePath: chromiumPath } : {}), args: chromiumArgs });
  const sessionServer = await preview({ preview: { port: 0 }, logLevel: 'error' });
  const scratch = mkdtempSync(join(tmpdir(), 'budget-session-'));
  try {
    const sessionBase = sessionServer.resolvedUrls?.local[0];
    if (!sessionBase) throw new Error('vite preview did not report its address');
    const text = toJsonl(longSession(300, 2000));
    const log = join(scratch, 'long-session.jsonl');
    writeFileSync(log, text);
    const opens: number[] = [];
    for (let i = 0; i < RUNS; i++) opens.push(await openSession(sessionBrowser, sessionBase, log));
    figures.push({ name: `a 2,000-call, 300-turn session log opened in the page (${(text.length / 1e6).toFixed(1)} MB; median of ${RUNS}: ${opens.map((ms) => `${ms.toFixed(0)} ms`).join(', ')})`, value: median(opens), unit: 'ms', limit: 2000, kind: 'max' });
    // The same session replayed at 64×: the page stays as fluid as with the 1,000 calls above.
    const replays: RunFigures[] = [];
    for (let i = 0; i < SESSION_RUNS; i++) replays.push(await replaySession(sessionBrowser, sessionBase, log));
    figures.push(...fluidity(replays, 'the 2,000-call session replays at 64×'));
    // The same session read as it ran: scrolled, zoomed and filtered, each measured by the page.
    const readings: Record<Gesture, RunFigures[]> = { scroll: [], zoom: [], filter: [] };
    for (let i = 0; i < SESSION_RUNS; i++) for (const [gesture, figures] of Object.entries(await readSession(sessionBrowser, sessionBase, log))) readings[gesture as Gesture].push(figures);
    figures.push(...fluidity(readings.scroll, 'the 2,000-call session as it ran scrolls through its lanes'));
    figures.push(...fluidity(readings.zoom, 'the 2,000-call session as it ran zooms in and out at the pointer (Ctrl+wheel)'));
    figures.push(...fluidity(readings.filter, 'a filter is typed over the 2,000-call session as it ran'));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    await sessionBrowser.close();
    await new Promise<void>((done) => sessionServer.httpServer.close(() => done()));
  }

  return figures;
}


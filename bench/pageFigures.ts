import type { Page } from 'playwright-core';

/*
 * What the page budgets share: a figure against its target, the scripts the page runs to measure
 * itself, and the median of noisy runs.
 */

export interface Figure {
  name: string;
  value: number;
  unit: string;
  limit: number;
  /** `max`: the value must stay at or under the limit; `min`: at or over. */
  kind: 'max' | 'min';
}

/*
 * The code that runs in the page is kept as text: tsx compiles this file with esbuild's keepNames,
 * which wraps named functions in a `__name` helper the page does not have (it broke the frame
 * counter once, silently).
 */

/** Collects the page's long tasks (over 50 ms) from the start. */
export const COUNT_LONG_TASKS = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration); }).observe({ type: 'longtask', buffered: true });
})();`;

/** Starts the run and counts frames (requestAnimationFrame) and long tasks until it ends. */
export const MEASURE_RUN = `(async () => {
  window.__longTasks.length = 0;
  let frames = 0;
  let running = true;
  const tick = () => { frames++; if (running) requestAnimationFrame(tick); };
  const from = performance.now();
  requestAnimationFrame(tick);
  await window.playground.run();
  running = false;
  const seconds = (performance.now() - from) / 1000;
  return {
    longest: Math.max(0, ...window.__longTasks),
    longTasks: window.__longTasks.length,
    fps: frames / seconds,
    seconds,
    calls: window.playground.record().turns.reduce((sum, turn) => sum + turn.calls.length, 0),
  };
})()`;

/** Replays measured; the median is reported (five: a 2-core machine is noisy, and three let one bad run decide). */
export const RUNS = 5;

export interface RunFigures {
  longest: number;
  longTasks: number;
  fps: number;
  seconds: number;
  calls: number;
}

/**
 * Waits until the page has loaded and gone quiet: a second and a half with no long task (the
 * editors validating and colouring a 1,000-call scenario are the page's loading, not the replay).
 */
export async function settled(page: Page): Promise<void> {
  const deadline = Date.now() + 20_000;
  let seen = -1;
  while (Date.now() < deadline) {
    const count = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.length);
    if (count === seen) return;
    seen = count;
    await page.waitForTimeout(1500);
  }
}

/** The middle value (the upper middle of an even count). */
export function median(values: readonly number[]): number {
  return [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
}

/**
 * The longest task and the frame rate while a run replays, the median of several runs: no task
 * over 50 ms (the browser's own long-task threshold) and at least 50 frames a second.
 */
export function fluidity(runs: readonly RunFigures[], what: string): Figure[] {
  const each = (pick: (run: RunFigures) => string) => runs.map(pick).join(', ');
  return [
    { name: `longest task while ${what} (median of ${runs.length}: ${each((run) => `${run.longest.toFixed(0)} ms`)}; long tasks over 50 ms: ${each((run) => String(run.longTasks))})`, value: median(runs.map((run) => run.longest)), unit: 'ms', limit: 50, kind: 'max' },
    { name: `frame rate while ${what} (median of ${runs.length}: ${each((run) => run.fps.toFixed(1))})`, value: median(runs.map((run) => run.fps)), unit: 'fps', limit: 50, kind: 'min' },
  ];
}


/**
 * The page's budgets (issue 5), measured in Chromium against `vite preview`, one run:
 *   npm run budget
 * - JavaScript loaded before first paint ≤ 250 KB gzipped (the entry and what it preloads;
 *   Monaco, just-bash, xterm and the WebContainer client load later);
 * - a 1,000-call scenario replays in the page with no long task over 100 ms and ≥ 50 fps;
 * - navigation to the first drawn timeline under 1.5 s.
 * Prints each figure against its target and exits 1 when one is missed.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import LZString from 'lz-string';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { chromiumArgs, chromiumPath } from '../e2e/browser';

interface Figure {
  name: string;
  value: number;
  unit: string;
  limit: number;
  /** `max`: the value must stay at or under the limit; `min`: at or over. */
  kind: 'max' | 'min';
}

/** The gzipped size of the JavaScript index.html loads before anything renders. */
function firstPaintJs(dist: string): { bytes: number; files: string[] } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((match) => match[1]!);
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file.replace(/^\//, '')))).length, 0);
  return { bytes, files };
}

/** 1,000 tool calls in one turn: safe reads in runs of 99, cut by an unsafe Bash call, so batches form and the cap binds. */
function thousandCalls(): string {
  const files: Record<string, string> = {};
  for (let f = 0; f < 10; f++) files[`src/file${f}.ts`] = `export const value${f} = ${f};\n`;
  const stream = Array.from({ length: 1000 }, (_, i) =>
    i % 100 === 99
      ? { type: 'tool_use', id: `toolu_${i}`, name: 'Bash', input: { command: `echo ${i}` }, at: i * 4, durationMs: 4, latencyMs: 20 }
      : { type: 'tool_use', id: `toolu_${i}`, name: 'Read', input: { file_path: `src/file${i % 10}.ts` }, at: i * 4, durationMs: 4, latencyMs: 30 + (i % 7) * 10 },
  );
  return JSON.stringify({
    id: 'thousand-calls',
    title: '1,000 calls',
    description: 'A budget check: one turn with 1,000 calls.',
    workspace: { files },
    settings: { permissionMode: 'bypassPermissions' },
    turns: [{ stream }, { stream: [{ type: 'text', text: 'done', at: 0, durationMs: 10 }] }],
  });
}

async function main(): Promise<number> {
  if (!existsSync('dist/index.html')) await build({ logLevel: 'error' });
  const figures: Figure[] = [];
  const js = firstPaintJs('dist');
  figures.push({ name: `JavaScript before first paint (gzipped; ${js.files.length} files)`, value: js.bytes / 1024, unit: 'KB', limit: 250, kind: 'max' });

  const server = await preview({ preview: { port: 0 }, logLevel: 'error' });
  const base = server.resolvedUrls?.local[0];
  if (!base) throw new Error('vite preview did not report its address');
  const browser = await chromium.launch({ ...(chromiumPath ? { executablePath: chromiumPath } : {}), args: chromiumArgs });
  try {
    // Navigation to the first drawn timeline (a fresh context each time; the median of five).
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${base}?scenario=seed-partition&sandbox=virtual`, { waitUntil: 'commit' });
      await page.waitForSelector('[data-testid=timeline]');
      times.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
    times.sort((a, b) => a - b);
    figures.push({ name: 'navigation to the first drawn timeline (median of 5)', value: times[2]!, unit: 'ms', limit: 1500, kind: 'max' });

    // A 1,000-call replay: long tasks and frame rate while it runs.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: number[]; __frames: number[] };
      w.__longTasks = [];
      w.__frames = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
      const tick = (time: number) => {
        w.__frames.push(time);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.goto(`${base}?sandbox=virtual#s=${LZString.compressToEncodedURIComponent(thousandCalls())}`);
    await page.waitForSelector('[data-testid=run-status][data-status=idle]');
    await page.getByTestId('editor').waitFor();
    await page.waitForTimeout(1000);
    const started = await page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[]; __frames: number[]; playground: { run(): Promise<unknown> } };
      w.__longTasks.length = 0;
      void w.playground.run();
      return performance.now();
    });
    await page.waitForSelector('[data-testid=run-status][data-status=done]', { timeout: 180_000 });
    const measured = await page.evaluate((from) => {
      const w = window as unknown as { __longTasks: number[]; __frames: number[]; playground: { record(): { turns: { calls: unknown[] }[]; expectations: { passed: boolean } | null } } };
      const frames = w.__frames.filter((time) => time >= from);
      const seconds = (frames[frames.length - 1]! - frames[0]!) / 1000;
      return {
        longest: Math.max(0, ...w.__longTasks),
        longTasks: w.__longTasks.length,
        fps: (frames.length - 1) / seconds,
        seconds,
        calls: w.playground.record().turns.reduce((sum, turn) => sum + turn.calls.length, 0),
      };
    }, started);
    await context.close();
    if (measured.calls !== 1000) throw new Error(`the 1,000-call run recorded ${measured.calls} calls`);
    figures.push({ name: `longest task while 1,000 calls replay (${measured.longTasks} long tasks over 50 ms in ${measured.seconds.toFixed(1)} s)`, value: measured.longest, unit: 'ms', limit: 100, kind: 'max' });
    figures.push({ name: 'frame rate while 1,000 calls replay', value: measured.fps, unit: 'fps', limit: 50, kind: 'min' });
  } finally {
    await browser.close();
    await new Promise<void>((done) => server.httpServer.close(() => done()));
  }

  let failed = 0;
  for (const figure of figures) {
    const ok = figure.kind === 'max' ? figure.value <= figure.limit : figure.value >= figure.limit;
    if (!ok) failed++;
    process.stdout.write(`${ok ? 'ok  ' : 'MISS'} ${figure.name}: ${figure.value.toFixed(1)} ${figure.unit} (target ${figure.kind === 'max' ? '≤' : '≥'} ${figure.limit} ${figure.unit})\n`);
  }
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`budget: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);

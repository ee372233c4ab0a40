import { expect, test, type Page } from './fixtures';
import { readdirSync, readFileSync } from 'node:fs';

interface CallView {
  id: string;
  state: string;
  outcome: string;
  batch: string;
}

const library = new URL('../src/scenarios/library/', import.meta.url);
const ids = readdirSync(library)
  .filter((name) => name.endsWith('.json'))
  .map((name) => (JSON.parse(readFileSync(new URL(name, library), 'utf8')) as { id: string }).id)
  .sort();

/** Lessons replayed in one page, one after another from the picker: a page load is most of a short lesson's cost. */
const PER_PAGE = 5;
const groups = Array.from({ length: Math.ceil(ids.length / PER_PAGE) }, (_, index) => ids.slice(index * PER_PAGE, (index + 1) * PER_PAGE));

/** The record's latest state of a call, as the page's data-state names it. */
function stateOf(call: { executingAt: number | null; completedAt: number | null; yieldedAt: number | null }): string {
  return call.yieldedAt !== null ? 'yielded' : call.completedAt !== null ? 'completed' : call.executingAt !== null ? 'executing' : 'queued';
}

/** The run just ended met its expectations, and every lane and batch frame shows what the record holds. */
async function checkShownRun(page: Page) {
  const record = await page.evaluate(() => window.playground.record());
  expect(record.expectations, JSON.stringify(record.expectations?.failures)).toMatchObject({ passed: true });

  const expected: CallView[] = [];
  const walk = (turns: typeof record.turns) => {
    for (const turn of turns) {
      for (const call of turn.calls) {
        expected.push({ id: call.id, state: stateOf(call), outcome: call.outcome ?? '', batch: String(call.batch) });
        walk(call.children ?? []);
      }
    }
  };
  walk(record.turns);
  const shown = await page.getByTestId('call').evaluateAll((lanes) =>
    lanes.map((lane) => ({
      id: lane.getAttribute('data-call-id') ?? '',
      state: lane.getAttribute('data-state') ?? '',
      outcome: lane.getAttribute('data-outcome') ?? '',
      batch: lane.getAttribute('data-batch') ?? '',
    })),
  );
  expect([...shown].sort((a, b) => a.id.localeCompare(b.id))).toEqual([...expected].sort((a, b) => a.id.localeCompare(b.id)));

  const batches = await page.getByTestId('batch').evaluateAll((frames) => frames.map((frame) => `${frame.getAttribute('data-batch')}:${frame.getAttribute('data-concurrent')}`));
  const recorded = record.turns.flatMap((turn) => turn.batches.map((batch) => `${batch.index}:${batch.concurrent}`));
  for (const batch of recorded) expect(batches).toContain(batch);
}

/** The sizes the page is laid out for (a phone has its own spec): each lesson's done run is looked at in each. */
const SIZES = [
  [1024, 768],
  [1280, 800],
  [1366, 768],
  [1920, 1080],
] as const;

/** What a cause's word names; stream causes and a shell's start go without one. */
const WORDED = new Set(['unsafe-ahead', 'unsafe-running', 'runs-alone', 'cap', 'previous-batch', 'yield-order', 'cancelled']);

/**
 * The lesson's done run with the lesson's text (More), the executor diagram and a lane's "why"
 * open, at every size: nothing scrolls sideways, the track sits inside its box, at least eight
 * lanes (or every lane, when the run has fewer) are in view, and every cause has its kind and,
 * for a kind that has a word, its word in view.
 */
async function checkLayout(page: Page, id: string) {
  const more = page.getByTestId('lesson-bar').getByRole('button', { name: /^(More|Less)$/ });
  if ((await more.count()) > 0 && (await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  const executor = page.getByTestId('timeline-executor');
  if ((await executor.getAttribute('aria-pressed')) !== 'true') await executor.click();
  await expect(page.getByTestId('executor-diagram')).toBeVisible();
  // The key of the lines is there from the first look, under the lanes, until a lane is chosen.
  await expect(page.getByTestId('cause-key')).toBeVisible();
  const lanes = page.getByTestId('call');
  await lanes.first().click();
  await expect(page.getByTestId('why')).toBeVisible();
  const laneCount = await lanes.count();
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    const at = `${id} at ${width}×${height}`;
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `${at}: the page scrolls sideways` }).toBeLessThanOrEqual(0);
    await expect.poll(() => page.locator('.side .tablist').evaluate((list) => list.scrollWidth - list.clientWidth), { message: `${at}: the side pane's tabs are cut (Live hidden)` }).toBeLessThanOrEqual(0);
    // The lanes follow the new size a frame or two later: each figure is read until it holds.
    const fit = () =>
      page.locator('.tl-scroller').evaluate((scroller) => {
        const box = scroller.getBoundingClientRect();
        const inView = [...scroller.querySelectorAll('[data-testid=call]')].filter((lane) => {
          const rect = lane.getBoundingClientRect();
          return rect.top >= box.top - 0.5 && rect.bottom <= box.bottom + 0.5;
        }).length;
        const tracks = [...scroller.querySelectorAll('.tl-track')].map((track) => track.getBoundingClientRect().right);
        return { sideways: scroller.scrollWidth - scroller.clientWidth, inView, trackPast: Math.max(0, ...tracks) - box.right };
      });
    await expect.poll(async () => (await fit()).sideways, { message: `${at}: the track is wider than its box` }).toBeLessThanOrEqual(0);
    await expect.poll(async () => (await fit()).trackPast, { message: `${at}: a track ends past its box` }).toBeLessThanOrEqual(0.5);
    await expect.poll(async () => (await fit()).inView, { message: `${at}: lanes in view of ${laneCount}` }).toBeGreaterThanOrEqual(Math.min(8, laneCount));
    const causes = await page.getByTestId('cause').evaluateAll((paths) => paths.map((path) => path.getAttribute('data-kind') ?? ''));
    for (const kind of causes) expect(kind, `${at}: a cause without its kind`).not.toBe('');
    for (const kind of new Set(causes.filter((kind) => WORDED.has(kind)))) {
      await expect(page.locator(`[data-testid=cause-label][data-kind=${kind}]`).first(), `${at}: the word of a ${kind} cause`).toBeVisible();
    }
  }
  // A tablet held upright and a phone: the panes stack (the timeline gets the screen's width) and
  // the page scrolls down, never sideways.
  for (const [width, height] of [[768, 1024], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `${id} at ${width}×${height}: the page scrolls sideways` }).toBeLessThanOrEqual(0);
    await expect.poll(() => page.locator('.tl-scroller').evaluate((scroller) => scroller.clientWidth), { message: `${id} at ${width}×${height}: the timeline's width` }).toBeGreaterThan(width * 0.7);
  }
  if (process.env.UPDATE_SNAPSHOTS === '1') await lessonShots(page, id);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * `UPDATE_SNAPSHOTS=1` writes each lesson's done run (the executor open, a lane chosen) at the
 * four sizes and a phone's to e2e/snapshots/lessons, to be looked at; JPEG keeps 95 of them small.
 */
async function lessonShots(page: Page, id: string) {
  const drawer = page.getByTestId('lesson-drawer');
  if (await drawer.isVisible()) await drawer.getByRole('button', { name: 'Close' }).click();
  for (const [width, height] of [...SIZES, [390, 844] as const]) {
    await page.setViewportSize({ width, height });
    if (width <= 900) await page.locator('#timeline').evaluate((box) => box.scrollIntoView({ block: 'start' }));
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `e2e/snapshots/lessons/${id}-${width}.jpg`, type: 'jpeg', quality: 40, animations: 'disabled' });
  }
}

for (const group of groups) {
  test(`replays ${group.join(', ')} in the page: each timeline agrees with its run record and the expectations hold`, async ({ page }) => {
    test.setTimeout(60_000 * group.length);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const [first, ...rest] = group;
    await test.step(first!, async () => {
      // The first by its link with autorun, as a shared link opens; the rest from the picker.
      await page.goto(`/?scenario=${first}&sandbox=virtual&autorun=1`);
      await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
      await checkShownRun(page);
      await checkLayout(page, first!);
    });
    // The rest at 4×, as a person replays a lesson again: what is checked is the record and what the
    // page draws of it, which the pace does not change, and the frames of a run at 1× were most of
    // this file's CPU (docs/performance.md).
    await page.getByRole('combobox', { name: 'Speed' }).selectOption('4');
    for (const id of rest) {
      await test.step(id, async () => {
        await page.getByTestId(`scenario-item-${id}`).click();
        await expect(page.getByTestId(`scenario-item-${id}`)).toHaveAttribute('aria-current', 'true');
        await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
        await page.getByRole('button', { name: 'Run', exact: true }).click();
        await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
        expect(await page.evaluate(() => window.playground.record().scenario)).toBe(id);
        await checkShownRun(page);
        await checkLayout(page, id);
      });
    }
    expect(errors).toEqual([]);
  });
}

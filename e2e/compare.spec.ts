import { expect, test, type Page } from '@playwright/test';

/** One strategy's figure as the compare view shows it. */
interface Shown {
  strategy: string;
  /** The makespan the figure carries (ms of the run's virtual time). */
  makespan: number;
  caption: string;
  /** The labels under the time axis of its picture. */
  ticks: string[];
}

/** Opens the compare view, runs it and waits for the four strategies and the final files. */
async function compare(page: Page, id: string): Promise<Shown[]> {
  await page.goto(`/?scenario=${id}&sandbox=virtual`);
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await page.getByRole('button', { name: 'Compare the four strategies' }).click();
  await expect(page.getByRole('heading', { name: 'Final files' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Compare the four strategies' })).toBeEnabled();
  return page
    .getByTestId('compare')
    .getByRole('figure')
    .evaluateAll((figures) =>
      figures.map((figure) => ({
        strategy: figure.getAttribute('data-strategy') ?? '',
        makespan: Number(figure.getAttribute('data-makespan')),
        caption: figure.querySelector('figcaption')?.textContent ?? '',
        ticks: [...figure.querySelectorAll('svg text')].map((text) => text.textContent ?? '').filter((text) => / ms$/.test(text)),
      })),
    );
}

/**
 * Each caption agrees with its figure and with serial's: `<strategy> · makespan N ms · R× serial`,
 * where N is the makespan and R its ratio to serial's; serial is 1.00×; every picture is drawn on one
 * shared time axis. Returns the makespans by strategy.
 */
function checkCaptions(shown: Shown[]): Record<string, number> {
  expect(shown.map((entry) => entry.strategy)).toEqual(['streaming', 'batched', 'serial', 'parallel']);
  const makespans = Object.fromEntries(shown.map((entry) => [entry.strategy, entry.makespan]));
  const serial = makespans.serial!;
  expect(serial).toBeGreaterThan(0);
  for (const entry of shown) {
    const parsed = /^(\w+) · makespan (\d+) ms · (\d+\.\d\d)× serial/.exec(entry.caption);
    expect(parsed, entry.caption).not.toBeNull();
    const [, name, ms, ratio] = parsed!;
    expect(name).toBe(entry.strategy);
    expect(Number(ms)).toBe(Math.round(entry.makespan));
    expect(ratio).toBe((entry.makespan / serial).toFixed(2));
  }
  expect(shown.find((entry) => entry.strategy === 'serial')?.caption).toContain('1.00× serial');
  const axis = shown[0]!.ticks;
  expect(axis.length).toBeGreaterThan(1);
  expect(axis.at(-1)).toBe(`${Math.round(Math.max(...shown.map((entry) => entry.makespan)))} ms`);
  for (const entry of shown) expect(entry.ticks).toEqual(axis);
  return makespans;
}

test.describe('the compare view', () => {
  test('streaming-speedup: four strategies with makespans and ratios to serial that agree; streaming is fastest', async ({ page }) => {
    const shown = await compare(page, 'streaming-speedup');
    const makespan = checkCaptions(shown);
    // The lesson's claim: streaming overlaps the tools with the stream, batched waits for it, serial runs one at a time.
    expect(makespan.streaming).toBeLessThan(makespan.batched!);
    expect(makespan.batched).toBeLessThan(makespan.serial!);
    // Every call is a concurrency-safe read: batched runs them as one batch, as parallel does
    // (their makespans differ only by the reads' own real time).
    expect(Math.abs(makespan.parallel! - makespan.batched!) / makespan.batched!).toBeLessThan(0.01);
    await expect(page.getByTestId('compare')).toContainText('Every strategy left the same files.');
    await expect(page.getByTestId('compare-file')).toHaveCount(0);

    // The figures are the records of four runs, as the page holds them; the page's own run is untouched.
    const records = await page.evaluate(() => window.playground.state().compare.entries.map((entry) => ({ strategy: entry.strategy, endedAt: entry.record.endedAt, status: entry.record.status })));
    expect(records).toEqual(shown.map((entry) => ({ strategy: entry.strategy, endedAt: entry.makespan, status: 'ended' })));
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
  });

  test('parallel-edit-race: only parallel loses an edit, and the final files show it', async ({ page }) => {
    const shown = await compare(page, 'parallel-edit-race');
    const makespan = checkCaptions(shown);
    expect(makespan.parallel).toBeLessThan(makespan.serial!);
    for (const entry of shown) {
      if (entry.strategy === 'parallel') expect(entry.caption).toContain('differs from the expectations');
      else expect(entry.caption).not.toContain('differs from the expectations');
    }

    const differing = page.getByTestId('compare-file');
    await expect(differing).toHaveCount(1);
    await expect(differing).toHaveAttribute('data-path', 'src/settings.ts');
    await expect(differing).toContainText('src/settings.ts differs between strategies:');
    const both = 'export const retries = 3;\nexport const timeoutMs = 5000;\n';
    for (const strategy of ['streaming', 'batched', 'serial']) {
      expect(await differing.locator(`[data-strategy=${strategy}] pre`).textContent()).toBe(both);
    }
    const raced = (await differing.locator('[data-strategy=parallel] pre').textContent()) ?? '';
    // Both edits read the file at once and each wrote back its own version: one of the two is lost.
    const landed = [raced.includes('retries = 3'), raced.includes('timeoutMs = 5000')];
    expect(landed.filter(Boolean)).toHaveLength(1);
    expect(raced).toMatch(/^export const retries = [13];\nexport const timeoutMs = (1000|5000);\n$/);
  });
});

import { expect, test, type Page } from './fixtures';

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
  await page.getByRole('tab', { name: 'Compare', exact: true }).click();
  await page.getByRole('button', { name: 'Compare the four strategies' }).click();
  await expect(page.getByRole('heading', { name: 'Final files' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Compare the four strategies' })).toBeEnabled();
  return shownRuns(page);
}

/** The runs the compare view shows, each as its figure says it. */
function shownRuns(page: Page): Promise<Shown[]> {
  return page
    .getByTestId('compare-run')
    .evaluateAll((figures) =>
      figures.map((figure) => ({
        strategy: figure.getAttribute('data-strategy') ?? '',
        makespan: Number(figure.getAttribute('data-makespan')),
        caption: figure.querySelector('figcaption')?.textContent ?? '',
        ticks: [...figure.querySelectorAll('.compare-tick text')].map((text) => text.textContent ?? ''),
      })),
    );
}

/** A duration as the captions write it: `850 ms`, or `2.60 s` from a second. */
const duration = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

/** A tick label in ms. */
const tickMs = (label: string) => (label === '0' ? 0 : label.endsWith(' ms') ? Number(label.slice(0, -3)) : Number(label.slice(0, -2)) * 1000);

/**
 * Each caption agrees with its figure and with serial's: `<strategy> · makespan D · R× serial`,
 * where D is the makespan and R its ratio to serial's; serial is 1.00×; every picture is drawn on one
 * shared time axis of round ticks (a step of 1, 2, 2.5 or 5 times a power of ten). Returns the
 * makespans by strategy.
 */
function checkCaptions(shown: Shown[]): Record<string, number> {
  expect(shown.map((entry) => entry.strategy)).toEqual(['streaming', 'batched', 'serial', 'parallel']);
  const makespans = Object.fromEntries(shown.map((entry) => [entry.strategy, entry.makespan]));
  const serial = makespans.serial!;
  expect(serial).toBeGreaterThan(0);
  for (const entry of shown) {
    const parsed = /^(\w+) · makespan (\d+(?:\.\d\d)? m?s) · (\d+\.\d\d)× serial/.exec(entry.caption);
    expect(parsed, entry.caption).not.toBeNull();
    const [, name, written, ratio] = parsed!;
    expect(name).toBe(entry.strategy);
    expect(written).toBe(duration(entry.makespan));
    expect(ratio).toBe((entry.makespan / serial).toFixed(2));
  }
  expect(shown.find((entry) => entry.strategy === 'serial')?.caption).toContain('1.00× serial');
  const axis = shown[0]!.ticks;
  expect(axis.length).toBeGreaterThan(2);
  expect(axis[0]).toBe('0');
  const at = axis.map(tickMs);
  const step = at[1]! - at[0]!;
  const magnitude = 10 ** Math.floor(Math.log10(step));
  expect([1, 2, 2.5, 5, 10].map((m) => m * magnitude).some((round) => Math.abs(round - step) < 1e-6), `step ${step}`).toBe(true);
  at.forEach((ms, i) => expect(ms).toBeCloseTo(i * step, 6));
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
    // The numbers the lesson's text quotes: about 2.6 s, 2 s + 2.4 s = 4.4 s, and 2 s + 5 s = 7 s.
    expect(makespan.streaming! / 2600).toBeCloseTo(1, 1);
    expect(makespan.batched! / 4400).toBeCloseTo(1, 1);
    expect(makespan.serial! / 7000).toBeCloseTo(1, 1);
    // Every call is a concurrency-safe read: batched runs them as one batch, as parallel does
    // (their makespans differ only by the reads' own real time, tens of ms on a busy machine).
    expect(Math.abs(makespan.parallel! - makespan.batched!) / makespan.batched!).toBeLessThan(0.05);
    await expect(page.getByTestId('compare')).toContainText('Every run left the same files.');
    await expect(page.getByTestId('compare-file')).toHaveCount(0);

    // The figures are the records of four runs, as the page holds them; the page's own run is untouched.
    // The makespan each caption says is until the record's last result was handed back.
    const records = await page.evaluate(() =>
      window.playground.state().compare.entries.map((entry) => ({
        strategy: entry.strategy,
        lastResult: Math.max(...entry.record.turns.flatMap((turn) => turn.calls.map((call) => call.yieldedAt ?? call.completedAt ?? 0))) - entry.record.startedAt,
        status: entry.record.status,
      })),
    );
    expect(records).toEqual(shown.map((entry) => ({ strategy: entry.strategy, lastResult: entry.makespan, status: 'ended' })));
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
  });

  test('parallel-edit-race: only parallel loses an edit, and the final files show it as a diff', async ({ page }) => {
    const shown = await compare(page, 'parallel-edit-race');
    const makespan = checkCaptions(shown);
    expect(makespan.parallel).toBeLessThan(makespan.serial!);
    for (const entry of shown) {
      if (entry.strategy === 'parallel') expect(entry.caption).toContain('differs from the lesson’s expectations');
      else expect(entry.caption).not.toContain('differs from the lesson’s expectations');
    }

    // The summary table opens the view: a row per run, only parallel's marked with its lost edit.
    const rows = page.getByTestId('compare-summary-row');
    await expect(rows).toHaveCount(4);
    expect(await rows.evaluateAll((all) => all.map((row) => [row.getAttribute('data-run'), row.getAttribute('data-lost-edits'), row.classList.contains('is-lost')]))).toEqual([
      ['streaming', '0', false],
      ['batched', '0', false],
      ['serial', '0', false],
      ['parallel', '1', true],
    ]);
    await expect(page.getByTestId('compare-summary')).toContainText('an edit was lost');
    await expect(rows.last()).toContainText(/toolu_\w+ \(src\/settings\.ts\)/);
    // It comes before the charts, and each run's name leads to its chart.
    const [tableTop, chartTop] = await Promise.all([page.getByTestId('compare-summary').boundingBox(), page.getByTestId('compare-run').first().boundingBox()]);
    expect(tableTop!.y).toBeLessThan(chartTop!.y);
    await rows.last().getByRole('link', { name: 'parallel' }).click();
    await expect(page.locator('#compare-run-parallel')).toBeInViewport();

    const differing = page.getByTestId('compare-file');
    await expect(differing).toHaveCount(1);
    await expect(differing).toHaveAttribute('data-path', 'src/settings.ts');
    await expect(differing).toContainText('src/settings.ts differs between the runs; against streaming’s:');
    // Only parallel's file differs from the others, and its diff is the lost edit: the line one edit
    // wrote is missing, the line as it was before that edit is there instead.
    const diffs = differing.getByTestId('compare-diff');
    await expect(diffs).toHaveCount(1);
    await expect(diffs).toHaveAttribute('data-strategy', 'parallel');
    await expect(diffs.locator('figcaption')).toContainText('parallel: lost the edit of');
    const removed = await diffs.locator('.diff-line.is-removed').allTextContents();
    const added = await diffs.locator('.diff-line.is-added').allTextContents();
    expect(removed).toHaveLength(1);
    expect(added).toHaveLength(1);
    expect(removed[0]).toMatch(/^- export const (retries = 3|timeoutMs = 5000);\n$/);
    expect(added[0]).toMatch(/^\+ export const (retries = 1|timeoutMs = 1000);\n$/);
  });

  test('claude-code-changed-its-mind: one click from the lesson compares the two policies it is about', async ({ page }) => {
    await page.goto('/?scenario=claude-code-changed-its-mind&sandbox=virtual');
    await page.getByTestId('lesson-compare').click();
    await expect(page.getByTestId('compare')).toHaveAttribute('data-subject', 'policies');
    const runs = page.getByTestId('compare-run');
    await expect(runs).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'Final files' })).toBeVisible();
    await expect(runs.first()).toHaveAttribute('data-policy', 'claude-code-2.1.39');
    await expect(runs.last()).toHaveAttribute('data-policy', 'claude-code-2.1.161');
    // The failed read cancels its three siblings under 2.1.39, and none under 2.1.161.
    await expect(runs.first()).toHaveAttribute('data-cancelled', '3');
    await expect(runs.last()).toHaveAttribute('data-cancelled', '0');
    await expect(runs.first().locator('figcaption')).toContainText('3 calls cancelled by a sibling');
    await expect(runs.last().locator('figcaption')).toContainText('no call cancelled by a sibling');
  });
});

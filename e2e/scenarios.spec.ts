import { expect, test, type Page } from '@playwright/test';
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
    });
    for (const id of rest) {
      await test.step(id, async () => {
        await page.getByTestId(`scenario-item-${id}`).click();
        await expect(page.getByTestId(`scenario-item-${id}`)).toHaveAttribute('aria-current', 'true');
        await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
        await page.getByRole('button', { name: 'Run', exact: true }).click();
        await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
        expect(await page.evaluate(() => window.playground.record().scenario)).toBe(id);
        await checkShownRun(page);
      });
    }
    expect(errors).toEqual([]);
  });
}

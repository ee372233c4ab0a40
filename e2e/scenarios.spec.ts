import { expect, test } from '@playwright/test';
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
  .map((name) => (JSON.parse(readFileSync(new URL(name, library), 'utf8')) as { id: string }).id);

/** The record's latest state of a call, as the page's data-state names it. */
function stateOf(call: { executingAt: number | null; completedAt: number | null; yieldedAt: number | null }): string {
  return call.yieldedAt !== null ? 'yielded' : call.completedAt !== null ? 'completed' : call.executingAt !== null ? 'executing' : 'queued';
}

for (const id of ids) {
  test(`replays ${id} in the page: the timeline agrees with the run record and the expectations hold`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/?scenario=${id}&sandbox=virtual&autorun=1`);
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 45_000 });
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
    expect(errors).toEqual([]);
  });
}

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

/** Serious and critical violations, each with where it is. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')}`);
  // What the root was when one is reported: its overflow, its sizes and the page's state.
  if (found.some((line) => line.includes(':root'))) found.push(await page.evaluate(() => {
    const root = document.documentElement;
    const style = getComputedStyle(root);
    return `root: overflow ${style.overflowX}/${style.overflowY}, scroll ${root.scrollWidth}×${root.scrollHeight} in ${root.clientWidth}×${root.clientHeight}, ${document.querySelectorAll('button:not([disabled])').length} buttons enabled, ${document.querySelectorAll('iframe').length} frames, dialogs open ${document.querySelectorAll('dialog[open]').length}`;
  }));
  return found;
}

/**
 * The panes load after the page (the engine, the editor, the terminal, then a quiet spell) and Run
 * is enabled once they have. A scan is of that page, not of a moment mid-load, when the root was
 * twice reported as a scrollable region on a busy machine; at this size nothing scrolls the document.
 */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight)).toBeLessThanOrEqual(0);
}

test.describe('accessibility', () => {
  test('axe finds no serious or critical violations on the idle, running and done page; every call has a text alternative', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    await page.getByTestId('editor').waitFor();
    await settled(page);
    expect(await violations(page), 'idle').toEqual([]);
    // Stepped to the middle of the run (Step starts it paused): a running page, however busy the machine.
    const executing = page.locator('[data-testid=call][data-state=executing]');
    const step = page.getByRole('button', { name: 'Step', exact: true });
    for (let i = 0; i < 200 && (await executing.count()) === 0; i++) await step.click();
    await expect(executing.first()).toBeVisible();
    expect(await violations(page), 'running').toEqual([]);
    await page.getByLabel('Speed', { exact: true }).selectOption('4');
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    expect(await violations(page), 'done').toEqual([]);
    // Every call has a text alternative: an accessible summary of its state.
    const labels = await page.getByTestId('call').evaluateAll((lanes) => lanes.map((lane) => lane.getAttribute('aria-label') ?? ''));
    expect(labels.length).toBe(4);
    for (const label of labels) expect(label).toMatch(/yielded, success, batch \d/);
  });

  test('the side tabs (settings, tool pool, live model) have no serious or critical violations either', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    await settled(page);
    for (const name of ['Settings', 'Tools', 'Live']) {
      await page.getByRole('tab', { name, exact: true }).click();
      expect(await violations(page), name).toEqual([]);
    }
  });

  test('runs, steps and stops from the keyboard: space, . and Escape', async ({ page }) => {
    await page.goto('/?scenario=streaming-speedup&sandbox=virtual');
    // The keys act once the page can run (as Run does): waiting for the editor alone raced the scenario's load.
    await settled(page);
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('.');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'running');
    await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
    await page.keyboard.press(' ');
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    const record = await page.evaluate(() => window.playground.record());
    expect(record.turns.flatMap((turn) => turn.calls).every((call) => call.result !== null)).toBe(true);
  });

  test('the compare view, the prediction laid over a run and the lesson check have no serious or critical violations', async ({ page }) => {
    await page.goto('/?scenario=claude-code-changed-its-mind&sandbox=virtual');
    await page.getByTestId('lesson-compare').click();
    await expect(page.getByRole('heading', { name: 'Final files' })).toBeVisible();
    expect(await violations(page), 'compare').toEqual([]);
    await page.getByRole('tab', { name: 'Predict' }).click();
    await page.getByRole('combobox', { name: 'Strategy' }).selectOption('serial');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    // The run plays in the timeline with the guess on its lanes, then the guess is laid over it.
    await expect(page.getByTestId('guess-bar')).toHaveAttribute('data-state', 'compared');
    await expect(page.getByTestId('lesson-check')).toHaveAttribute('data-status', 'differs');
    expect(await violations(page), 'checked, the guess on the lanes').toEqual([]);
    await page.getByTestId('lesson-bar').getByRole('button', { name: 'More' }).click();
    await expect(page.getByTestId('lesson-drawer')).toBeVisible();
    expect(await violations(page), 'the lesson in its drawer').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('lesson-drawer')).toBeHidden();
    await page.getByTestId('guess-bar').getByRole('button', { name: 'Your guess beside the run' }).click();
    await expect(page.getByTestId('predict')).toHaveAttribute('data-state', 'compared');
    expect(await violations(page), 'predicted').toEqual([]);
  });
});

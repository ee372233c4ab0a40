import { expect, test } from './fixtures';
import { wake } from './editors';

/** Screenshots go to test-results; `npm run snapshots` refreshes the committed ones in e2e/snapshots. */
const shots = process.env.UPDATE_SNAPSHOTS === '1' ? 'e2e/snapshots' : 'test-results/snapshots';

test.describe('the page', () => {
  test('loads and runs offline: no request leaves the origin, no console errors, cross-origin isolated', async ({ page, baseURL }) => {
    const outside: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseURL!) && !request.url().startsWith('blob:') && !request.url().startsWith('data:')) outside.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/?scenario=seed-partition&sandbox=virtual&autorun=1');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    // Open a file in Monaco and the terminal, so their workers and fonts load too.
    await page.getByTestId('editor').waitFor();
    await wake(page.getByTestId('code-editor'));
    await wake(page.getByTestId('terminal'), '.xterm-rows');
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await expect(page.getByTestId('sandbox-badge')).toHaveAttribute('data-kind', 'virtual');
  });

  test('what starts a run loads when a person reaches for the run controls, not with the page, and Run then runs', async ({ page }) => {
    const engine: string[] = [];
    page.on('request', (request) => {
      if (/\/engineRuns-[^/]*\.js$/.test(request.url())) engine.push(request.url());
    });
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    const run = page.getByRole('button', { name: 'Run', exact: true });
    await expect(run).toBeEnabled();
    // The lesson and the timeline are read without it: a quiet while later, still not loaded.
    await page.getByTestId('lesson-bar').waitFor();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1000)));
    expect(engine).toEqual([]);
    await run.hover();
    await expect.poll(() => engine.length).toBe(1);
    await run.click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    expect(engine.length).toBe(1);
  });

  test('the sandbox badge settles in seconds and says in words why the page uses the virtual sandbox', async ({ page }) => {
    // No `sandbox=` in the link: the page tries WebContainer, which cannot start here (its runtime
    // loads from StackBlitz). The badge does not wait out the boot's 20 s.
    await page.goto('/?scenario=seed-partition');
    const badge = page.getByTestId('sandbox-badge');
    await expect(badge).toHaveAttribute('data-state', 'ready', { timeout: 10_000 });
    await expect(badge).toHaveText(/^virtual sandbox/);
    await expect(badge).toHaveAttribute('title', /^The virtual sandbox: files in memory and a simulated bash \(just-bash\), in this page\. WebContainer (is still starting|is not available: ).+\.$/);
  });

  test('the results pane folds itself while empty, giving the timeline its width; it opens as a run starts, and a click folds it', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    const pane = page.getByTestId('results-pane');
    await expect(pane).toHaveAttribute('data-open', 'false');
    const idleWidth = (await page.getByTestId('timeline').boundingBox())!.width;
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(pane).toHaveAttribute('data-open', 'true');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    expect((await page.getByTestId('timeline').boundingBox())!.width).toBeLessThan(idleWidth);
    await page.getByTestId('results-fold').click();
    await expect(pane).toHaveAttribute('data-open', 'false');
    await expect(page.getByTestId('result-list')).toHaveCount(0);
    expect((await page.getByTestId('timeline').boundingBox())!.width).toBe(idleWidth);
  });

  test('screenshots at 1280×800: idle, mid-run and done', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
    await page.getByTestId('editor').waitFor();
    await page.screenshot({ path: `${shots}/idle.png` });
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.locator('[data-testid=call][data-state=executing]').first()).toBeVisible();
    await page.screenshot({ path: `${shots}/mid-run.png` });
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    await page.screenshot({ path: `${shots}/done.png` });
  });

  test('&strategy=NAME picks the strategy of an autorun: parallel loses an edit in the race', async ({ page }) => {
    await page.goto('/?scenario=parallel-edit-race&sandbox=virtual&strategy=parallel&autorun=1');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    const record = await page.evaluate(() => window.playground.record());
    expect(record.strategy).toBe('parallel');
    expect(record.expectations?.passed).toBe(false);
    await expect(page.getByLabel('Strategy', { exact: true })).toHaveValue('parallel');
    // The lesson a link opened (the twelfth) is shown marked in the list, not below its fold.
    await expect(page.getByTestId('scenario-item-parallel-edit-race')).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('scenario-item-parallel-edit-race')).toBeInViewport();
  });

  test('Stop mid-run interrupts: every call gets a result', async ({ page }) => {
    await page.goto('/?scenario=streaming-speedup&sandbox=virtual');
    // Stepped to the middle (Step starts the run paused), so Stop lands mid-run however busy the machine.
    const executing = page.locator('[data-testid=call][data-state=executing]');
    const step = page.getByRole('button', { name: 'Step', exact: true });
    for (let i = 0; i < 200 && (await executing.count()) === 0; i++) await step.click();
    await expect(executing.first()).toBeVisible();
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    const record = await page.evaluate(() => window.playground.record());
    const calls = record.turns.flatMap((turn) => turn.calls);
    expect(calls.every((call) => call.result !== null)).toBe(true);
    expect(calls.some((call) => call.outcome === 'interrupted')).toBe(true);
    await expect(page.locator('[data-testid=call][data-outcome=interrupted]').first()).toBeVisible();
  });

  test('a permission prompt answered by clicking', async ({ page }) => {
    await page.goto('/?scenario=plan-mode&sandbox=virtual');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel(/Ask me/).check();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const dialog = page.getByTestId('permission-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('ExitPlanMode');
    await expect(dialog).toContainText('leaving plan mode needs the user to approve the plan');
    await dialog.getByRole('button', { name: 'Allow once' }).click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    const record = await page.evaluate(() => window.playground.record());
    const exit = record.turns.flatMap((turn) => turn.calls).find((call) => call.id === 'toolu_exit_plan');
    expect(exit?.permission?.answer).toBe('allow');
    expect(exit?.outcome).toBe('success');
  });
});

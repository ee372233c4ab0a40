import { expect, test, type Page } from './fixtures';

/** Screenshots go to test-results; `npm run snapshots` refreshes the committed ones in e2e/snapshots. */
const shots = process.env.UPDATE_SNAPSHOTS === '1' ? 'e2e/snapshots' : 'test-results/snapshots';

async function runToEnd(page: Page, scenario: string) {
  await page.goto(`/?scenario=${scenario}&sandbox=virtual&autorun=1`);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
}

test.describe('the timeline', () => {
  test('draws the causes of seed-partition: Bash ← both Reads, Read(c) ← Bash; a lane chosen says why', async ({ page }) => {
    await runToEnd(page, 'seed-partition');
    const causes = page.getByTestId('cause');
    const drawn = await causes.evaluateAll((paths) => paths.map((path) => `${path.getAttribute('data-from')}>${path.getAttribute('data-to')}:${path.getAttribute('data-kind')}`));
    expect(drawn).toContain('toolu_read_a>toolu_bash_ls:runs-alone');
    expect(drawn).toContain('toolu_read_b>toolu_bash_ls:runs-alone');
    expect(drawn.some((link) => /^toolu_bash_ls>toolu_read_c:unsafe-(ahead|running)$/.test(link))).toBe(true);
    expect(drawn.filter((link) => link.startsWith('stream>')).length).toBe(4);
    // Every connector is really drawn: a path with a length, inside the timeline.
    const box = await page.locator('[data-testid=cause][data-to=toolu_read_c]').first().boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(10);
    // Each cause but the stream's carries its word, readable without the key: what held a call at
    // the blocker's end ("unsafe ahead"), why the call waited ("runs alone") once, before its bar.
    const labels = await page.getByTestId('cause-label').evaluateAll((texts) => texts.map((text) => `${text.getAttribute('data-kind')}:${text.textContent}`));
    // (Where two causes leave one blocker at about one moment, the first's word stands for both.)
    expect(labels.filter((label) => label === 'runs-alone:runs alone')).toHaveLength(1);
    const unsafe = labels.filter((label) => /^unsafe-(ahead|running):unsafe (ahead|running)$/.test(label));
    expect(unsafe.length).toBeGreaterThanOrEqual(1);
    expect(labels).toHaveLength(1 + unsafe.length);
    const bashRow = await page.locator('[data-testid=call][data-call-id=toolu_bash_ls]').boundingBox();
    const runsAlone = await page.locator('[data-testid=cause-label][data-kind=runs-alone]').boundingBox();
    expect(runsAlone!.y + runsAlone!.height / 2).toBeGreaterThan(bashRow!.y);
    expect(runsAlone!.y + runsAlone!.height / 2).toBeLessThan(bashRow!.y + bashRow!.height);

    await page.locator('[data-testid=call][data-call-id=toolu_read_c]').click();
    await expect(page.getByTestId('why')).toContainText('Bash(ls src)');
    await expect(page.locator('[data-testid=call][data-call-id=toolu_bash_ls]')).toHaveAttribute('data-blocking', 'true');
    await expect(page.locator('[data-testid=why-blocker]')).toHaveAttribute('data-call-id', 'toolu_bash_ls');

    // The critical path: Read(c) ended the run, and it waited for Bash.
    await page.getByTestId('timeline-critical').click();
    await expect(page.locator('[data-testid=call][data-call-id=toolu_read_c]')).toHaveAttribute('data-critical', 'true');
    await expect(page.locator('[data-testid=cause][data-emphasis=critical]').first()).toBeAttached();
  });

  test('the executor diagram moves with the scrubber: ten slots full and four queued behind the cap, then the gate and the results', async ({ page }) => {
    await runToEnd(page, 'concurrency-cap');
    await page.getByTestId('timeline-executor').click();
    const diagram = page.getByTestId('executor-diagram');
    await expect(diagram.locator('[data-station=results]')).toHaveAttribute('data-count', '14');
    // Back to the moment the cap binds: walk the scrubber from the start until all ten slots are full.
    const scrubber = page.getByRole('slider');
    await scrubber.focus();
    await page.keyboard.press('Home');
    const slots = diagram.locator('[data-station=slots]');
    for (let i = 0; i < 120 && (await slots.getAttribute('data-count')) !== '10'; i++) await page.keyboard.press('ArrowRight');
    await expect(slots).toHaveAttribute('data-cap', '10');
    await expect(slots).toHaveAttribute('data-count', '10');
    for (let i = 0; i < 20 && (await diagram.locator('[data-station=queue]').getAttribute('data-count')) !== '4'; i++) await page.keyboard.press('ArrowRight');
    await expect(diagram.getByTestId('executor-barrier')).toHaveAttribute('data-kind', 'cap');
  });

  test('the executor diagram shows the cascade a failed Bash call tripped', async ({ page }) => {
    await runToEnd(page, 'bash-cascade');
    await page.getByTestId('timeline-executor').click();
    await expect(page.getByTestId('executor-cascade')).toContainText(/Cascade tripped: Bash\(.+\) failed and cancelled \d+ sibling/);
  });

  test('concurrency-cap at 1280×800: every lane inside the visible timeline, no scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await runToEnd(page, 'concurrency-cap');
    const scroller = await page.locator('.tl-scroller').boundingBox();
    const lanes = page.getByTestId('call');
    expect(await lanes.count()).toBeGreaterThan(4);
    for (const lane of await lanes.all()) {
      const box = await lane.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(scroller!.y);
      expect(box!.y + box!.height).toBeLessThanOrEqual(scroller!.y + scroller!.height + 0.5);
      expect(box!.x + box!.width).toBeLessThanOrEqual(scroller!.x + scroller!.width + 0.5);
    }
    const overflow = await page.locator('.tl-scroller').evaluate((element) => ({ x: element.scrollWidth - element.clientWidth, y: element.scrollHeight - element.clientHeight }));
    expect(overflow).toEqual({ x: 0, y: 0 });
  });

  test('the key of the lines shows under the lanes from the first look, gives way to a chosen lane’s why, and folds for good', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    const key = page.getByTestId('cause-key');
    await expect(key).toBeVisible();
    await expect(key).toContainText('earlier result');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    await page.locator('[data-testid=call][data-call-id=toolu_read_c]').click();
    await expect(key).toBeHidden();
    await page.reload();
    await expect(key).toBeVisible();
    await key.getByRole('button', { name: 'Fold the key of the lines' }).click();
    await expect(key).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('why')).toBeVisible();
    await expect(key).toBeHidden();
  });

  for (const [width, height] of [
    [390, 844],
    [1024, 768],
    [1280, 800],
    [1920, 1080],
  ] as const) {
    test(`screenshots at ${width}×${height}: idle, mid-run (paused by stepping) and done; nothing scrolls sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto('/?scenario=seed-partition&sandbox=virtual');
      await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
      const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await sideways()).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${shots}/timeline-${width}-idle.png` });
      // Step starts the run paused and moves it one moment at a time: mid-run is reached by steps,
      // never by racing the run's clock.
      const step = page.getByRole('button', { name: 'Step', exact: true });
      const executing = page.locator('[data-testid=call][data-state=executing]');
      await step.click();
      if (width <= 900) {
        // On a phone the panes stack: the run brings the timeline onto the first screen (the
        // next click on Step scrolls back up to it, as a finger would).
        await expect.poll(() => page.locator('#timeline').evaluate((box) => box.getBoundingClientRect().top)).toBeLessThan(height / 2);
        expect(await page.locator('#timeline').evaluate((box) => box.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
      }
      for (let i = 0; i < 200 && (await executing.count()) === 0; i++) await step.click();
      await expect(executing.first()).toBeAttached();
      // Paused, the status says so (the run is still a running one underneath).
      await expect(page.getByTestId('run-status')).toHaveText('paused');
      await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'running');
      await page.screenshot({ path: `${shots}/timeline-${width}-mid-run.png` });
      await page.getByRole('button', { name: 'Resume', exact: true }).click();
      await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
      expect(await sideways()).toBeLessThanOrEqual(0);
      await page.locator('[data-testid=call][data-call-id=toolu_read_c]').click();
      await page.screenshot({ path: `${shots}/timeline-${width}-done.png` });
    });
  }
});

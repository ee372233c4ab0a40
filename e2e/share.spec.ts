import { expect, test, type Browser, type Page } from './fixtures';
import { replaceByTyping, wake } from './editors';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Each call's outcome by id, sub-agents' calls included. */
async function outcomes(page: Page): Promise<Record<string, string | null>> {
  const record = await page.evaluate(() => window.playground.record());
  const byId: Record<string, string | null> = {};
  const walk = (turns: typeof record.turns) => {
    for (const turn of turns) {
      for (const call of turn.calls) {
        byId[call.id] = call.outcome;
        walk(call.children ?? []);
      }
    }
  };
  walk(record.turns);
  return byId;
}

/** Presses "Copy share link" and reads the link from the clipboard and from the field that shows it. */
async function copyShareLink(page: Page): Promise<string> {
  await page.getByTestId('scenario-share').click();
  const field = page.getByTestId('scenario-share-link');
  await expect(field).toHaveAttribute('data-copied', 'true');
  const shown = await field.getByRole('textbox').inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  return shown;
}

/**
 * Opens `link` in a browser context of its own (no storage shared with the first page). The link
 * leaves the sandbox to the page that opens it; here it must be the virtual one.
 */
async function openElsewhere(browser: Browser, link: string): Promise<Page> {
  const url = new URL(link);
  url.searchParams.set('sandbox', 'virtual');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url.href);
  return page;
}

async function runToDone(page: Page): Promise<void> {
  await page.getByLabel('Speed', { exact: true }).selectOption('4');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
}

test.describe('share links', () => {
  // Two pages, each loading the app and running a scenario: slow on a busy two-core machine.

  test('an edited scenario travels in its link: a fresh browser shows it and runs it to the same outcomes', async ({ page, browser }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    const editor = page.getByTestId('scenario-editor');
    await wake(editor);
    await expect(editor.locator('.monaco-editor')).toBeVisible();
    await replaceByTyping(page, editor, "The seed's partition", 'Shared by hand');
    // A block changed too: the Bash call now lists a folder that is not there.
    await replaceByTyping(page, editor, 'ls src', 'ls nowhere');
    await expect(page.getByTestId('scenario-check')).toHaveAttribute('data-valid', 'true');
    await page.getByTestId('scenario-apply').click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Shared by hand: [Read a');
    await page.getByLabel('Strategy', { exact: true }).selectOption('serial');
    await runToDone(page);
    const here = await outcomes(page);
    expect(here.toolu_bash_ls).toBe('error');

    const link = await copyShareLink(page);
    expect(new URL(link).hash).toMatch(/^#s=[^&]+&autorun=1&strategy=serial$/);

    const there = await openElsewhere(browser, link);
    await expect(there.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    await expect(there.getByRole('heading', { level: 1 })).toContainText('Shared by hand: [Read a');
    await expect(there.getByTestId('scenario-editing')).toContainText('Editing the shared scenario seed-partition');
    await expect(there.getByLabel('Strategy', { exact: true })).toHaveValue('serial');
    const record = await there.evaluate(() => window.playground.record());
    expect(record.strategy).toBe('serial');
    expect(record.turns[0]?.calls.find((call) => call.id === 'toolu_bash_ls')?.input).toEqual({ command: 'ls nowhere' });
    expect(await outcomes(there)).toEqual(here);
    await there.context().close();
  });

  test('an unchanged lesson shares as ?scenario=ID and runs the same in a fresh browser', async ({ page, browser }) => {
    await page.goto('/?scenario=sub-agent&sandbox=virtual');
    await expect(page.getByTestId('scenario-editing')).toHaveAttribute('data-dirty', 'false');
    await runToDone(page);
    const here = await outcomes(page);
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(title).toContain('Sub-agents');

    const link = new URL(await copyShareLink(page));
    expect(link.hash).toBe('');
    // No strategy chosen: the link leaves it to the lesson's policy, as the page did.
    expect([...link.searchParams]).toEqual([
      ['scenario', 'sub-agent'],
      ['autorun', '1'],
    ]);

    const there = await openElsewhere(browser, link.href);
    await expect(there.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    await expect(there.getByTestId('run-status')).toHaveText('done · expectations met');
    await expect(there.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(there.getByTestId('scenario-editing')).toContainText('Editing the lesson sub-agent');
    expect(Object.keys(here).length).toBeGreaterThan(4);
    expect(await outcomes(there)).toEqual(here);
    await there.context().close();
  });
});

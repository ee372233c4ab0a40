import { expect, test, type Page } from './fixtures';
import { editorText, replaceByTyping, wake } from './editors';

const LESSON_TITLE = "The seed's partition: [Read a, Read b, Bash ls, Read c]";
const DRAFT_TITLE = 'A draft nobody applied';

/** A scenario that imports cleanly. */
const GOOD = JSON.stringify(
  {
    id: 'imported-by-hand',
    title: 'Imported by hand',
    description: 'One turn, one text block.',
    workspace: { files: { 'src/a.ts': 'export const a = 1;\n' } },
    turns: [{ stream: [{ type: 'text', text: 'Hello.', at: 0, durationMs: 100 }] }],
  },
  null,
  2,
);

/** The same file with the comma after the title (line 3) missing: the break is at line 4, column 3. */
const NOT_JSON = GOOD.replace('"Imported by hand",', '"Imported by hand"');

/** JSON, but four fields break the scenario format. */
const OFF_SCHEMA = JSON.stringify(
  {
    id: 'Not An Id',
    title: 7,
    description: 'Four problems.',
    workspace: { files: {} },
    turns: [{ stream: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'a.ts' }, at: -5, durationMs: 10, latencyMs: 'slow' }] }],
  },
  null,
  2,
);

/** Each listed error as the page shows it: its path, where it says it is, and what. */
interface ShownError {
  path: string;
  where: string;
  message: string;
}

async function shownErrors(page: Page): Promise<ShownError[]> {
  return page
    .getByTestId('scenario-import-error-list')
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => ({
        path: item.getAttribute('data-path') ?? '',
        where: item.querySelector('.scenario-error-where')?.textContent ?? '',
        message: item.querySelector('.scenario-error-message')?.textContent ?? '',
      })),
    );
}

/** Picks `text` as the file `name` in the Import… file chooser. */
async function importFile(page: Page, name: string, text: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('scenario-import').click();
  await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

/** The lesson still loaded, the draft still in the editor, nothing added to "Mine". */
async function expectNothingChanged(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toContainText(LESSON_TITLE);
  const state = await page.evaluate(() => {
    const { scenario, source } = window.playground.state();
    return { id: scenario?.id, title: scenario?.title, source };
  });
  expect(state).toEqual({ id: 'seed-partition', title: LESSON_TITLE, source: 'built-in' });
  await expect(page.getByTestId('scenario-editing')).toHaveAttribute('data-dirty', 'true');
  await expect(page.getByTestId('scenario-editing')).toContainText('Editing the lesson seed-partition');
  await expect(page.getByTestId('scenario-editing')).toContainText('unsaved edits');
  expect(await editorText(page.getByTestId('scenario-editor'))).toContain(`"title": "${DRAFT_TITLE}: [Read a`);
  await expect(page.getByTestId('scenario-list-mine')).toHaveCount(0);
  await expect(page.getByTestId('scenario-item-seed-partition')).toHaveAttribute('aria-current', 'true');
}

/** The page still runs the loaded lesson to the end, expectations met. */
async function expectARunSucceeds(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('run-status')).toHaveText('done · expectations met');
  const record = await page.evaluate(() => window.playground.record());
  expect(record.scenario).toBe('seed-partition');
  expect(record.turns.flatMap((turn) => turn.calls).map((call) => call.outcome)).toEqual(['success', 'success', 'success', 'success']);
}

test('importing: a file that is not JSON, then one that breaks the format, are refused and change nothing; a good one then is added', async ({ page }) => {
  await page.goto('/?scenario=seed-partition&sandbox=virtual');
  const editor = page.getByTestId('scenario-editor');
  await wake(editor);
  await expect(editor.locator('.monaco-editor')).toBeVisible();
  // An unsaved draft, which a refused import must leave alone.
  await replaceByTyping(page, editor, "The seed's partition", DRAFT_TITLE);
  await expect(page.getByTestId('scenario-editing')).toHaveAttribute('data-dirty', 'true');
  await expect(page.getByTestId('scenario-check')).toHaveAttribute('data-valid', 'true');
  const panel = page.getByTestId('scenario-import-errors');

  await test.step('a file that is not JSON is refused with the line and column of the break; nothing changes and the page still runs', async () => {
    await importFile(page, 'broken.json', NOT_JSON);
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('broken.json was not imported (1 problem); nothing was changed.');
    const errors = await shownErrors(page);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ path: '', where: '4:3' });
    expect(errors[0]?.message).toMatch(/expected "," or "}" after a property value/);

    await expectNothingChanged(page);
    await panel.getByRole('button', { name: 'Dismiss' }).click();
    await expect(panel).toBeHidden();
    await expectARunSucceeds(page);
  });

  await test.step('a file that breaks the format is refused with every error at its path; nothing changes and the page still runs', async () => {
    await importFile(page, 'off-schema.json', OFF_SCHEMA);
    await expect(panel).toContainText('off-schema.json was not imported (4 problems); nothing was changed.');
    const errors = await shownErrors(page);
    expect(errors.map(({ path, where }) => ({ path, where }))).toEqual([
      { path: 'id', where: 'id' },
      { path: 'title', where: 'title' },
      { path: 'turns[0].stream[0].at', where: 'turns[0].stream[0].at' },
      { path: 'turns[0].stream[0].latencyMs', where: 'turns[0].stream[0].latencyMs' },
    ]);
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining('kebab-case'),
      expect.stringContaining('expected a string, got the number 7'),
      expect.stringContaining('must be at least 0, got the number -5'),
      expect.stringContaining('expected a number, got a string ("slow")'),
    ]);

    await expectNothingChanged(page);
    // The refusal stays up while the page is used.
    await expectARunSucceeds(page);
    await expect(panel).toBeVisible();
  });

  await test.step('a refused import then a good one: only the good one is added', async () => {
    await importFile(page, 'good.json', GOOD);
    await expect(panel).toBeHidden();
    // Added to "Mine" and opened: the page has loaded it.
    await expect(page.getByTestId('scenario-list-mine').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('scenario-item-mine-imported-by-hand')).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Imported by hand');
    await expect(page.getByTestId('scenario-editing')).toContainText('Editing your scenario imported-by-hand');
  });
});

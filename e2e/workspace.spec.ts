import { expect, test, type Page } from './fixtures';
import { caretToEnd, editorText, outputOf, runInTerminal, terminalRows, wake } from './editors';

/** The lesson's files, as the scenario ships them. */
const A = 'export const a = 1;';
const B = 'export const b = 2;';
const C = 'export const c = 3;';

/** Comments: Monaco offers no completions inside one, so what is typed is what lands. */
const EDIT_A = '// a edited by hand';
const EDIT_B = '// b edited by hand';
const EDIT_C = '// c edited by hand';

const editor = (page: Page) => page.getByTestId('code-editor');
const file = (page: Page, name: string) => page.getByRole('tree', { name: 'Workspace files' }).getByRole('treeitem', { name });

/** Opens a workspace file from the tree and waits for Monaco to show it. */
async function openFile(page: Page, name: string, shows: string): Promise<void> {
  await file(page, name).click();
  await expect(file(page, name)).toHaveAttribute('aria-selected', 'true');
  await wake(editor(page));
  await expect(editor(page).locator('.view-lines')).toContainText(shows);
}

/** The text of the result a call of the finished run got. */
async function resultOf(page: Page, id: string): Promise<string> {
  const record = await page.evaluate(() => window.playground.record());
  const call = record.turns.flatMap((turn) => turn.calls).find((c) => c.id === id);
  return call?.result?.content ?? `(no result for ${id})`;
}

test.describe('Monaco and xterm.js load when first reached for', () => {
  /** The heavy chunks: Monaco's API and setup, xterm.js's terminal. */
  const heavy = (page: Page) =>
    page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((url) => /\/assets\/(editor\.api|setupMonaco|Terminal)-[^/]*\.js$/.test(url)));

  test('the page shows the file and the run output without them; a click in the file brings Monaco with the caret where it fell', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual&autorun=1');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    // A whole run and its Bash output, drawn with neither library loaded.
    await expect(editor(page)).toHaveAttribute('data-state', 'preview');
    await expect(editor(page)).toContainText(A);
    await expect(page.getByTestId('terminal')).toHaveAttribute('data-state', 'preview');
    await expect(page.getByTestId('terminal')).toContainText('▶ Bash');
    expect(await heavy(page)).toEqual([]);

    // A click at the start of the first line: Monaco comes, takes the focus and puts the caret there.
    await editor(page).locator('.code-editor-preview-text').click({ position: { x: 1, y: 4 } });
    await expect(editor(page).locator('.monaco-editor')).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null)).toBe(true);
    await page.keyboard.type('Z');
    await expect.poll(() => editorText(editor(page))).toBe(`Z${A}`);

    // The terminal: a pointer over it brings xterm.js, which replays what the run printed, and the shell's prompt.
    await page.getByTestId('terminal').hover();
    await expect(terminalRows(page)).toContainText('▶ Bash');
    await expect(terminalRows(page)).toContainText('$');
    expect((await heavy(page)).length).toBeGreaterThanOrEqual(3);
  });
});

test.describe('the workspace: Monaco and the terminal', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    await wake(editor(page));
    await expect(editor(page).locator('.monaco-editor')).toBeVisible();
    await expect(file(page, 'a.ts')).toHaveAttribute('aria-selected', 'true');
  });

  test('a file edited by typing in Monaco is what cat prints in the terminal, and what the run reads', async ({ page }) => {
    await caretToEnd(page, editor(page));
    await page.keyboard.type(EDIT_A);
    await expect.poll(() => editorText(editor(page))).toBe(`${A}\n${EDIT_A}`);

    await runInTerminal(page, 'cat src/a.ts');
    await expect.poll(() => outputOf(page, 'cat src/a.ts')).toEqual([A, EDIT_A]);
    // The other files are as the scenario has them.
    await runInTerminal(page, 'cat src/b.ts');
    await expect.poll(() => outputOf(page, 'cat src/b.ts')).toEqual([B]);

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    const record = await page.evaluate(() => window.playground.record());
    expect(record.expectations?.passed, JSON.stringify(record.expectations?.failures)).toBe(true);
    expect(await resultOf(page, 'toolu_read_a')).toMatch(new RegExp(`1\\t${A}\\n\\s*2\\t${EDIT_A}$`));
    expect(record.files['src/a.ts']).toBe(`${A}\n${EDIT_A}`);
    // After the run the workspace shows the run's files: the edit is still there.
    await expect.poll(() => editorText(editor(page))).toBe(`${A}\n${EDIT_A}`);
  });

  test('the TypeScript worker starts with the first edit of a TypeScript file, not with the page, and then marks a syntax error', async ({ page }) => {
    const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    const compilerLoads = async () => (await scripts()).filter((url) => url.includes('ts.worker')).length;
    // Shown and clicked into, the file is only read: Monaco's own worker is up, the compiler is not.
    await editor(page).locator('.view-lines').click();
    await expect.poll(async () => (await scripts()).some((url) => url.includes('editor.worker'))).toBe(true);
    expect(await compilerLoads()).toBe(0);
    await caretToEnd(page, editor(page));
    await page.keyboard.type('\nconst = ;');
    await expect.poll(compilerLoads).toBe(1);
    await expect(editor(page).locator('.squiggly-error').first()).toBeVisible();
  });

  test('edits survive switching files, even a switch before the edit was reported', async ({ page }) => {
    await caretToEnd(page, editor(page));
    await page.keyboard.type(EDIT_A);
    // At once, before the editor's quiet period reports the edit.
    await openFile(page, 'b.ts', B);
    await caretToEnd(page, editor(page));
    await page.keyboard.type(EDIT_B);
    await openFile(page, 'a.ts', A);
    await expect.poll(() => editorText(editor(page))).toBe(`${A}\n${EDIT_A}`);
    await openFile(page, 'b.ts', B);
    await expect.poll(() => editorText(editor(page))).toBe(`${B}\n${EDIT_B}`);

    await runInTerminal(page, 'cat src/a.ts src/b.ts src/c.ts');
    await expect.poll(() => outputOf(page, 'cat src/a.ts src/b.ts src/c.ts')).toEqual([A, `${EDIT_A}${B}`, EDIT_B + C]);
  });

  test('Run pressed straight after typing starts from the edited file', async ({ page }) => {
    await openFile(page, 'c.ts', C);
    await caretToEnd(page, editor(page));
    await page.keyboard.type(EDIT_C);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    expect(await resultOf(page, 'toolu_read_c')).toContain(EDIT_C);
    expect(await resultOf(page, 'toolu_read_a')).not.toContain('edited');
    const record = await page.evaluate(() => window.playground.record());
    expect(record.files['src/c.ts']).toBe(`${C}\n${EDIT_C}`);
  });
});

test.describe('the workspace tree follows the sandbox', () => {
  const tree = (page: Page) => page.getByTestId('file-tree');

  test.beforeEach(async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    await expect(tree(page).locator('[data-path="src/a.ts"]')).toBeVisible();
  });

  test('a file the terminal writes or removes shows in the tree, and the next run starts from it', async ({ page }) => {
    await runInTerminal(page, 'echo hi > x.txt');
    await expect(tree(page).locator('[data-path="x.txt"]')).toBeVisible();
    await expect(tree(page).locator('[data-path="x.txt"]')).toHaveAccessibleName('x.txt (added)');
    await runInTerminal(page, 'rm src/b.ts');
    // A removed file stays in the tree, marked, so the change is seen.
    await expect(tree(page).locator('[data-path="src/b.ts"]')).toHaveAccessibleName('b.ts (deleted)');

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    // The run started from the workspace as it was left: b.ts was gone, x.txt was there.
    const record = await page.evaluate(() => window.playground.record());
    expect(record.files['x.txt']).toBe('hi\n');
    expect(record.files['src/b.ts']).toBeUndefined();
    await expect(tree(page).locator('[data-path="x.txt"]')).toBeVisible();
  });

  test('opening another lesson marks the switch in the terminal, under the last one’s output', async ({ page }) => {
    await runInTerminal(page, 'echo from-the-first-lesson');
    await expect.poll(() => outputOf(page, 'echo from-the-first-lesson')).toEqual(['from-the-first-lesson']);
    await page.getByTestId('scenario-item-streaming-speedup').click();
    await expect(page.getByTestId('terminal')).toContainText('── opened streaming-speedup ──');
  });

  test('after a run the pane says the next run resets the files, and keeping them carries them over', async ({ page }) => {
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    await runInTerminal(page, 'echo kept > kept.txt');
    await expect(tree(page).locator('[data-path="kept.txt"]')).toBeVisible();
    const note = page.getByTestId('workspace-note');
    await expect(note).toContainText('The next run starts again from the files this run started from');
    await note.getByRole('button', { name: 'Keep for the next run' }).click();
    await expect(note).toHaveCount(0);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    const record = await page.evaluate(() => window.playground.record());
    expect(record.files['kept.txt']).toBe('kept\n');
  });

  test('scrubbing back shows the files as they were at that moment, not as deleted', async ({ page }) => {
    await page.goto('/?scenario=parallel-edit-race&sandbox=virtual');
    const file = tree(page).locator('[data-path="src/settings.ts"]');
    await expect(file).toBeVisible();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    await expect(file).toHaveAccessibleName('settings.ts (changed)');

    const scrubber = page.getByRole('slider');
    await scrubber.focus();
    await page.keyboard.press('Home');
    await expect(scrubber).toHaveAttribute('aria-valuetext', /^event 0 of \d+$/);
    // At the start of the run the file is as the scenario has it: there, unchanged.
    await expect(file).toHaveAccessibleName('settings.ts');
    await expect(tree(page).getByRole('treeitem', { name: /\(deleted\)/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'To the end' }).click();
    await expect(file).toHaveAccessibleName('settings.ts (changed)');
  });
});

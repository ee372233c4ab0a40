import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Monaco and the xterm terminal as a person uses them: typed into through the keyboard, read
 * from what they draw. Neither has an accessible text, so the reads go through the classes the two
 * libraries render (`.view-lines`, `.xterm-rows`).
 */

/**
 * Monaco and xterm.js load when a person first reaches for an editor or the terminal (a pointer
 * over it is enough); until then the pane draws a preview (`data-state="preview"`). This reaches
 * for it as a person would, and waits for the library's own view.
 */
export async function wake(pane: Locator, view: '.monaco-editor' | '.xterm-rows' = '.monaco-editor'): Promise<void> {
  if ((await pane.getAttribute('data-state')) === 'preview') await pane.hover();
  await expect(pane.locator(view).first()).toBeAttached();
}

/** The lines a Monaco editor draws (only those in view: Monaco renders no more). */
export async function editorText(editor: Locator): Promise<string> {
  await wake(editor);
  return (await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ');
}

/** Puts the caret at the end of a Monaco editor's text, through a click and Ctrl+End. */
export async function caretToEnd(page: Page, editor: Locator): Promise<void> {
  await wake(editor);
  await editor.locator('.monaco-editor').click();
  await page.keyboard.press('Control+End');
}

/**
 * Replaces the first `find` after the caret with `replacement`, the way a person does: Ctrl+F
 * selects the match, Escape leaves the find widget, and typing overwrites the selection.
 */
export async function replaceByTyping(page: Page, editor: Locator, find: string, replacement: string): Promise<void> {
  await wake(editor);
  await editor.locator('.monaco-editor').click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Control+f');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(find);
  await page.keyboard.press('Escape');
  await page.keyboard.type(replacement);
}

/** The terminal's screen, row by row. */
export function terminalRows(page: Page): Locator {
  return page.getByTestId('terminal').locator('.xterm-rows');
}

/** Types `command` and Enter into the terminal's shell, once the shell is attached. */
export async function runInTerminal(page: Page, command: string): Promise<void> {
  await wake(page.getByTestId('terminal'), '.xterm-rows');
  await expect(page.getByRole('textbox', { name: 'Terminal: type a command' })).toBeAttached();
  await expect(terminalRows(page)).toContainText('$');
  await page.getByTestId('terminal').click();
  await page.keyboard.type(command);
  await page.keyboard.press('Enter');
}

/** A shell prompt row: the working directory and `$` (`/workspace $ `). */
const PROMPT = /^\S+ \$(?: |$)/;

/** The rows the terminal printed after the last time `command` was entered, up to the next prompt. */
export async function outputOf(page: Page, command: string): Promise<string[]> {
  const rows = (await terminalRows(page).innerText()).replace(/\u00a0/g, ' ').split('\n').map((row) => row.trimEnd());
  const entered = rows.findLastIndex((row) => PROMPT.test(row) && row.endsWith(`$ ${command}`));
  if (entered < 0) return [];
  const next = rows.findIndex((row, i) => i > entered && PROMPT.test(row));
  return rows.slice(entered + 1, next < 0 ? undefined : next);
}

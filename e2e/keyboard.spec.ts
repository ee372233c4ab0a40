import { expect, test, type Page } from './fixtures';
import { wake } from './editors';

/** Which pane the focused element is in, and whether it is inside a Monaco editor. */
async function whereIsFocus(page: Page): Promise<{ pane: string; monaco: boolean; key: string }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { pane: 'none', monaco: false, key: 'body' };
    const panes: [string, string][] = [
      ['header', '.app-header'],
      ['lanes', '[data-testid=call]'],
      ['timeline', '.centre'],
      ['lessons', '.side'],
      ['results', '.results'],
      ['workspace', '.workspace-pane'],
      ['terminal', '.terminal-pane'],
    ];
    const pane = panes.find(([, selector]) => element.closest(selector))?.[0] ?? 'other';
    const key = `${element.tagName}|${element.getAttribute('data-testid') ?? ''}|${element.getAttribute('aria-label') ?? ''}|${element.textContent?.slice(0, 30) ?? ''}`;
    return { pane, monaco: element.closest('.monaco-editor') !== null, key };
  });
}

test.describe('the keyboard', () => {
  test('Tab walks through every pane, and through the editor without being trapped', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual&autorun=1');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    await page.getByTestId('editor').waitFor();
    // Monaco loads when first reached for: a pointer over the workspace's editor brings it, so the walk goes through Monaco itself.
    await wake(page.getByTestId('code-editor'));
    await page.locator('.monaco-editor textarea').first().waitFor({ state: 'attached' });
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    const reached = new Set<string>();
    let inMonaco = 0;
    for (let i = 0; i < 400 && !reached.has('terminal'); i++) {
      await page.keyboard.press('Tab');
      const focus = await whereIsFocus(page);
      reached.add(focus.pane);
      // Tab inside an editor would indent and stay: two presses in a row inside one is a trap.
      inMonaco = focus.monaco ? inMonaco + 1 : 0;
      expect(inMonaco, `Tab stayed in the editor (${focus.key})`).toBeLessThan(2);
    }
    for (const pane of ['header', 'lessons', 'timeline', 'lanes', 'results', 'workspace', 'terminal']) expect([...reached]).toContain(pane);
  });

  test('in an editor entered with a click, Tab indents; Escape, then Tab, leaves it', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    await page.getByTestId('editor').waitFor();
    await wake(page.getByTestId('code-editor'));
    const editor = page.locator('.workspace-pane .monaco-editor').first();
    await editor.waitFor();
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Tab');
    expect((await whereIsFocus(page)).monaco).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    const after = await whereIsFocus(page);
    expect(after.monaco).toBe(false);
    expect(after.pane).not.toBe('none');
  });

  test('? lists every shortcut; Escape puts the list away and the keys work again', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('?');
    const list = page.getByTestId('shortcuts');
    await expect(list).toBeVisible();
    await expect(list.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
    for (const key of ['Space', '/', 'Ctrl + wheel', 'W', 'A', 'Shift + Enter']) await expect(list.locator('kbd', { hasText: new RegExp(`^${key.replace(/[+/]/g, '\\$&')}$`) }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press(' ');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', /running|done/);
  });
});

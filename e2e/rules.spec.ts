import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

/** Opens the Settings tab's rule tester. */
async function openTester(page: Page) {
  await page.goto('/?scenario=seed-partition&sandbox=virtual');
  await page.getByRole('tab', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: 'Rule tester' }).click();
  const tester = page.getByTestId('rules-tester');
  await expect(tester).toBeVisible();
  return tester;
}

test.describe('the permission-rule tester', () => {
  test('explains a typed command under typed rules: the decision, the split, the inner commands and the deciding rule', async ({ page }) => {
    const tester = await openTester(page);
    const allow = tester.getByLabel('Allow rules');
    const deny = tester.getByLabel('Deny rules');
    const command = tester.getByRole('textbox', { name: 'Command', exact: true });
    await allow.fill('Bash(git *)\nBash(xargs:*)');
    await deny.fill('Bash(rm:*)');
    await command.fill('git status && echo x | xargs rm');

    const result = tester.getByTestId('rule-result');
    await expect(result).toHaveAttribute('data-decision', 'deny');
    await expect(tester.getByTestId('rule-matching')).toHaveText('Bash(rm:*)');
    await expect(tester.getByTestId('rule-split').getByRole('listitem')).toHaveText(['git status', 'echo x', 'xargs rm']);
    // xargs runs rm: the inner command is seen, and the deny matches it.
    await expect(tester.getByTestId('rule-inner')).toContainText('rm');
    await expect(tester.getByTestId('rule-inner')).toContainText('through xargs');
    await expect(result).toContainText('Why:');
    await expect(tester.getByTestId('rule-checks').locator('tr[data-deciding=true]')).toContainText('Bash(rm:*)');

    // Without the deny, xargs' allow does not let rm through: nothing allows the inner command.
    await deny.fill('');
    await expect(result).not.toHaveAttribute('data-decision', 'allow');
    // And a command every part of which is allowed is allowed.
    await command.fill('git status');
    await expect(result).toHaveAttribute('data-decision', 'allow');
    await expect(tester.getByTestId('rule-matching')).toHaveText('Bash(git *)');
  });

  test('a rule that cannot be read is named with its list, and the page goes on', async ({ page }) => {
    const tester = await openTester(page);
    await tester.getByLabel('Deny rules').fill('Bash(rm:*');
    const errors = tester.getByTestId('rules-errors');
    await expect(errors).toContainText('The deny rule Bash(rm:* cannot be read');
    await tester.getByLabel('Deny rules').fill('Bash(rm:*)');
    await expect(errors).toHaveCount(0);
    await expect(tester.getByTestId('rule-result')).toHaveAttribute('data-decision', 'deny');
  });

  test('ships the bypass corpus as examples, each decided as the corpus expects', async ({ page }) => {
    const tester = await openTester(page);
    const examples = tester.getByLabel('Try a bypass from the project’s corpus');
    const values = await examples.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter((value) => value !== ''));
    expect(values.length).toBeGreaterThan(40);
    for (const value of [values[0]!, values[Math.floor(values.length / 2)]!, values.at(-1)!]) {
      await examples.selectOption(value);
      const expected = await tester.getByTestId('rules-example-expect').locator('strong').textContent();
      await expect(tester.getByTestId('rule-result')).toHaveAttribute('data-decision', expected ?? '');
    }
    // Editing the example makes it the person's own.
    await tester.getByRole('textbox', { name: 'Command', exact: true }).fill('ls');
    await expect(tester.getByTestId('rules-example-expect')).toHaveCount(0);

    const results = await new AxeBuilder({ page }).include('[data-testid=rules-tester]').analyze();
    expect(results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
  });
});

import { expect, test, type Page } from './fixtures';
import LZString from 'lz-string';

const run = async (page: Page) => {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
};

test.describe('the page panels', () => {
  test('the keyboard: a skip link to the timeline first, and Run hands focus to Pause, then back to Run', async ({ page }) => {
    await page.goto('/?scenario=streaming-speedup&sandbox=virtual');
    const runButton = page.getByRole('button', { name: 'Run', exact: true });
    await expect(runButton).toBeEnabled();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('skip-to-timeline')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#timeline')).toBeFocused();
    await page.getByLabel('Speed', { exact: true }).selectOption('0.25');
    await runButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /^(Pause|Resume)$/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    await expect(runButton).toBeFocused();
  });

  test('the splitters: dragged or moved by the keys, a pane keeps its size across a reload; the side pane opens wide and back', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    const left = page.getByRole('separator', { name: 'Resize the scenarios pane' });
    const side = page.getByRole('complementary', { name: 'Scenarios, settings and tool pool' });
    const width = async () => Math.round((await side.boundingBox())!.width);
    const before = await width();
    const handle = (await left.boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + 200);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + 80, handle.y + 200, { steps: 4 });
    await page.mouse.up();
    await expect.poll(width).toBe(before + 80);
    await left.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(width).toBe(before + 56);
    await expect(left).toHaveAttribute('aria-valuenow', String(before + 56));
    await page.reload();
    await expect.poll(width).toBe(before + 56);
    // The timeline between them took the width the side pane gave up, and nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // Opened wide for the editor or the rule tester, then given back its chosen width.
    await page.getByTestId('side-wide').click();
    await expect.poll(width).toBe(640);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByTestId('side-wide').click();
    await expect.poll(width).toBe(before + 56);
  });

  test('the policy is chosen in Settings with its source, and the header’s strategy follows it', async ({ page }) => {
    await page.goto('/?scenario=claude-code-changed-its-mind&sandbox=virtual');
    await page.getByRole('tab', { name: 'Settings', exact: true }).click();
    const setting = page.getByTestId('policy-setting');
    const policy = setting.getByRole('combobox', { name: /^Policy/ });
    await expect(policy).toHaveValue('claude-code-2.1.39');
    await expect(page.getByTestId('policy-source')).toContainText('Rests on:');
    const before = await page.getByTestId('policy-source').textContent();

    await policy.selectOption('claude-code-1.0');
    await expect(page.getByTestId('policy-source')).not.toHaveText(before ?? '');
    await expect(page.getByTestId('policy-summary')).toContainText('Its strategy: batched');
    await expect(page.getByRole('combobox', { name: 'Strategy' })).toHaveValue('batched');
    await expect(setting).toContainText('your change; the scenario’s: claude-code-2.1.39');
    await page.getByRole('button', { name: 'Back to the scenario’s settings' }).click();
    await expect(policy).toHaveValue('claude-code-2.1.39');
  });

  test('lesson text is drawn as Markdown: code and strong text, no raw ** or backticks', async ({ page }) => {
    await page.goto('/?scenario=claude-code-changed-its-mind&sandbox=virtual');
    const text = page.getByTestId('lesson-text');
    await expect(text.locator('code').first()).toHaveText('claude-code-2.1.39');
    await expect(text.locator('strong')).toHaveText('Compare');
    const shown = (await text.textContent()) ?? '';
    expect(shown).not.toContain('**');
    expect(shown).not.toContain('`');
  });

  test('the lesson check is calm when the run is as written, and says in words what a changed run did otherwise', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    await run(page);
    const check = page.getByTestId('lesson-check');
    await expect(check).toHaveAttribute('data-status', 'met');
    await expect(check).toContainText('The run shows what the lesson expects.');

    await page.getByRole('combobox', { name: 'Strategy' }).selectOption('serial');
    await run(page);
    await expect(check).toHaveAttribute('data-status', 'differs');
    await expect(check).toContainText('That is fine: here is what differs, and why.');
    const differences = page.getByTestId('lesson-differences');
    await expect(differences).toContainText('The calls were grouped as [Read(src/a.ts)] then');
    await expect(differences).toContainText('Why: you ran it under the serial strategy (the policy’s own: streaming).');
    await expect(page.getByTestId('lesson-changes')).toContainText('You ran it under the serial strategy');
    // Words, not harness output.
    expect((await differences.textContent()) ?? '').not.toMatch(/toolu_|expected .* to/);
  });

  test('AskUserQuestion is answered in the dialog when “Ask me” is on', async ({ page }) => {
    const scenario = {
      id: 'ask-the-person',
      title: 'Ask the person',
      description: 'The model asks which test runner to use.',
      workspace: { files: { 'a.txt': 'a\n' } },
      settings: { answers: { toolu_ask: { 'Which runner?': 'vitest' } } },
      turns: [
        {
          stream: [
            {
              type: 'tool_use',
              id: 'toolu_ask',
              name: 'AskUserQuestion',
              at: 0,
              durationMs: 50,
              input: {
                questions: [
                  {
                    question: 'Which runner?',
                    header: 'Runner',
                    multiSelect: false,
                    options: [
                      { label: 'vitest', description: 'fast' },
                      { label: 'jest', description: 'familiar' },
                    ],
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    await page.goto(`/?sandbox=virtual#s=${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}`);
    await page.getByRole('tab', { name: 'Settings', exact: true }).click();
    await page.getByRole('checkbox', { name: /^Ask me/ }).check();
    await page.getByRole('button', { name: 'Run', exact: true }).click();

    const dialog = page.getByTestId('question-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Which runner?');
    const answer = dialog.getByRole('button', { name: 'Answer', exact: true });
    await expect(answer).toBeDisabled();
    await dialog.getByRole('radio', { name: /jest/ }).check();
    await answer.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    const record = await page.evaluate(() => window.playground.record());
    const call = record.turns[0]!.calls[0]!;
    expect(call.outcome).toBe('success');
    expect(call.result?.content).toContain('jest');
  });

  test('predict, then run: the lesson’s answer hides while you guess, Run shows the run with the guess on its lanes, then the guess beside the run with why it differed', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    await expect(page.getByTestId('lesson-text')).not.toHaveAttribute('data-hidden', 'true');
    await page.getByRole('tab', { name: 'Predict' }).click();
    const predict = page.getByTestId('predict');
    await expect(predict).toHaveAttribute('data-state', 'guessing');
    // The lesson's text says how the calls are grouped: hidden while guessing.
    await expect(page.getByTestId('lesson-text')).toHaveAttribute('data-hidden', 'true');
    await expect(page.getByTestId('lesson-text')).toContainText('hidden while you predict');
    // The naive guess: all four in one batch. Put the Bash call in a batch of its own.
    await predict.getByRole('combobox', { name: 'Batch of Bash(ls src)' }).selectOption('2');
    await predict.getByRole('combobox', { name: 'Batch of Read(src/c.ts)' }).selectOption('2');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    // Run brings the timeline forward, the guess marked on the lanes it names.
    await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('guess-bar')).toBeVisible();
    const mark = (id: string) => page.locator(`[data-testid=call][data-call-id=${id}] [data-testid=guess-mark]`);
    await expect(mark('toolu_bash_ls')).toHaveAttribute('data-batch', '2');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('lesson-text')).not.toHaveAttribute('data-hidden', 'true');
    await expect(mark('toolu_read_a')).toHaveText('guess 1 ✓');
    await expect(mark('toolu_bash_ls')).toHaveText('guess 2 ✓');
    await expect(mark('toolu_read_c')).toHaveText('guess 2 ✗');
    await expect(page.getByTestId('guess-bar')).toContainText('Your guess: 3 of 4 calls in the batch you put them in');

    await page.getByTestId('guess-bar').getByRole('button', { name: 'Your guess beside the run' }).click();
    await expect(predict).toHaveAttribute('data-state', 'compared');
    await expect(predict.locator('tr[data-call-id=toolu_read_a]')).toHaveAttribute('data-right', 'true');
    await expect(predict.locator('tr[data-call-id=toolu_bash_ls]')).toHaveAttribute('data-right', 'true');
    const c = predict.locator('tr[data-call-id=toolu_read_c]');
    await expect(c).toHaveAttribute('data-right', 'false');
    await expect(c).toContainText('arrived right after Bash(ls src), which runs alone');
    await expect(page.getByTestId('predict-score')).toContainText('Batches: 3 of 4 calls where you put them.');
  });

  test('a classroom link hides the lesson’s answer until a run of it ended', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual&predict=hide');
    await expect(page.getByTestId('predict')).toBeVisible();
    await expect(page.getByTestId('lesson-text')).toHaveAttribute('data-hidden', 'true');
    await expect(page.getByTestId('lesson-compare')).toHaveCount(0);
    await run(page);
    await expect(page.getByTestId('lesson-text')).not.toHaveAttribute('data-hidden', 'true');
    await expect(page.getByTestId('lesson-compare')).toBeVisible();
  });
});

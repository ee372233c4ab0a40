import { expect, test, type Page } from './fixtures';
import { readFileSync } from 'node:fs';
import { generateSession, longSession, toJsonl } from '../test/sessionLogs';

const LOG_NAME = 'spotter-fa812bfe-main-lines1-312.jsonl';
const LOG = readFileSync(new URL(`../test/transcripts/${LOG_NAME}`, import.meta.url), 'utf8');
/** A call id the log holds: what must never reach storage or the address. */
const A_CALL_ID = /"id":"(toolu_[A-Za-z0-9]+)"/.exec(LOG)![1]!;

/** Drops files on the page as a person dragging them from their file manager would. */
async function dropFiles(page: Page, files: { name: string; text: string }[]): Promise<void> {
  await page.evaluate((given) => {
    const transfer = new DataTransfer();
    for (const file of given) transfer.items.add(new File([file.text], file.name));
    for (const type of ['dragenter', 'dragover', 'drop']) document.body.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
}

async function storedText(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + location.href);
}

test.describe('a real session log in the page', () => {
  test('dropped anywhere, it opens as a scenario, shows how it really ran, and replays', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    await expect(page.getByTestId('scenario-editing')).toContainText('the lesson');
    await dropFiles(page, [{ name: LOG_NAME, text: LOG }]);
    await expect(page.getByTestId('scenario-editing')).toContainText('the imported session');
    await expect(page.getByTestId('scenario-panel')).toContainText('It stays in this page: nothing of it is stored or sent');

    // As it really ran: Claude Code's own version labels the real lanes.
    await page.getByTestId('as-it-ran').check();
    await expect(page.getByTestId('as-it-ran-switch')).toContainText('as it ran: Claude Code 2.1.39');
    // The real session's stream took real time: not drawn as scripted.
    await expect(page.getByTestId('stream')).toHaveAttribute('data-simulated', 'false');
    const real = page.getByTestId('call');
    await expect(real.first()).toBeVisible();
    expect(await real.count()).toBeGreaterThan(10);

    // The replay under the session's policy.
    await page.getByRole('radio', { name: 'the replay' }).check();
    // The session's tools really ran for three minutes: replay it at 64×.
    await page.getByLabel('Speed').selectOption('64');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
    const record = await page.evaluate(() => window.playground.record());
    expect(record.scenario).toBe('session-fa812bfe');
    expect(record.turns.length).toBeGreaterThan(10);

    // Nothing of the log was written anywhere: no storage, no address.
    expect(await storedText(page)).not.toContain(A_CALL_ID);
    expect(errors).toEqual([]);
  });

  test('replayed as its log recorded: nothing the log names is fetched, and the page says so', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    const log = toJsonl(
      generateSession([
        {
          calls: [
            { id: 'toolu_fetch1', name: 'WebFetch', input: { url: 'https://fetch-me.invalid/page', prompt: 'the page' }, result: 'the page as recorded', ms: 300 },
            { id: 'toolu_bash1', name: 'Bash', input: { command: 'curl -s https://fetch-me.invalid/script' }, result: 'ok', ms: 200 },
          ],
        },
      ]),
    );
    await dropFiles(page, [{ name: 'fetching.jsonl', text: log }]);
    await expect(page.getByTestId('scenario-editing')).toContainText('the imported session');
    const effects = page.getByTestId('effects');
    await expect(effects).toHaveAttribute('data-effects', 'recorded');
    await expect(effects).toContainText('nothing runs, is fetched or sent');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    const record = await page.evaluate(() => window.playground.record());
    const calls = record.turns.flatMap((turn) => turn.calls);
    expect(calls.find((call) => call.id === 'toolu_fetch1')?.result?.content).toBe('the page as recorded');
    expect(record.settings.effects).toBe('recorded');
    expect(requests.filter((url) => url.includes('fetch-me.invalid'))).toEqual([]);
    // Run again here: the choice is the person's, and the page says what it does.
    await effects.getByRole('combobox').selectOption('rerun');
    await expect(effects).toContainText('keep their recorded results');
  });

  test('a folder of sessions: one report across them, the log it could not read named', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    const codex = readFileSync(new URL('../test/codex/samples/codex-0.142.2-agentv-00-34f597b72d.jsonl', import.meta.url), 'utf8');
    const gemini = readFileSync(new URL('../test/gemini/gemini-cli-codemie-file-ops-37b7abef.json', import.meta.url), 'utf8');
    await dropFiles(page, [
      { name: LOG_NAME, text: LOG },
      { name: 'rollout-a.jsonl', text: codex },
      { name: 'session-1.json', text: gemini },
      { name: 'broken.jsonl', text: '{"type":"assistant"\n' },
    ]);
    const report = page.getByTestId('folder-report');
    await expect(report).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
    await expect(report).toContainText('4 sessions');
    await expect(report).toContainText('Claude Code 2.1.39');
    await expect(report).toContainText('Codex CLI 0.142.2');
    await expect(report).toContainText('Gemini CLI');
    await expect(report).toContainText('claude-code-2.1.39');
    await expect(page.getByTestId('folder-unreadable')).toContainText('broken.jsonl');
    // The lesson behind stays as it was: no session was opened in its place.
    await report.getByRole('button', { name: 'Close' }).click();
    await expect(report).toBeHidden();
    await expect(page.getByTestId('scenario-editing')).toContainText('the lesson');
  });

  test('picked with Import… in the header, the same under any name; a share link asks first, showing its size', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    await expect(page.getByTestId('header-import')).toBeVisible();
    // The button names every agent of the formats' table; the picker takes any file, told by what it holds.
    await expect(page.getByTestId('header-import')).toHaveAttribute('title', /^(?=.*Claude Code)(?=.*Codex CLI)(?=.*Pi)/);
    await page.getByTestId('header-import-file').setInputFiles({ name: 'saved-session.log', mimeType: 'text/plain', buffer: Buffer.from(LOG) });
    await expect(page.getByTestId('scenario-editing')).toContainText('the imported session');
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByTestId('scenario-share').click();
    await expect(page.getByTestId('scenario-panel')).toContainText('No link made: the session stays in this page.');
    expect(asked).toMatch(/the whole imported session \(\d+ KiB/);
    expect(await storedText(page)).not.toContain(A_CALL_ID);
  });

  test('a damaged log: the lines left out are named, the rest opens; a file that is no log says so', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    const lines = LOG.split('\n');
    lines.splice(4, 0, '{"type":"assistant","message":');
    await dropFiles(page, [{ name: 'damaged.jsonl', text: lines.join('\n') }]);
    await expect(page.getByTestId('scenario-editing')).toContainText('the imported session');
    await expect(page.getByTestId('scenario-panel')).toContainText('damaged.jsonl:5: not JSON');
    await dropFiles(page, [{ name: 'notes.txt', text: 'hello' }]);
    await expect(page.getByTestId('session-drop-problem')).toContainText('Nothing to open in notes.txt: it looks like text, not JSON (it starts "hello"), and no format claims it. The page opens a session log of');
  });

  test('a long session: the results pane draws the turns near its view, and any turn once scrolled to', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    await page.getByTestId('scenario-import-file').setInputFiles({ name: 'long.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(toJsonl(longSession(60, 300))) });
    await expect(page.getByTestId('scenario-editing')).toContainText('the imported session');
    await page.getByLabel('Speed').selectOption('64');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });

    const list = page.getByTestId('result-list');
    const drawn = list.getByTestId('result');
    const away = list.locator('.rl-turn--away');
    // The first turn is drawn in full; turns far below stand in as their headings.
    await expect(list.locator('[data-testid=result][data-call-id=toolu_gen_0]')).toBeVisible();
    await expect(away.first()).toBeAttached();
    expect(await drawn.count()).toBeLessThan(300);
    await expect(away.last()).toContainText(/Turn \d+ · \d+ results?/);
    // Each of its 60 turns holds 5 calls, read together: five results, not one group.
    await expect(away.last()).toContainText('· 5 results');

    // Scrolled to the end, the last call's result is drawn, and the first turn's stands in.
    await list.evaluate((element) => (element.scrollTop = element.scrollHeight));
    await expect(list.locator('[data-testid=result][data-call-id=toolu_gen_299]')).toBeVisible();
    await expect(list.locator('[data-testid=result][data-call-id=toolu_gen_0]')).toHaveCount(0);
    // And stays at the end while the turns drawn there settle to heights other than their stand-ins'.
    await expect.poll(() => list.evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop)).toBeLessThanOrEqual(2);
    await page.waitForTimeout(500);
    expect(await list.evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop)).toBeLessThanOrEqual(2);
    // Back to the top: drawn again.
    await list.evaluate((element) => (element.scrollTop = 0));
    await expect(list.locator('[data-testid=result][data-call-id=toolu_gen_0]')).toBeVisible();
  });
});

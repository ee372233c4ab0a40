import { expect, test, type Page } from './fixtures';
import { readFileSync } from 'node:fs';
import { longSession, toJsonl } from '../test/sessionLogs';

/** Screenshots go to test-results; `npm run snapshots` refreshes the committed ones in e2e/snapshots. */
const shots = process.env.UPDATE_SNAPSHOTS === '1' ? 'e2e/snapshots' : 'test-results/snapshots';

/** A real Claude Code log of 123 calls, never made for this page. */
const LOG_NAME = 'claude-code-2.1.217-entire-graph-37-7577cb791e.jsonl';
const LOG = readFileSync(new URL(`../test/transcripts/${LOG_NAME}`, import.meta.url), 'utf8');

/** Every tool call of the log: its id, tool and input. */
function callsOfLog(): Map<string, { name: string; input: Record<string, unknown> }> {
  const calls = new Map<string, { name: string; input: Record<string, unknown> }>();
  for (const line of LOG.split('\n')) {
    if (!line.trim()) continue;
    const entry = JSON.parse(line) as { message?: { content?: unknown } };
    const content = entry.message?.content;
    if (!Array.isArray(content)) continue;
    for (const block of content as { type?: string; id?: string; name?: string; input?: Record<string, unknown> }[]) {
      if (block.type === 'tool_use' && block.id) calls.set(block.id, { name: block.name ?? '', input: block.input ?? {} });
    }
  }
  return calls;
}

async function openLog(page: Page): Promise<void> {
  await page.goto('/?scenario=seed-partition&sandbox=virtual');
  await page.getByTestId('header-import-file').setInputFiles({ name: LOG_NAME, mimeType: 'application/jsonl', buffer: Buffer.from(LOG) });
  await expect(page.getByTestId('scenario-editing')).toContainText('the imported session');
}

/** The lanes in the page now: id and the label shown. */
async function shownLanes(page: Page): Promise<{ id: string; label: string }[]> {
  return page.getByTestId('call').evaluateAll((lanes) =>
    lanes.map((lane) => ({ id: (lane as HTMLElement).dataset.callId ?? '', label: lane.querySelector('.tl-name')?.textContent ?? '' })),
  );
}

test.describe('a long real session, read', () => {
  test('Import in the header opens it as it ran, lanes drawn, with labels that tell calls apart', async ({ page }) => {
    await openLog(page);
    await expect(page.getByTestId('as-it-ran')).toBeChecked();
    await expect(page.getByTestId('call').first()).toBeVisible();
    const lanes = await shownLanes(page);
    expect(lanes.length).toBeGreaterThan(10);
    const calls = callsOfLog();
    const inputsByLabel = new Map<string, Set<string>>();
    for (const lane of lanes) {
      const call = calls.get(lane.id);
      if (!call) continue; // a lane of a sub-agent's call the log's main thread does not hold
      const inputs = inputsByLabel.get(lane.label) ?? new Set<string>();
      inputs.add(`${call.name} ${JSON.stringify(call.input)}`);
      inputsByLabel.set(lane.label, inputs);
    }
    for (const [label, inputs] of inputsByLabel) expect(inputs.size, `"${label}" names ${inputs.size} different calls`).toBe(1);
  });

  test('the filter keeps the calls whose input holds a command’s words; Enter selects the first, / goes back to it', async ({ page }) => {
    await openLog(page);
    const calls = callsOfLog();
    // The page shows paths inside the project as relative ones: words of the project's own path
    // would match the log's text and not the page's, so the command chosen has none.
    const cwd = /"cwd":"([^"]+)"/.exec(LOG)![1]!.toLowerCase();
    const bash = [...calls.values()].find((call) => {
      const words = typeof call.input.command === 'string' ? call.input.command.split(/\s+/).slice(0, 2) : [];
      return call.name === 'Bash' && words.length === 2 && words.every((word) => !cwd.includes(word.toLowerCase()));
    })!;
    const words = String(bash.input.command).split(/\s+/).slice(0, 2);
    const filter = page.getByTestId('lane-filter');
    await page.getByLabel('Call lanes (scrollable)').focus();
    await page.keyboard.press('/');
    await expect(filter).toBeFocused();
    await filter.fill(words.join(' '));
    const expected = [...calls].filter(([, call]) => words.every((word) => `${call.name}\n${JSON.stringify(call.input)}`.toLowerCase().includes(word.toLowerCase())));
    // The count says how many of all the calls it keeps: those the log says hold the words.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(calls.size);
    await expect(page.getByTestId('lane-filter-count')).toHaveText(`${expected.length} of ${calls.size}`);
    // The lanes drawn (the first screenful of a long list) are all matches, in the log's order.
    const kept = await shownLanes(page);
    const ids = new Set(expected.map(([id]) => id));
    expect(kept.length).toBe(Math.min(expected.length, kept.length));
    for (const lane of kept) expect(ids.has(lane.id), `${lane.id} (${lane.label}) does not hold ${words.join(' ')}`).toBe(true);

    await filter.press('Enter');
    await expect(page.locator('[data-testid=call][data-selected=true]')).toHaveAttribute('data-call-id', kept[0]!.id);
    await expect(page.getByTestId('lane-filter-count')).toContainText(`1 of ${kept.length}`);
    await expect(filter).toBeFocused();
    if (kept.length > 1) {
      await filter.press('Enter');
      await expect(page.locator('[data-testid=call][data-selected=true]')).toHaveAttribute('data-call-id', kept[1]!.id);
      await filter.press('Shift+Enter');
      await expect(page.locator('[data-testid=call][data-selected=true]')).toHaveAttribute('data-call-id', kept[0]!.id);
    }
    // Escape empties it: every call again.
    await filter.press('Escape');
    await expect(page.getByTestId('lane-filter-count')).toHaveText('');
  });

  test('Ctrl+wheel over a call zooms with that call still under the pointer', async ({ page }) => {
    await openLog(page);
    // A call in the middle of the session, long enough to point at.
    const target = await page.getByTestId('call').evaluateAll((lanes) => {
      const widths = lanes.map((lane) => {
        const bar = [...lane.querySelectorAll<HTMLElement>('.tl-seg')].sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width)[0];
        const box = bar?.getBoundingClientRect();
        return { id: (lane as HTMLElement).dataset.callId ?? '', x: box ? box.left + box.width / 2 : 0, y: box ? box.top + box.height / 2 : 0, width: box?.width ?? 0 };
      });
      // Lanes drawn below the fold of the scroller (its overscan) are in the page but hidden.
      const view = document.querySelector('[data-testid=timeline] .tl-scroller')!.getBoundingClientRect();
      return widths.filter((lane) => lane.y > view.top + 70 && lane.y < view.bottom - 8).sort((a, b) => b.width - a.width)[0]!;
    });
    const under = (x: number, y: number) => page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest<HTMLElement>('[data-testid=call]')?.dataset.callId ?? null, [x, y]);
    expect(await under(target.x, target.y)).toBe(target.id);
    await page.mouse.move(target.x, target.y);
    const timeline = page.getByTestId('timeline');
    for (let i = 0; i < 4; i++) {
      await page.keyboard.down('Control');
      await page.mouse.wheel(0, -200);
      await page.keyboard.up('Control');
    }
    await expect.poll(async () => Number(await timeline.getAttribute('data-zoom'))).toBeGreaterThan(3);
    expect(await under(target.x, target.y)).toBe(target.id);
    // W and S zoom at the selection; Fit goes back to the whole.
    await page.getByTestId('timeline-fit').click();
    await expect(timeline).toHaveAttribute('data-zoom', '1');
  });

  test('the Summary tab answers for every preset, and one click replays the session under one', async ({ page }) => {
    await openLog(page);
    await page.getByTestId('tab-summary').click();
    const summary = page.getByTestId('session-summary');
    await expect(summary).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
    await expect(page.getByTestId('session-fidelity')).toContainText('Under its own preset (claude-code-2.1.161)');
    const presets = (await import('../src/scenarios/policies')).POLICY_NAMES;
    for (const preset of presets) await expect(summary.locator(`tr[data-policy="${preset}"]`)).toContainText(preset);
    await summary.locator('tr[data-policy="gemini-cli"]').getByRole('button', { name: 'Replay' }).click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
    const record = await page.evaluate(() => window.playground.record());
    expect(record.settings.policy).toBe('gemini-cli');
    expect(record.settings.effects).toBe('recorded');
    // The replay is on the timeline, each call with a line for when it ran in the log; the real run is one click away.
    await expect(page.getByRole('radio', { name: /the replay/ })).toBeChecked();
    await expect(page.getByTestId('ran-beside-note')).toBeVisible();
    const lanes = page.getByTestId('call');
    await expect(lanes.first()).toBeVisible();
    expect(await page.getByTestId('ran-span').count()).toBe(await lanes.count());
  });

  test('Fold turns draws each turn of several calls as one row; a click or Enter unfolds it, its calls right under it', async ({ page }) => {
    await openLog(page);
    const folds = page.getByTestId('turn-fold');
    await expect(folds).toHaveCount(0);
    const rowsOf = async () => Number(/\((\d+)/.exec((await page.getByRole('list', { name: /in display order/ }).getAttribute('aria-label')) ?? '')?.[1]);
    const calls = await rowsOf();
    await page.getByTestId('timeline-fold-turns').click();
    await expect(page.getByTestId('timeline-fold-turns')).toHaveAttribute('aria-pressed', 'true');
    const fold = folds.first();
    await expect(fold).toBeVisible();
    // Its words say how many calls and which tools; its strip draws each of them.
    const text = (await fold.getAttribute('title')) ?? '';
    const count = Number(/· (\d+) calls/.exec(text)?.[1]);
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(fold.locator('.tl-fold-bar')).toHaveCount(count);
    expect(await rowsOf()).toBeLessThan(calls);

    const row = Number(await fold.getAttribute('data-row'));
    await fold.click();
    await expect(fold).toHaveAttribute('data-open', 'true');
    const under = page.locator(`[data-testid=call][data-row="${row + 1}"]`);
    await expect(under).toBeVisible();
    // The calls under it are the turn's: as many as it said; the row after them comes right under it once it folds.
    for (let i = 1; i <= count; i++) await expect(page.locator(`[data-row="${row + i}"]`)).toHaveAttribute('data-testid', 'call');
    const whatIs = (at: number) => page.locator(`[data-row="${at}"]`).evaluate((element) => (element as HTMLElement).dataset.callId ?? `turn ${(element as HTMLElement).dataset.turn}`);
    const next = await whatIs(row + count + 1);
    // Enter folds it again (and ← and → as in a tree).
    await fold.focus();
    await page.keyboard.press('Enter');
    await expect(fold).toHaveAttribute('data-open', 'false');
    expect(await whatIs(row + 1)).toBe(next);
    await page.keyboard.press('ArrowRight');
    await expect(fold).toHaveAttribute('data-open', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(fold).toHaveAttribute('data-open', 'false');
    // A filter shows its matches as calls, folded turns or not.
    await page.getByTestId('lane-filter').fill('Bash');
    await expect(folds).toHaveCount(0);
    await expect(page.getByTestId('call').first()).toBeVisible();
  });

  test('a session of hundreds of calls opens with its turns folded', async ({ page }) => {
    await page.goto('/?scenario=seed-partition&sandbox=virtual');
    await page.getByTestId('header-import-file').setInputFiles({ name: 'long.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(toJsonl(longSession(60, 300))) });
    await expect(page.getByTestId('as-it-ran')).toBeChecked();
    await expect(page.getByTestId('timeline-fold-turns')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('turn-fold').first()).toContainText('T0 · 5 calls');
    // Sixty turns of five calls: sixty rows, the first screenful drawn.
    await expect(page.getByRole('list', { name: 'Turns and tool calls (60 rows), in display order' })).toBeAttached();
  });

  for (const [width, height] of [
    [390, 844],
    [1280, 800],
    [1920, 1080],
  ] as const) {
    test(`at ${width}×${height}: the session as it ran, and filtered; nothing scrolls sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await openLog(page);
      await expect(page.getByTestId('call').first()).toBeVisible();
      await page.screenshot({ path: `${shots}/session-${width}-as-it-ran.png` });
      await page.getByTestId('lane-filter').fill('Edit');
      await page.getByTestId('lane-filter').press('Enter');
      await expect(page.locator('[data-testid=call][data-selected=true]')).toBeVisible();
      await page.screenshot({ path: `${shots}/session-${width}-filtered.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.getByTestId('lane-filter').press('Escape');
      await page.getByTestId('timeline-fold-turns').click();
      await expect(page.getByTestId('turn-fold').first()).toBeVisible();
      await page.screenshot({ path: `${shots}/session-${width}-turns-folded.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });
  }
});

import { expect, test, type Page } from './fixtures';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import LZString from 'lz-string';
import { startFakeMessagesServer, type FakeMessagesServer } from '../test/live/fakeMessagesServer';
import { conversationFixture, fallbackFixture, type LiveFixture } from '../test/live/scripts';

/**
 * Live mode against a loopback fake of the Messages API (no test reaches the internet): the real
 * SDK in the page streams from it, the project's executor runs the tools, and the server checks
 * that every request carries a tool_result for each tool_use of the previous assistant message.
 */

const KEY = 'sk-ant-e2e-never-stored-0123456789';

/** Opens the page on a scenario holding the fixture's workspace and settings (the live run starts from them). */
async function openWorkspace(page: Page, fixture: LiveFixture): Promise<void> {
  const scenario = {
    id: 'live-base',
    title: 'Live base',
    description: 'The workspace a live run starts from.',
    workspace: { files: fixture.workspace },
    settings: fixture.settings,
    turns: [{ stream: [{ type: 'text', text: 'Run me live.', at: 0, durationMs: 10 }] }],
  };
  await page.goto(`/?sandbox=virtual#s=${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}`);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
}

/** Everything the page keeps or shows outside the run's memory, to check the key is in none of it. */
async function pageTraces(page: Page): Promise<string> {
  return page.evaluate(() => {
    const stores = [localStorage, sessionStorage].map((storage) => Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`).join('\n'));
    return [location.href, ...stores, JSON.stringify(window.playground.record()), JSON.stringify(window.playground.state().events)].join('\n');
  });
}

let server: FakeMessagesServer | undefined;
test.afterEach(async () => {
  await server?.close();
  server = undefined;
});

test('a live run from the console streams, runs every tool, and sends every result back', async ({ page }) => {
  const fixture = conversationFixture(25);
  server = await startFakeMessagesServer({ script: fixture.replies, apiKey: KEY });
  await openWorkspace(page, fixture);

  const record = await page.evaluate(
    ({ baseURL, key, prompt }) => window.playground.startLive({ apiKey: key, baseURL, model: 'claude-e2e', prompt }),
    { baseURL: server.url, key: KEY, prompt: fixture.prompt },
  );
  expect(server.violations).toEqual([]);
  expect(record).toMatchObject({ version: 1, scenario: 'live', strategy: 'streaming', sandbox: 'virtual' });
  const calls = record.turns.flatMap((turn) => turn.calls);
  expect(calls.map((call) => [call.id, call.outcome])).toEqual(fixture.toolUseIds.map((id) => [id, 'success']));
  // The Read and the Glob ran as one concurrent batch, the Edit after them.
  expect(record.turns[0]!.batches.map((batch) => [batch.concurrent, batch.toolUseIds])).toEqual([
    [true, ['toolu_live_read', 'toolu_live_glob']],
    [false, ['toolu_live_edit']],
  ]);
  expect(record.files['src/greet.ts']).toBe(fixture.expectedFiles['src/greet.ts']);

  // Two requests: the prompt, then one tool_result per tool_use of the first answer.
  expect(server.requests).toHaveLength(2);
  const second = server.requests[1]!.body as { messages: { role: string; content: { type: string; tool_use_id?: string }[] | string }[] };
  const last = second.messages.at(-1)!;
  expect(last.role).toBe('user');
  expect((last.content as { tool_use_id?: string }[]).map((block) => block.tool_use_id)).toEqual(fixture.toolUseIds);

  // The page drew it: a lane per call, yielded; the status says done.
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('call')).toHaveCount(3);
  for (const id of fixture.toolUseIds) await expect(page.locator(`[data-testid=call][data-call-id="${id}"]`)).toHaveAttribute('data-state', 'yielded');

  expect(await pageTraces(page)).not.toContain(KEY);
});

test('a stream that fails after a tool block started falls back: nothing of it is sent back, the non-streaming retry runs', async ({ page }) => {
  const fixture = fallbackFixture(20);
  server = await startFakeMessagesServer({ script: fixture.replies, apiKey: KEY });
  await openWorkspace(page, fixture);
  const record = await page.evaluate(
    ({ baseURL, key, prompt }) => window.playground.startLive({ apiKey: key, baseURL, model: 'claude-e2e', prompt, maxTurns: 4 }),
    { baseURL: server.url, key: KEY, prompt: fixture.prompt },
  );
  expect(server.violations).toEqual([]);
  // The failed stream, then the non-streaming retry of the same request, then the answer to its results.
  expect(server.requests.map((request) => request.stream)).toEqual([true, false, true]);
  expect(record.turns[0]!.streamEndReason).toBe('fallback');
  const outcomes = Object.fromEntries(record.turns.flatMap((turn) => turn.calls).map((call) => [call.id, call.outcome]));
  // The failed stream's Read reached the executor (its block closed); its Glob never did.
  expect(Object.keys(outcomes)).toContain('toolu_failed_read');
  expect(Object.keys(outcomes)).not.toContain('toolu_failed_glob');
  for (const id of fixture.toolUseIds) expect(outcomes[id]).toBe('success');
  // Nothing of the failed stream went back to the model: the retry's results did.
  const sent = JSON.stringify(server.requests[2]!.body);
  expect(sent).not.toContain('toolu_failed_read');
  for (const id of fixture.toolUseIds) expect(sent).toContain(id);

  // The timeline shows it: the fallback mark on the stream bar, and the Live panel's note.
  await expect(page.getByTestId('stream')).toContainText('fallback');
  await page.getByRole('tab', { name: 'Live', exact: true }).click();
  await expect(page.getByTestId('live-note').first()).toHaveAttribute('data-kind', 'fallback');
});

test('the Live panel: the key stays in memory, text streams in, and the recording replays from the command line', async ({ page }) => {
  const fixture = conversationFixture(40);
  server = await startFakeMessagesServer({ script: fixture.replies, apiKey: KEY });
  await openWorkspace(page, fixture);
  await page.getByRole('tab', { name: 'Live', exact: true }).click();
  await expect(page.getByTestId('live-notice')).toContainText('https://api.anthropic.com');
  await page.getByTestId('live-base-url').fill(server.url);
  // The notice names where the calls go.
  await expect(page.getByTestId('live-notice')).toContainText(server.url);
  // An empty key is named before any request goes out.
  await page.getByTestId('live-start').click();
  await expect(page.getByTestId('live-problems')).toContainText('the API key is required');
  expect(server.requests).toHaveLength(0);

  await page.getByTestId('live-key').fill(KEY);
  await page.getByTestId('live-model').fill('claude-e2e');
  await page.getByTestId('live-prompt').fill(fixture.prompt);
  await page.getByTestId('live-start').click();
  await expect(page.getByTestId('live-transcript')).toContainText("I'll read the greeter");
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('live-transcript')).toContainText('greet() now uses a template string');
  expect(server.violations).toEqual([]);
  expect(await pageTraces(page)).not.toContain(KEY);

  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the recording' }).click()]);
  const dir = mkdtempSync(join(tmpdir(), 'tsp-live-'));
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  const text = readFileSync(path, 'utf8');
  expect(text).not.toContain(KEY);
  // The recording replays headless to the same outcomes (its expectations are the live run's).
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/replay.ts', path, '--format', 'summary'], { cwd: process.cwd() });
  expect(stdout).toContain('expectations: passed');

  // Saved as the person's own scenario: the scenario panel imports it, lists it and opens it.
  await page.getByRole('button', { name: 'Save as my scenario' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Live: Live base');
  await page.getByRole('tab', { name: 'Scenarios', exact: true }).click();
  await expect(page.getByTestId('scenario-list-mine').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('scenario-editing')).toContainText('Editing your scenario');
});

test('a rate limit is retried after the time the API asks for, and the Live panel says so', async ({ page }) => {
  const fixture = conversationFixture(10);
  const limited = { kind: 'error' as const, status: 429, errorType: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit', headers: { 'retry-after-ms': '300' } };
  server = await startFakeMessagesServer({ script: [limited, ...fixture.replies], apiKey: KEY });
  await openWorkspace(page, fixture);
  await page.getByRole('tab', { name: 'Live', exact: true }).click();
  const record = await page.evaluate(
    ({ baseURL, key, prompt }) => window.playground.startLive({ apiKey: key, baseURL, model: 'claude-e2e', prompt }),
    { baseURL: server.url, key: KEY, prompt: fixture.prompt },
  );
  expect(server.violations).toEqual([]);
  // The refused request, its retry, then the answer to the tools' results.
  expect(server.requests).toHaveLength(3);
  expect(record.turns.flatMap((turn) => turn.calls).map((call) => call.outcome)).toEqual(['success', 'success', 'success']);
  const note = page.getByTestId('live-note').first();
  await expect(note).toHaveAttribute('data-kind', 'retry');
  await expect(note).toContainText('429');
});

test('a refused key ends the run with a message that names the status, not the key', async ({ page }) => {
  const fixture = conversationFixture();
  server = await startFakeMessagesServer({ script: fixture.replies, apiKey: KEY });
  await openWorkspace(page, fixture);
  const wrong = 'sk-ant-wrong-key-9876543210';
  const record = await page.evaluate(
    ({ baseURL, key, prompt }) => window.playground.startLive({ apiKey: key, baseURL, model: 'claude-e2e', prompt }),
    { baseURL: server.url, key: wrong, prompt: fixture.prompt },
  );
  expect(record.turns.flatMap((turn) => turn.calls)).toHaveLength(0);
  expect(server.requests).toHaveLength(1); // a refused key is not retried
  // The page says why the run ended, by status; the Live panel notes it too.
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'error');
  const problem = page.getByRole('alert').filter({ hasText: "The model's request failed" });
  await expect(problem).toContainText('401');
  await page.getByRole('tab', { name: 'Live', exact: true }).click();
  await expect(page.getByTestId('live-note').first()).toHaveAttribute('data-kind', 'error');
  expect(`${await problem.innerText()}\n${JSON.stringify(record)}`).not.toContain(wrong);
  expect(await pageTraces(page)).not.toContain(wrong);
});

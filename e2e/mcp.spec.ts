import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { startEverythingHttp, type EverythingHttpServer } from '../test/mcp/everythingServer';
import { EVERYTHING_CALLS, everythingScenario } from '../test/mcp/everythingScenario';
import { startMcpProxy, type McpProxy } from '../test/mcp/mcpProxy';

/**
 * The page and a real third-party MCP server: server-everything over Streamable HTTP on loopback
 * (on a Unix socket, behind a proxy that stands for how a server may be set up: CORS as it sends
 * it, CORS dropped, a gateway that wants a bearer token).
 */

const TOKEN = 'tok-e2e-9f2c41';

let server: EverythingHttpServer;
let open: McpProxy;
let noCors: McpProxy;
let gated: McpProxy;

test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  server = await startEverythingHttp();
  [open, noCors, gated] = await Promise.all([
    startMcpProxy({ socketPath: server.socketPath }),
    startMcpProxy({ socketPath: server.socketPath, cors: 'strip' }),
    startMcpProxy({ socketPath: server.socketPath, bearer: TOKEN }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([open, noCors, gated].map((proxy) => proxy?.close()));
  await server?.stop();
});

async function openPoolTab(page: Page): Promise<void> {
  await page.goto('/?scenario=seed-partition&sandbox=virtual');
  await page.getByTestId('editor').waitFor();
  await page.getByRole('tab', { name: 'Tools', exact: true }).click();
}

async function connect(page: Page, url: string, token = ''): Promise<void> {
  const form = page.getByTestId('mcp-connect');
  await form.getByTestId('mcp-name').fill('everything');
  await form.getByTestId('mcp-url').fill(url);
  await form.getByTestId('mcp-token').fill(token);
  await form.getByTestId('mcp-connect-button').click();
}

function pageServer(page: Page) {
  return page.getByTestId('mcp-servers').locator('[data-testid=mcp-server][data-name=everything]');
}

/** Picks `text` as the file `name` in the Import… file chooser. */
async function importScenario(page: Page, scenario: unknown): Promise<void> {
  await page.getByRole('tab', { name: 'Scenarios', exact: true }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('scenario-import').click();
  await (await chooser).setFiles({ name: 'everything.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(scenario)) });
}

test('connects server-everything, shows what it is and its tools with their safety, keeps get-env out', async ({ page }) => {
  await openPoolTab(page);
  await connect(page, open.url);
  const item = pageServer(page);
  await expect(item).toHaveAttribute('data-state', 'connected');
  await expect(item).toContainText(/Everything.* \d+\.\d+\.\d+/);
  const safety = (tool: string) => item.locator(`[data-testid=mcp-tool][data-tool="mcp__everything__${tool}"]`);
  await expect(safety('echo')).toHaveAttribute('data-safety', 'read-only');
  await expect(safety('get-sum')).toHaveAttribute('data-safety', 'read-only');
  await expect(safety('toggle-simulated-logging')).toHaveAttribute('data-safety', 'unsafe');
  await expect(safety('get-env')).toHaveAttribute('data-safety', 'refused');
  await expect(safety('get-env')).toContainText('environment variables');

  // Nor can a call by hand reach it: it is not in the form's list.
  const choices = page.getByTestId('manual-tool').locator('option');
  await expect(choices.filter({ hasText: 'mcp__everything__echo' })).toHaveCount(1);
  await expect(choices.filter({ hasText: 'get-env' })).toHaveCount(0);

  // The tab as it is now (a server connected, the form of one of its tools open), and with a failed server beside it: nothing serious for axe.
  await page.getByTestId('manual-tool').selectOption('mcp__everything__get-sum');
  await page.getByTestId('mcp-name').fill('blocked');
  await page.getByTestId('mcp-url').fill(noCors.url);
  await page.getByTestId('mcp-connect-button').click();
  await expect(page.locator('[data-testid=mcp-server][data-name=blocked]')).toHaveAttribute('data-state', 'failed');
  const axe = await new AxeBuilder({ page }).include('[data-testid=mcp-servers]').include('[data-testid=manual-call]').analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
});

test('a scenario calls two of its tools together and one alone, and the pool report shows the server', async ({ page }) => {
  await openPoolTab(page);
  await connect(page, open.url);
  await expect(pageServer(page)).toHaveAttribute('data-state', 'connected');
  await importScenario(page, everythingScenario({ name: 'everything', url: open.url }, 'everything-page'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Three calls to server-everything');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');

  const record = await page.evaluate(() => window.playground.record());
  const { echo, sum, logging } = EVERYTHING_CALLS;
  expect(record.expectations?.failures ?? []).toEqual([]);
  expect(record.turns[0]!.batches.map((batch) => [batch.concurrent, batch.toolUseIds])).toEqual([
    [true, [echo, sum]],
    [false, [logging]],
  ]);
  const calls = Object.fromEntries(record.turns[0]!.calls.map((call) => [call.id, call]));
  // Together: the second started before the first ended; alone: the third after both.
  expect(calls[sum]!.runStartedAt!).toBeLessThan(calls[echo]!.completedAt!);
  expect(calls[logging]!.executingAt!).toBeGreaterThanOrEqual(Math.max(calls[echo]!.completedAt!, calls[sum]!.completedAt!));
  for (const id of [echo, sum, logging]) {
    await expect(page.locator(`[data-testid=call][data-call-id=${id}]`)).toHaveAttribute('data-outcome', 'success');
  }

  await page.getByRole('tab', { name: 'Tools', exact: true }).click();
  const reported = page.getByTestId('tool-pool').locator('[data-testid=pool-mcp-server][data-name=everything]');
  await expect(reported).toHaveAttribute('data-state', 'connected');
  await expect(reported).toContainText(open.url);
});

test('a tool called by hand from its schema form runs through the pipeline and joins the timeline', async ({ page }) => {
  await openPoolTab(page);
  await connect(page, open.url);
  await expect(pageServer(page)).toHaveAttribute('data-state', 'connected');
  await page.getByTestId('manual-tool').selectOption('mcp__everything__get-sum');
  const form = page.getByTestId('manual-form');
  await expect(form.getByTestId('manual-safety')).toContainText('read-only');
  await expect(form.getByTestId('manual-safety')).toHaveAttribute('data-kind', 'mcp');
  await form.getByLabel(/^a \*/).fill('20');
  await form.getByLabel(/^b \*/).fill('22');
  await form.getByTestId('manual-call-button').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
  const call = page.locator('[data-testid=call]');
  await expect(call).toHaveCount(1);
  await expect(call).toHaveAttribute('data-outcome', 'success');
  const record = await page.evaluate(() => window.playground.record());
  const [made] = record.turns[0]!.calls;
  expect([made!.name, made!.input, made!.result?.content]).toEqual(['mcp__everything__get-sum', { a: 20, b: 22 }, expect.stringContaining('The sum of 20 and 22 is 42.')]);

  // A built-in tool too, with its permission: Write asks in default mode, and the dialog's answer decides.
  await page.getByTestId('manual-tool').selectOption('Write');
  const write = page.getByTestId('manual-form');
  await expect(write.getByTestId('manual-safety')).toHaveAttribute('data-kind', 'edit');
  await write.getByLabel(/^file_path \*/).fill('/workspace/by-hand.txt');
  await write.getByLabel(/^content \*/).fill('written by hand');
  await write.getByTestId('manual-call-button').click();
  const dialog = page.getByTestId('permission-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
  await expect(page.locator('[data-testid=call]')).toHaveAttribute('data-outcome', 'denied');
});

test('a server that sends no CORS headers: the page says which headers it must send', async ({ page }) => {
  await openPoolTab(page);
  await connect(page, noCors.url);
  const item = pageServer(page);
  await expect(item).toHaveAttribute('data-state', 'failed');
  const message = item.getByTestId('mcp-server-message');
  await expect(message).toContainText('CORS');
  await expect(message).toContainText('Access-Control-Allow-Origin');
  await expect(message).toContainText('Access-Control-Expose-Headers: Mcp-Session-Id');
});

test('a server that wants a bearer token: 401 without it, connected with it, and the token goes nowhere else', async ({ page }) => {
  await openPoolTab(page);
  await connect(page, gated.url);
  await expect(pageServer(page)).toHaveAttribute('data-state', 'failed');
  await expect(pageServer(page).getByTestId('mcp-server-message')).toContainText('401');

  await connect(page, gated.url, TOKEN);
  await expect(pageServer(page)).toHaveAttribute('data-state', 'connected');
  await expect(pageServer(page)).toContainText('with a bearer token');
  expect(gated.authorizations).toContain(`Bearer ${TOKEN}`);

  // Kept in memory only: not in either storage, the address bar, the store or the page's text.
  const kept = await page.evaluate(() => ({
    storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    url: window.location.href,
    state: JSON.stringify(window.playground.state(), (_key, value: unknown) => (typeof value === 'function' ? undefined : value)),
    text: document.body.innerText,
  }));
  for (const [where, text] of Object.entries(kept)) expect(text, where).not.toContain(TOKEN);

  // A run through it holds the server's name and address, never the token.
  await importScenario(page, everythingScenario({ name: 'everything', url: gated.url }, 'everything-gated'));
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
  const record = await page.evaluate(() => window.playground.record());
  expect(record.expectations?.failures ?? []).toEqual([]);
  expect(JSON.stringify(record)).not.toContain(TOKEN);
});

test('a token remembered for the tab is in its sessionStorage only, and connects again after a reload', async ({ page }) => {
  await openPoolTab(page);
  await page.getByTestId('mcp-connect').getByLabel('Remember the token for this tab').check();
  await connect(page, gated.url, TOKEN);
  await expect(pageServer(page)).toHaveAttribute('data-state', 'connected');
  const stored = () => page.evaluate(() => ({ session: JSON.stringify({ ...sessionStorage }), local: JSON.stringify({ ...localStorage }) }));
  expect((await stored()).session).toContain(TOKEN);
  expect((await stored()).local).not.toContain(TOKEN);

  await page.reload();
  await page.getByTestId('editor').waitFor();
  await page.getByRole('tab', { name: 'Tools', exact: true }).click();
  await expect(page.getByTestId('mcp-token')).toHaveValue('');
  await connect(page, gated.url);
  await expect(pageServer(page)).toHaveAttribute('data-state', 'connected');
  await expect(pageServer(page)).toContainText('with a bearer token');
});

test('a server gone mid-run: the call fails at once with why, and the pool panel says the server is lost', async ({ page }) => {
  const doomed = await startEverythingHttp();
  const proxy = await startMcpProxy({ socketPath: doomed.socketPath });
  try {
    await openPoolTab(page);
    await connect(page, proxy.url);
    await expect(pageServer(page)).toHaveAttribute('data-state', 'connected');
    // A call that takes 30 s on the server; the server dies while it runs.
    await page.getByTestId('manual-tool').selectOption('mcp__everything__trigger-long-running-operation');
    await page.getByTestId('manual-form').getByLabel(/^duration/).fill('30');
    await page.getByTestId('manual-call-button').click();
    await expect(page.locator('[data-testid=call]')).toHaveAttribute('data-state', 'executing');
    const killedAt = Date.now();
    await doomed.kill();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    await expect(page.locator('[data-testid=call]')).toHaveAttribute('data-outcome', 'error');
    await expect(pageServer(page)).toHaveAttribute('data-state', 'lost');
    await expect(pageServer(page).getByTestId('mcp-server-message')).not.toBeEmpty();
  } finally {
    await proxy.close();
    await doomed.stop();
  }
});

test('a call that hangs on the server ends at Stop, and the server stays connected', async ({ page }) => {
  await openPoolTab(page);
  await connect(page, open.url);
  await expect(pageServer(page)).toHaveAttribute('data-state', 'connected');
  await page.getByTestId('manual-tool').selectOption('mcp__everything__trigger-long-running-operation');
  await page.getByTestId('manual-form').getByLabel(/^duration/).fill('60');
  await page.getByTestId('manual-call-button').click();
  await expect(page.locator('[data-testid=call]')).toHaveAttribute('data-state', 'executing');
  const stoppedAt = Date.now();
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
  expect(Date.now() - stoppedAt).toBeLessThan(15_000);
  await expect(page.locator('[data-testid=call]')).toHaveAttribute('data-outcome', 'interrupted');
  await expect(pageServer(page)).toHaveAttribute('data-state', 'connected');
});

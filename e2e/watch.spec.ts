import { expect, test } from './fixtures';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LOG = readFileSync(new URL('../test/transcripts/spotter-fa812bfe-main-lines1-312.jsonl', import.meta.url), 'utf8');

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `npm run watch -- LOG --port N`, as a person starts it; resolves once it says where to look. */
async function startWatch(log: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['bin/replay.js', 'watch', log, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`npm run watch did not start: ${output}`)), 60_000);
    const hear = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('open http://')) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout.on('data', hear);
    child.stderr.on('data', hear);
    child.once('exit', (code) => fail(new Error(`npm run watch exited (${code}): ${output}`)));
  });
  return child;
}

test('npm run watch: the page follows a session while it is written, its real lanes growing', async ({ page }) => {
  const folder = mkdtempSync(join(tmpdir(), 'watch-e2e-'));
  const log = join(folder, 'live-session.jsonl');
  const lines = LOG.split('\n').filter((line) => line.trim() !== '');
  const half = Math.floor(lines.length / 2);
  writeFileSync(log, `${lines.slice(0, half).join('\n')}\n`);
  const port = await freePort();
  const watch = await startWatch(log, port);
  try {
    await page.goto(`http://127.0.0.1:${port}/?watch&sandbox=virtual`);
    const status = page.getByTestId('session-watch');
    await expect(status).toContainText('Following live-session.jsonl live');
    await expect(page.getByTestId('as-it-ran')).toBeChecked();
    const lanes = page.getByTestId('call');
    await expect(lanes.first()).toBeVisible();
    const before = await lanes.count();

    // The agent goes on writing: the new calls arrive on the page without a reload.
    appendFileSync(log, `${lines.slice(half).join('\n')}\n`);
    await expect.poll(() => lanes.count(), { timeout: 20_000 }).toBeGreaterThan(before);
    await expect(status).toContainText(`${lines.length} lines`);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('toolu_');
  } finally {
    watch.kill();
    rmSync(folder, { recursive: true, force: true });
  }
});

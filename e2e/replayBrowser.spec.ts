import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';
import { systemFfmpeg } from '../src/cli/screencastVideo';
import { hasFfmpeg } from './browser';

const run = promisify(execFile);

test('npm run replay:browser replays several scenarios in one browser: per scenario the record, a trace, a screenshot and a video; a table and a JUnit report', async () => {
  // One browser start, one preview server and two replays: slow on a busy two-core machine.
  test.setTimeout(240_000);
  const out = 'test-results/replay-browser/several';
  const junit = `${out}/junit.xml`;
  const { stderr } = await run('npx', ['tsx', 'src/cli/replayBrowser.ts', 'seed-partition', 'result-order', '--out', out, '--junit', junit], { env: { ...process.env, CI: 'true' } });
  // Its scripted waits make 2500 ms; the Bash call's real work, in a browser that may be busy, adds to it.
  const makespan = Number(/^seed-partition +met +(\d+) ms +passed$/m.exec(stderr)?.[1]);
  const record = JSON.parse(readFileSync(`${out}/seed-partition/record.json`, 'utf8')) as { scenario: string; strategy: string; startedAt: number; endedAt: number; expectations: { passed: boolean } };
  expect(record).toMatchObject({ scenario: 'seed-partition', strategy: 'streaming', expectations: { passed: true } });
  expect(makespan).toBeGreaterThanOrEqual(2500);
  expect(makespan).toBe(Math.round(record.endedAt - record.startedAt));
  expect(stderr).toMatch(/^result-order +met +\d+ ms +passed$/m);
  expect(stderr).toContain('2 scenarios: 2 met, 0 not met, 0 invalid');
  for (const id of ['seed-partition', 'result-order']) {
    expect(existsSync(`${out}/${id}/record.json`)).toBe(true);
    expect(existsSync(`${out}/${id}/trace.zip`)).toBe(true);
    expect(existsSync(`${out}/${id}/screenshot.png`)).toBe(true);
    if (hasFfmpeg || systemFfmpeg()) {
      // A WebM file starts with the EBML magic number.
      expect(readFileSync(`${out}/${id}/video.webm`).subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    }
  }
  if (!(hasFfmpeg || systemFfmpeg())) expect(stderr).toContain('no video');
  const report = readFileSync(junit, 'utf8');
  expect(report).toContain('<testsuite name="replay-browser" tests="2" failures="0" errors="0"');
  expect(report).toContain('name="result-order"');
});

test('npm run replay:browser exits 2 on an invalid scenario, naming what is wrong', async () => {
  const failure = await run('npx', ['tsx', 'src/cli/replayBrowser.ts', 'no-such-scenario']).catch((error: { code: number; stderr: string }) => error);
  expect('code' in failure ? failure.code : 0).toBe(2);
  expect('stderr' in failure ? failure.stderr : '').toContain('no such file, and no built-in scenario has that id');
});

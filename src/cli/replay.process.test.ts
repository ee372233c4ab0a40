import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The command as a user runs it: `npm run --silent replay -- …`, a real process and its exit code. */
function replay(...args: string[]) {
  return spawnSync('npm', ['run', '--silent', 'replay', '--', ...args], { encoding: 'utf8', timeout: 60_000 });
}

describe('npm run --silent replay (a real process)', () => {
  it('exits 0 for a passing built-in scenario and prints the record to stdout', () => {
    const run = replay('seed-partition');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ version: 1, scenario: 'seed-partition', strategy: 'streaming' });
    expect(run.stderr).toContain('expectations: passed');
  });

  it('exits 1 when expectations fail (the parallel race loses an edit)', () => {
    const run = replay('parallel-edit-race', '--strategy', 'parallel', '--format', 'summary');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('FAILED');
  });

  it('exits 2 with every bad path and no stack trace for an invalid file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-cli-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ id: 'bad', title: 'Bad', description: '', turns: [{ stream: [{ type: 'tool_use', id: 'x', at: -1 }] }] }));
    const run = replay(file);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('turns[0].stream[0]');
    expect(run.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });
});

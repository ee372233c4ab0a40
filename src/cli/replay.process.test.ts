import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import { generateSession, toJsonl } from '../../test/sessionLogs';

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

  it('ends a replay whose Grep regex and Glob pattern backtrack without end: the command’s regular expressions fall back to a linear engine', () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-cli-'));
    const file = join(dir, 'hostile.json');
    const files = { 'a.txt': `${'a'.repeat(48)}b\n`, [`${'a'.repeat(200)}.txt`]: 'x' };
    const stream = [
      { type: 'tool_use', id: 'toolu_g', name: 'Grep', input: { pattern: '(a+)+$', path: '.', output_mode: 'content' }, at: 0, durationMs: 10 },
      { type: 'tool_use', id: 'toolu_glob', name: 'Glob', input: { pattern: `${'a*'.repeat(22)}c` }, at: 10, durationMs: 10 },
    ];
    writeFileSync(file, JSON.stringify({ id: 'hostile-patterns', title: 'Hostile patterns', workspace: { files }, turns: [{ stream }] }));
    // Without the fallback the Grep alone runs for minutes; the spawn's timeout would end it (status null).
    const run = spawnSync(process.execPath, ['bin/replay.js', file, '--format', 'summary'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('2 call(s): 2 success');
  });

  it('loads the linear regex engine at its first use, after a shell script has run under just-bash’s defence in depth', () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-cli-'));
    const file = join(dir, 'late-engine.json');
    const stream = [
      // A shell pattern (just-bash's own regex engine), then a Grep pattern with a quantifier (re2js, required lazily by the built command).
      { type: 'tool_use', id: 'toolu_sh', name: 'Bash', input: { command: 'f=f.ts; echo ${f%.ts} ${f/f/g}' }, at: 0, durationMs: 10 },
      { type: 'tool_use', id: 'toolu_re', name: 'Grep', input: { pattern: '(a+)+b', path: '.', output_mode: 'content' }, at: 10, durationMs: 10 },
    ];
    writeFileSync(file, JSON.stringify({ id: 'late-engine', title: 'Late engine', workspace: { files: { 'a.txt': 'aaab\n', 'f.ts': 'x' } }, turns: [{ stream }] }));
    const run = spawnSync(process.execPath, ['bin/replay.js', file], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    const results = JSON.stringify((JSON.parse(run.stdout) as { turns: unknown }).turns);
    expect(results).toContain('f g.ts');
    expect(results).toContain('a.txt:1:aaab');
    expect(results).not.toContain('is_error":true');
  });

  it('runs as the package bin with no TypeScript loader, several scenarios on worker threads, with a JUnit report', () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-cli-'));
    const junit = join(dir, 'junit.xml');
    const run = spawnSync(process.execPath, ['bin/replay.js', '--all', '--jobs', '2', '--junit', junit, '--format', 'summary'], {
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, CI: 'true' },
    });
    const count = BUILT_IN_SCENARIOS.length;
    expect(run.stderr).toContain(`${count} scenarios: ${count} met, 0 not met, 0 invalid`);
    expect(run.stderr).toMatch(/on 2 jobs/);
    expect(run.status).toBe(0);
    expect(readFileSync(junit, 'utf8')).toContain(`<testsuite name="replay" tests="${count}" failures="0" errors="0"`);
    const built = spawnSync(process.execPath, ['dist-cli/replay.js', 'seed-partition', '--format', 'otlp'], { encoding: 'utf8', timeout: 60_000 });
    expect(built.status).toBe(0);
    expect(built.stdout).toContain('"execute_tool Bash"');
  });

  it('prints nothing but its summary for a session of thirty calls waiting on one signal, on its worker threads too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-wide-'));
    const calls = Array.from({ length: 30 }, (_, i) => ({ id: `toolu_r${i}`, name: 'Read', input: { file_path: `/home/me/app/f${i}.ts` }, result: 'x', ms: 500 }));
    for (const name of ['a', 'b', 'c']) writeFileSync(join(dir, `${name}.jsonl`), toJsonl(generateSession([{ calls }])));
    const run = spawnSync(process.execPath, ['dist-cli/replay.js', dir, '--jobs', '2'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, CI: 'true' } });
    expect(run.status).toBe(0);
    expect(run.stderr).not.toMatch(/Warning/);
    expect(run.stderr.trim()).toMatch(/^3 of 3 session log\(s\) replayed in [\d.]+ s on 2 lane\(s\)$/);
  });
});

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

  it('prints no byte that drives a terminal: a result’s escape sequences, C1 controls and bidi overrides come out as \\u escapes, in text and JSON alike', () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-cli-'));
    const file = join(dir, 'escapes.json');
    // A failing Bash call whose output clears the screen, opens a link, writes the clipboard (OSC 52) and sends CSI as one C1 byte.
    const hostile = 'printf "\\033[2J\\033]8;;https://evil.example\\007link\\033]8;;\\007 \\033]52;c;cm0gLXJmIH4=\\007 \\302\\2332J \\342\\200\\256txt.exe"; exit 3';
    writeFileSync(file, JSON.stringify({ id: 'escapes', title: 'Escapes', description: '', turns: [{ stream: [{ type: 'tool_use', id: 'toolu_esc', name: 'Bash', input: { command: hostile }, at: 0, durationMs: 10 }, { type: 'tool_use', id: 'toolu_name', name: 'Evil\u001b[2J\u009b31m', input: {}, at: 10, durationMs: 5 }] }] }));
    for (const format of ['timeline', 'summary', 'json']) {
      const run = replay(file, '--format', format);
      const printed = run.stdout + run.stderr;
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      expect(printed, format).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
      if (format === 'timeline') expect(printed).toContain('\\u001b[2J');
      if (format === 'json') expect(JSON.stringify(JSON.parse(run.stdout))).toContain('\\u001b]52;c;');
    }
    // A bad line of a session log, quoted in the message, the same.
    const log = join(dir, 'bad.jsonl');
    writeFileSync(log, '{"type":"user","message":\u001b[31m oops\n');
    const bad = replay(log, '--format', 'summary');
    expect(bad.status).toBe(2);
    expect(bad.stdout + bad.stderr).not.toContain('\x1b');
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

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSession, logWriter, longSession, toJsonl, type GeneratedCall } from '../../../../test/sessionLogs';
import { importClaudeSession, policyOfVersion } from './importClaudeSession';
import { importSessionLog } from '../importSessionLog';

const TRANSCRIPTS = join(import.meta.dirname, '../../../../test/transcripts');
const realLogs = readdirSync(TRANSCRIPTS).filter((name) => name.endsWith('.jsonl'));
const imported = (text: string, name = 'session.jsonl') => importClaudeSession([{ name, text }]);

const read = (id: string, path: string, content: string, ms = 100): GeneratedCall => ({
  id,
  name: 'Read',
  input: { file_path: `/home/me/app/${path}` },
  result: content.split('\n').map((line, i) => `${String(i + 1).padStart(6)}→${line}`).join('\n'),
  detail: { type: 'text', file: { filePath: `/home/me/app/${path}`, content, numLines: content.split('\n').length, startLine: 1, totalLines: content.split('\n').length } },
  ms,
});

describe('importing the real Claude Code logs', () => {
  it.each(realLogs)('%s: every tool_use becomes a call with what really happened', (name) => {
    const text = readFileSync(join(TRANSCRIPTS, name), 'utf8');
    const result = imported(text, name);
    expect(result.ok, JSON.stringify(result.problems.slice(0, 3))).toBe(true);
    if (!result.ok) return;
    const uses = [...text.matchAll(/"type":"tool_use","id":"(toolu_[A-Za-z0-9]+)"/g)].map((match) => match[1]!);
    const scenario = result.scenario;
    const scripted = [...scenario.turns, ...Object.values(scenario.agents ?? {}).flatMap((agent) => agent.turns)].flatMap((turn) => turn.stream.flatMap((block) => (block.type === 'tool_use' ? [block.id] : [])));
    // Every tool_use of the main agent is a call of the scenario and has its observed run.
    for (const id of new Set(uses)) if (scripted.includes(id)) expect(scenario.observed!.calls[id], id).toBeDefined();
    expect(scripted.length).toBeGreaterThan(0);
    expect(scenario.observed!.version).toMatch(/^\d+\.\d+\.\d+$/);
    // The version's preset, or, where a version that gated streaming execution shows it ran without, the non-streaming path's.
    expect([policyOfVersion(scenario.observed!.version), 'claude-code-2.0']).toContain(scenario.settings.policy);
  });
});

describe('a session as the importer reads it', () => {
  it('keeps a 10,000-deep input as its text, so the scenario can be written out and the replay refuses it', () => {
    const deep = `${'{"x":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const call: GeneratedCall = { ...read('toolu_deep', 'a.txt', 'a'), input: { file_path: '@DEEP@' } };
    const text = toJsonl(generateSession([{ calls: [call, read('toolu_after', 'a.txt', 'a')] }])).replace('{"file_path":"@DEEP@"}', deep);
    const result = imported(text);
    expect(result.ok, JSON.stringify(result.problems.slice(0, 3))).toBe(true);
    if (!result.ok) return;
    const blocks = result.scenario.turns.flatMap((turn) => turn.stream);
    expect(blocks.find((block) => block.type === 'tool_use' && block.id === 'toolu_deep')).toMatchObject({ input: deep });
    expect(() => JSON.stringify(result.scenario)).not.toThrow();
  });

  it('keeps each response’s blocks in their real order and timing, and each call’s real duration', () => {
    const lines = generateSession([{ text: 'Reading.', calls: [read('toolu_a', 'src/a.ts', 'export const a = 1;', 250), read('toolu_b', 'src/b.ts', 'export const b = 2;', 100)] }]);
    const result = imported(toJsonl(lines));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [turn] = result.scenario.turns;
    expect(turn!.stream.map((block) => [block.type, block.at, block.durationMs])).toEqual([
      ['text', 0, 0],
      ['tool_use', 0, 40],
      ['tool_use', 40, 40],
    ]);
    // No simulated latency: the call's 250 ms are its recorded effect's (or, rerun, its real work's).
    expect(turn!.stream[1]).toMatchObject({ id: 'toolu_a', input: { file_path: 'src/a.ts' }, latencyMs: 0 });
    // Times from the session's first response: the call started 5 ms after its block closed (40 ms in), 45 ms after the response's first block.
    expect(result.scenario.observed!.calls.toolu_a).toMatchObject({ outcome: 'success', startedAt: 45, endedAt: 295, offsetMs: 45 });
    expect(turn!.expect?.outcomes).toEqual({ toolu_a: 'success', toolu_b: 'success' });
    expect(result.scenario.workspace.files).toEqual({ 'src/a.ts': 'export const a = 1;', 'src/b.ts': 'export const b = 2;' });
  });

  it('reads outcomes: errors, cancelled siblings, refusals, and a call with no result', () => {
    const write = logWriter();
    const call = (id: string, name: string, input: Record<string, unknown>) => ({ type: 'tool_use', id, name, input });
    const lines = [
      write.user(0, 'Go.'),
      write.assistant(100, 'm1', call('toolu_missing', 'Read', { file_path: '/home/me/app/nope.ts' })),
      write.assistant(140, 'm1', call('toolu_sibling', 'Grep', { pattern: 'x' })),
      write.assistant(180, 'm1', call('toolu_refused', 'Bash', { command: 'rm -rf build' })),
      write.assistant(220, 'm1', call('toolu_lost', 'Glob', { pattern: '*' })),
      write.result(300, { id: 'toolu_missing', name: 'Read', input: {}, result: '<tool_use_error>File does not exist.</tool_use_error>', isError: true, ms: 0 }),
      write.result(310, { id: 'toolu_sibling', name: 'Grep', input: {}, result: '<tool_use_error>Sibling tool call errored</tool_use_error>', isError: true, ms: 0 }),
      write.result(320, { id: 'toolu_refused', name: 'Bash', input: {}, result: "The user doesn't want to proceed with this tool use.", isError: true, ms: 0 }),
    ];
    const result = imported(toJsonl(lines));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const calls = result.scenario.observed!.calls;
    expect([calls.toolu_missing!.outcome, calls.toolu_sibling!.outcome, calls.toolu_refused!.outcome, calls.toolu_lost!.outcome]).toEqual(['error', 'cancelled', 'denied', 'unanswered']);
    expect(result.scenario.turns[0]!.expect?.outcomes).toEqual({ toolu_missing: 'invalid', toolu_sibling: 'cancelled', toolu_refused: 'denied' });
    expect(result.scenario.settings.answers).toEqual({ toolu_refused: 'deny' });
    expect(result.problems.map((problem) => problem.message)).toContainEqual(expect.stringContaining('toolu_lost (Glob) has no tool_result'));
  });

  it('rebuilds the workspace as far as the log shows it, and lists what it cannot know', () => {
    const partial: GeneratedCall = { ...read('toolu_part', 'big.ts', 'line 3\nline 4'), detail: { type: 'text', file: { content: 'line 3\nline 4', startLine: 3, numLines: 2, totalLines: 5 } } };
    const edit: GeneratedCall = { id: 'toolu_edit', name: 'Edit', input: { file_path: '/home/me/app/edited.ts', old_string: 'a = 1', new_string: 'a = 2' }, result: 'ok', ms: 10 };
    const outside = read('toolu_outside', '../elsewhere/x.ts', 'x');
    outside.input = { file_path: '/etc/hosts' };
    const lines = generateSession([{ calls: [partial, edit, outside, { id: 'toolu_sh', name: 'Bash', input: { command: 'cd /home/me/app && ls /home/me/app/src' }, result: 'a.ts', ms: 5 }] }]);
    const result = imported(toJsonl(lines));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.scenario.workspace.files).toEqual({ 'big.ts': '\n\nline 3\nline 4\n\n', 'edited.ts': 'a = 1\n' });
    expect(result.scenario.observed!.unknown).toEqual([
      'edited.ts: only the text the first edit replaced is known',
      'big.ts: only the lines a Read showed are known (the others are left empty)',
      "/etc/hosts: outside the session's folder, left out",
      "what the session's 1 Bash command(s) did to the files is not in the log",
    ]);
    const bash = result.scenario.turns[0]!.stream.find((block) => block.type === 'tool_use' && block.id === 'toolu_sh');
    expect(bash).toMatchObject({ input: { command: 'cd . && ls src' } });
  });

  it('places a Windows session’s paths in its folder, and leaves out one it cannot place instead of failing the import', () => {
    const cwd = 'C:\\Users\\me\\app';
    const winRead = (id: string, path: string, content: string): GeneratedCall => ({ ...read(id, 'x', content), input: { file_path: path }, detail: { type: 'text', file: { filePath: path, content, numLines: 1, startLine: 1, totalLines: 1 } } });
    const lines = generateSession([{ calls: [winRead('toolu_in', 'C:\\Users\\me\\app\\src\\a.ts', 'a'), winRead('toolu_out', 'D:\\notes\\b.md', 'b')] }], { cwd });
    const result = imported(toJsonl(lines));
    expect(result.ok, JSON.stringify(result.problems)).toBe(true);
    if (!result.ok) return;
    expect(result.scenario.workspace.files).toEqual({ 'src/a.ts': 'a' });
    expect(result.scenario.observed!.unknown).toContain("D:\\notes\\b.md: outside the session's folder, left out");
    const inputs = result.scenario.turns[0]!.stream.flatMap((block) => (block.type === 'tool_use' ? [block.input] : []));
    expect(inputs).toEqual([{ file_path: 'src/a.ts' }, { file_path: 'D:\\notes\\b.md' }]);
    // A relative path with a backslash in a POSIX session is no workspace path either: left out, named.
    const posix = imported(toJsonl(generateSession([{ calls: [winRead('toolu_bs', 'src\\b.ts', 'b')] }])));
    expect(posix.ok, JSON.stringify(posix.problems)).toBe(true);
    if (posix.ok) expect(posix.scenario.observed!.unknown).toContain("src\\b.ts: outside the session's folder, left out");
  });

  it('names the policy of each Claude Code version', () => {
    expect(['1.0.98', '2.0.5', '2.0.59', '2.1.14', '2.1.39', '2.1.46', '2.1.47', '2.1.62', '2.1.72', '2.1.127', '2.1.130', '2.1.161', '2.2.0'].map(policyOfVersion)).toEqual([
      'claude-code-1.0',
      'claude-code-2.0',
      'claude-code-2.1.39',
      'claude-code-2.1.39',
      'claude-code-2.1.39',
      'claude-code-2.1.39',
      'claude-code-2.1.47',
      'claude-code-2.1.47',
      'claude-code-2.1.72',
      'claude-code-2.1.72',
      'claude-code-2.1.128',
      'claude-code-2.1.161',
      'claude-code-2.1.161',
    ]);
  });
});

describe('bad and hostile logs', () => {
  const good = () => generateSession([{ calls: [read('toolu_a', 'a.ts', 'a')] }]);

  it('names a truncated line and a line that is not JSON, and imports the rest', () => {
    const text = toJsonl(good()).replace(/\n$/, '');
    const lines = text.split('\n');
    lines.splice(2, 0, '{"type":"assistant","message":{"id":"m', 'this is not json');
    const result = imported(lines.join('\n'));
    expect(result.ok).toBe(true);
    expect(result.problems.map((problem) => problem.line)).toEqual([3, 4]);
    expect(result.problems[0]!.message).toMatch(/not JSON .* a truncated or damaged line/);
  });

  it('passes over entry types it does not know, and a result no tool_use asked for', () => {
    const write = logWriter();
    const lines = [...good(), { type: 'some-future-entry', timestamp: '2026-02-12T15:00:09.000Z' }, write.result(9000, { id: 'toolu_ghost', name: 'Read', input: {}, result: 'x', ms: 0 })];
    const result = imported(toJsonl(lines));
    expect(result.ok).toBe(true);
    expect(result.problems.map((problem) => problem.message)).toEqual([expect.stringContaining('toolu_ghost, which no tool_use of this agent asked for')]);
  });

  it('takes a block whose timestamp goes back as its predecessor’s, and says so', () => {
    const lines = generateSession([{ calls: [read('toolu_a', 'a.ts', 'a'), read('toolu_b', 'b.ts', 'b')] }]);
    const index = lines.findIndex((line) => JSON.stringify(line).includes('"id":"toolu_b"'));
    lines[index] = { ...lines[index]!, timestamp: '2026-02-12T14:59:00.000Z' };
    const result = imported(toJsonl(lines));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.problems.map((problem) => problem.message)).toContainEqual(expect.stringContaining('before the previous block of the same response'));
    expect(result.scenario.turns[0]!.stream.every((block) => block.durationMs >= 0)).toBe(true);
  });

  it('refuses a log of another agent with a clear message, and an empty one', () => {
    const codexLike = toJsonl([{ timestamp: '2026-01-01T00:00:00Z', type: 'session_meta', payload: {} }, { timestamp: '2026-01-01T00:00:01Z', type: 'response_item', payload: {} }]);
    const result = imported(codexLike, 'rollout.jsonl');
    expect(result.ok).toBe(false);
    expect(result.problems.map((problem) => problem.message).join('\n')).toContain('does not look like a Claude Code session log: it has no user or assistant entries (its entry types: session_meta, response_item)');
    expect(imported('').ok).toBe(false);
  });

  // No time limit of its own to meet: the suite's 30 s is for a test that hangs, and a busy machine takes longer to make and read 50 MB.
  it('imports a 50 MB log', { timeout: 180_000 }, () => {
    const big = 'x'.repeat(1_000_000);
    const turns = Array.from({ length: 50 }, (_, t) => ({ calls: [read(`toolu_big_${t}`, `f${t}.txt`, big)] }));
    const text = toJsonl(generateSession(turns));
    expect(text.length).toBeGreaterThan(50_000_000);
    const result = imported(text);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.scenario.turns).toHaveLength(50);
  });
});

describe('a line without a timestamp', () => {
  it('is imported with its neighbour’s time, named as a problem, and the rest of the session comes in', () => {
    const lines = toJsonl(longSession(3, 6)).split('\n').filter(Boolean);
    for (const index of [0, 1, 8]) {
      const copy = [...lines];
      const entry = JSON.parse(copy[index]!) as Record<string, unknown>;
      delete entry.timestamp;
      copy[index] = JSON.stringify(entry);
      const imported = importSessionLog([{ name: 's.jsonl', text: copy.join('\n') }]);
      expect(imported.ok, `line ${index + 1}`).toBe(true);
      if (!imported.ok) continue;
      expect(Object.keys(imported.scenario.observed!.calls)).toHaveLength(6);
      expect(imported.problems).toContainEqual({ source: 's.jsonl', line: index + 1, message: expect.stringMatching(/^no timestamp: taken as the (previous|next) line's$/) as string });
    }
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSessionLog, sessionAgentOf } from '../importSessionLog';
import { playgroundCall } from './piTools';

const PI = join(import.meta.dirname, '../../../../test/pi');
const sample = (name: string) => ({ name, text: readFileSync(join(PI, name), 'utf8') });

describe('the Pi coding agent’s sessions', () => {
  it('tells a Pi session by its header, whatever the file is called', () => {
    expect(sessionAgentOf(sample('pi-parallel.jsonl').text)).toBe('pi');
    expect(sessionAgentOf(sample('pi-sequential.jsonl').text)).toBe('pi');
    // A header with no id is no Pi header; a line a tool put before the header does not hide it.
    expect(sessionAgentOf('{"type":"session","cwd":"/w"}\n')).toBeUndefined();
    expect(sessionAgentOf(`{"type":"title","v":1,"title":"x"}\n${sample('pi-parallel.jsonl').text}`)).toBe('pi');
  });

  it('reads each message’s calls and results, times the calls at the message’s end, and replays them all at once (0.58 and later)', () => {
    const result = importSessionLog([sample('pi-parallel.jsonl')]);
    expect(result.ok, JSON.stringify(result.problems)).toBe(true);
    if (!result.ok) return;
    const { scenario } = result;
    expect(scenario.settings.policy).toBe('pi');
    expect(scenario.observed!.agent).toBe('pi');
    expect(scenario.turns[0]!.stream.map((block) => (block.type === 'tool_use' ? [block.name, block.input] : block.type))).toEqual([
      'text',
      ['Read', { file_path: 'src/greet.ts' }],
      ['Bash', { command: 'npm test', timeout: 120_000 }],
    ]);
    const { calls } = scenario.observed!;
    // Both started as the message ended (Pi runs no tool while it streams) and share the slowest one's end.
    expect(calls.toolu_01ABC).toMatchObject({ outcome: 'success', startedAt: 0, endedAt: 2066, offsetMs: 0 });
    expect(calls.toolu_01DEF).toMatchObject({ outcome: 'error', startedAt: 0, endedAt: 2066 });
    expect(scenario.turns[1]!.stream[0]).toMatchObject({ name: 'Edit', input: { file_path: 'src/greet.ts', old_string: "return 'Hello, world';", new_string: 'return `Hello, ${name}`;' } });
    // The file the read showed is the workspace the replay starts from.
    expect(scenario.workspace.files['src/greet.ts']).toContain("return 'Hello, world'");
    expect(scenario.observed!.unknown).toContain('the Pi version: a session file does not name it (its header’s version is the file format’s)');
  });

  it('takes a session whose results were written apart as run one call at a time (before 0.58)', () => {
    const result = importSessionLog([sample('pi-sequential.jsonl')]);
    expect(result.ok, JSON.stringify(result.problems)).toBe(true);
    if (!result.ok) return;
    expect(result.scenario.settings.policy).toBe('pi-sequential');
    const { calls } = result.scenario.observed!;
    // One after another: each starts as the one before ends.
    expect([calls.call_ls!.startedAt, calls.call_find!.startedAt, calls.call_readme!.startedAt]).toEqual([0, 138, 908]);
    expect(result.scenario.turns[0]!.stream.map((block) => block.type === 'tool_use' && block.name)).toEqual(['Bash', 'Glob', 'Read']);
  });

  it('maps Pi’s tools onto the playground’s, both shapes of its edit, and keeps the rest as they are', () => {
    expect(playgroundCall('edit', { path: 'a.ts', oldText: 'x', newText: 'y' })).toEqual({ name: 'Edit', input: { file_path: 'a.ts', old_string: 'x', new_string: 'y' } });
    expect(playgroundCall('edit', { path: 'a.ts', edits: '[{"oldText":"x","newText":"y"},{"oldText":"p","newText":"q"}]' })).toEqual({
      name: 'MultiEdit',
      input: { file_path: 'a.ts', edits: [{ old_string: 'x', new_string: 'y' }, { old_string: 'p', new_string: 'q' }] },
    });
    expect(playgroundCall('grep', { pattern: 'TODO', path: 'src', ignoreCase: true, limit: 5 })).toEqual({ name: 'Grep', input: { pattern: 'TODO', path: 'src', '-i': true, head_limit: 5, output_mode: 'content' } });
    expect(playgroundCall('ls', { path: '.' })).toEqual({ name: 'ls', input: { path: '.' } });
    expect(playgroundCall('edit', { path: 'a.ts', edits: 'not json' })).toEqual({ name: 'edit', input: { path: 'a.ts', edits: 'not json' } });
  });

  it('names a damaged line and a result no call asked for, and imports the rest', () => {
    const lines = sample('pi-parallel.jsonl').text.split('\n');
    lines.splice(4, 0, '{"type":"message","message":', '{"type":"message","id":"zz","timestamp":"2026-02-03T10:15:08.000Z","message":{"role":"toolResult","toolCallId":"toolu_nobody","content":[],"isError":false}}');
    const result = importSessionLog([{ name: 'cut.jsonl', text: lines.join('\n') }]);
    expect(result.ok).toBe(true);
    expect(result.problems.map((problem) => `${problem.line}: ${problem.message}`)).toEqual([
      expect.stringMatching(/^5: not JSON/),
      '6: a toolResult for toolu_nobody, which no toolCall of the session asked for: left out',
    ]);
  });
});

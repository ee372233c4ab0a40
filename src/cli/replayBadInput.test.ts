import { describe, expect, it } from 'vitest';
import type { CliIo } from './replayIo';
import { replayMain } from './replayMain';

/**
 * Scenario input that cannot break a replay: each case exits 2 with a message naming the bad path,
 * at once, before anything runs.
 */
function replayText(text: string): Promise<{ code: number; err: string }> {
  const err: string[] = [];
  const io: CliIo = {
    readFile: (path) => (path === 'bad.json' ? Promise.resolve(text) : Promise.reject(Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' }))),
    writeFile: () => Promise.resolve(),
    listJsonFiles: () => Promise.resolve(null),
    stdout: () => undefined,
    stderr: (line) => void err.push(line),
  };
  return replayMain(['bad.json', '--format', 'summary'], io).then((code) => ({ code, err: err.join('') }));
}

function scenarioText(files: Record<string, string>, block: Record<string, unknown> = {}): string {
  const read = { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'a.txt' }, at: 0, durationMs: 10, ...block };
  return JSON.stringify({ id: 'bad', title: 'Bad', workspace: { files }, turns: [{ stream: [read] }] });
}

describe('a scenario that cannot be run is refused with exit 2 naming the path', () => {
  it('times whose sum overflows to Infinity, and a time written past what a number holds', async () => {
    const { code, err } = await replayText(scenarioText({ 'a.txt': 'a' }, { at: 1e308, durationMs: 1e308 }));
    expect(code).toBe(2);
    expect(err).toContain('turns[0].stream[0].at: must be at most 1000000000');
    expect(err).toContain('turns[0].stream[0].durationMs');
    // JSON.parse reads 1e400 as Infinity.
    const infinite = await replayText(scenarioText({ 'a.txt': 'a' }, { at: 0 }).replace('"at":0', '"at":1e400'));
    expect(infinite.code).toBe(2);
    expect(infinite.err).toContain('turns[0].stream[0].at');
  });

  it('a NUL or another control character in a file name', async () => {
    for (const name of ['a\u0000b', 'dir/x\ny']) {
      const { code, err } = await replayText(scenarioText({ [name]: 'x' }));
      expect(code, name).toBe(2);
      expect(err).toContain(`workspace.files[${JSON.stringify(name)}]: a file path must not hold a control character`);
    }
  });

  it('a file and a file inside it ("a" and "a/b"), in the workspace and in the expected files', async () => {
    const { code, err } = await replayText(scenarioText({ a: 'x', 'a/b/c': 'y', 'a.txt': 'z' }));
    expect(code).toBe(2);
    expect(err).toContain('workspace.files["a/b/c"]: "a" is a file, so "a/b/c" cannot be a file inside it');
    const expected = JSON.parse(scenarioText({ 'a.txt': 'z' })) as Record<string, unknown>;
    expected.expect = { files: { 'a.txt': 'z', 'a.txt/x': 'y' } };
    const inExpect = await replayText(JSON.stringify(expected));
    expect(inExpect.code).toBe(2);
    expect(inExpect.err).toContain('expect.files["a.txt/x"]');
  });

  it('"__proto__" as a file name, a tool_use id, an answer key or an input field (JSON.parse keeps it, an object drops it)', async () => {
    const cases: [string, string][] = [
      [scenarioText({ 'a.txt': 'a' }).replace('"files":{', '"files":{"__proto__":"x",'), 'workspace.files.__proto__'],
      [scenarioText({ 'a.txt': 'a' }, { id: '__proto__' }), 'turns[0].stream[0].id: "__proto__" cannot be a tool_use id'],
      [scenarioText({ 'a.txt': 'a' }).replace('"workspace"', '"settings":{"answers":{"__proto__":"deny"}},"workspace"'), 'settings.answers.__proto__'],
      [scenarioText({ 'a.txt': 'a' }).replace('"input":{', '"input":{"__proto__":{"x":1},'), 'turns[0].stream[0].input.__proto__'],
    ];
    for (const [text, path] of cases) {
      const { code, err } = await replayText(text);
      expect(code, path).toBe(2);
      expect(err).toContain(path);
    }
  });
});

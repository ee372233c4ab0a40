import { describe, expect, it } from 'vitest';
import { replayMain, type CliIo } from './replayMain';

function memoryIo(files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const written: Record<string, string> = {};
  const io: CliIo = {
    readFile: (path) =>
      path in files ? Promise.resolve(files[path]!) : Promise.reject(Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' })),
    writeFile: (path, text) => {
      written[path] = text;
      return Promise.resolve();
    },
    stdout: (text) => void out.push(text),
    stderr: (text) => void err.push(text),
  };
  return { io, out: () => out.join(''), err: () => err.join(''), written };
}

const minimal = (expectOutcome: string) =>
  JSON.stringify({
    id: 'tiny',
    title: 'Tiny',
    description: 'One read.',
    workspace: { files: { 'a.txt': 'hello\n' } },
    turns: [
      {
        stream: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'a.txt' }, at: 0, durationMs: 10 }],
        expect: { outcomes: { toolu_1: expectOutcome } },
      },
    ],
  });

describe('npm run replay', () => {
  it('exits 0 and prints the run record when a built-in scenario meets its expectations', async () => {
    const cli = memoryIo();
    expect(await replayMain(['seed-partition'], cli.io)).toBe(0);
    const record = JSON.parse(cli.out()) as { version: number; scenario: string; expectations: { passed: boolean } };
    expect(record).toMatchObject({ version: 1, scenario: 'seed-partition', expectations: { passed: true } });
    expect(cli.err()).toContain('seed-partition');
  });

  it('exits 1 when the run does not meet the expectations, and says which', async () => {
    const cli = memoryIo({ 'tiny.json': minimal('error') });
    expect(await replayMain(['tiny.json', '--format', 'summary'], cli.io)).toBe(1);
    expect(cli.out() + cli.err()).toContain('toolu_1');
  });

  it('exits 0 for a file scenario that passes, writing to --out', async () => {
    const cli = memoryIo({ 'tiny.json': minimal('success') });
    expect(await replayMain(['tiny.json', '--out', 'record.json'], cli.io)).toBe(0);
    expect(JSON.parse(cli.written['record.json']!)).toMatchObject({ scenario: 'tiny' });
  });

  it('exits 2 with a clear message for a file that is not JSON', async () => {
    const cli = memoryIo({ 'bad.json': '{ "id": "x", ' });
    expect(await replayMain(['bad.json'], cli.io)).toBe(2);
    expect(cli.err()).toContain('bad.json');
    expect(cli.err()).not.toMatch(/at .*\.ts:\d+/);
  });

  it('exits 2 listing every bad path of a scenario that fails the schema', async () => {
    const bad = JSON.stringify({ id: 'Not Kebab', title: 1, description: 'd', workspace: { files: {} }, turns: [], extra: true });
    const cli = memoryIo({ 'bad.json': bad });
    expect(await replayMain(['bad.json'], cli.io)).toBe(2);
    for (const path of ['id', 'title', 'turns', 'extra']) expect(cli.err()).toContain(path);
  });

  it('exits 2 for a scenario file or id that does not exist', async () => {
    const cli = memoryIo();
    expect(await replayMain(['no-such-scenario'], cli.io)).toBe(2);
    expect(cli.err()).toContain('no-such-scenario');
  });

  it('exits 2 for bad arguments', async () => {
    for (const argv of [[], ['seed-partition', '--strategy', 'fastest'], ['seed-partition', '--format'], ['seed-partition', '--bogus']]) {
      const cli = memoryIo();
      expect(await replayMain(argv, cli.io)).toBe(2);
      expect(cli.err()).toContain('usage');
    }
  });

  it('refuses settings this build cannot honour instead of ignoring them', async () => {
    const scenario = JSON.parse(minimal('success')) as Record<string, unknown>;
    scenario.settings = { deny: ['Bash(rm'] };
    const cli = memoryIo({ 'ro.json': JSON.stringify(scenario) });
    expect(await replayMain(['ro.json'], cli.io)).toBe(2);
    expect(cli.err()).toContain('settings.deny');
  });

  it('gives a per-call error, not a crash, for a path outside the workspace', async () => {
    const scenario = JSON.parse(minimal('invalid')) as { turns: { stream: { input: unknown }[] }[] };
    scenario.turns[0]!.stream[0]!.input = { file_path: '../../etc/passwd' };
    const cli = memoryIo({ 'escape.json': JSON.stringify(scenario) });
    expect(await replayMain(['escape.json'], cli.io)).toBe(0);
    expect(cli.out()).toContain('outside the workspace');
  });

  it('writes a Chrome trace and a text timeline', async () => {
    const trace = memoryIo();
    expect(await replayMain(['seed-partition', '--format', 'chrome-trace'], trace.io)).toBe(0);
    expect(JSON.parse(trace.out())).toHaveProperty('traceEvents');
    const timeline = memoryIo();
    expect(await replayMain(['seed-partition', '--format', 'timeline'], timeline.io)).toBe(0);
    expect(timeline.out()).toContain('toolu_bash_ls');
  });
});

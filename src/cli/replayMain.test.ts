import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import type { CliIo } from './replayIo';
import { replayMain } from './replayMain';

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
    listJsonFiles: (path) => {
      const inside = Object.keys(files).filter((name) => name.startsWith(`${path}/`) && name.endsWith('.json'));
      return Promise.resolve(inside.length > 0 ? inside.sort() : null);
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
  it('prints its usage for --help, and every built-in id in one column for --list', async () => {
    const help = memoryIo();
    expect(await replayMain(['--help'], help.io)).toBe(0);
    expect(help.out()).toMatch(/^usage: npm run replay/);
    const list = memoryIo();
    expect(await replayMain(['--list'], list.io)).toBe(0);
    const columns = list.out().trimEnd().split('\n').map((row) => row.search(/\S+$|(?<=\S {2,})\S/));
    expect(new Set(columns).size).toBe(1);
  });

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

  it('writes a self-contained HTML report with --format html', async () => {
    const cli = memoryIo();
    expect(await replayMain(['seed-partition', '--format', 'html', '--out', 'seed.html'], cli.io)).toBe(0);
    const html = cli.written['seed.html']!;
    expect(html).toMatch(/^<!doctype html>/);
    for (const id of ['toolu_read_a', 'toolu_read_b', 'toolu_bash_ls', 'toolu_read_c']) expect(html).toContain(id);
    expect(html).not.toContain('<script');
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

  it('writes an OTLP trace, with arguments and results only when asked', async () => {
    const plain = memoryIo();
    expect(await replayMain(['seed-partition', '--format', 'otlp'], plain.io)).toBe(0);
    const traces = JSON.parse(plain.out()) as { resourceSpans: { scopeSpans: { spans: { name: string; attributes: { key: string }[] }[] }[] }[] };
    const spans = traces.resourceSpans[0]!.scopeSpans[0]!.spans;
    expect(spans.filter((span) => span.name.startsWith('execute_tool ')).length).toBe(4);
    expect(spans.flatMap((span) => span.attributes.map((entry) => entry.key))).not.toContain('gen_ai.tool.call.arguments');
    const withContent = memoryIo();
    expect(await replayMain(['seed-partition', '--format', 'otlp', '--include-content'], withContent.io)).toBe(0);
    expect(withContent.out()).toContain('gen_ai.tool.call.arguments');
  });
});

describe('npm run replay with several scenarios', () => {
  const folder = {
    'suite/pass.json': minimal('success'),
    'suite/fail.json': minimal('error').replace('"tiny"', '"tiny-fail"'),
    'suite/notes.txt': 'not a scenario',
  };

  it('replays a folder and ids in one run: one table, the worst exit code, outputs in a folder', async () => {
    const cli = memoryIo(folder);
    expect(await replayMain(['suite', 'seed-partition', '--format', 'summary', '--out', 'out/'], cli.io)).toBe(1);
    const table = cli.err();
    expect(table).toMatch(/^scenario +outcome +makespan +expectations$/m);
    expect(table).toMatch(/^tiny-fail +NOT MET +\d+ ms +1 failed$/m);
    expect(table).toMatch(/^tiny +met +\d+ ms +passed$/m);
    // 2500 ms of scripted waits, plus whatever its real Bash work took on this machine.
    expect(Number(/^seed-partition +met +(\d+) ms +passed$/m.exec(table)?.[1])).toBeGreaterThanOrEqual(2500);
    expect(table).toContain('3 scenarios: 2 met, 1 not met, 0 invalid');
    expect(table).toContain('toolu_1');
    expect(Object.keys(cli.written).sort()).toEqual(['out/seed-partition.summary.txt', 'out/tiny-fail.summary.txt', 'out/tiny.summary.txt']);
  });

  it('exits 2 when any scenario is invalid, and still replays the others', async () => {
    const cli = memoryIo({ ...folder, 'suite/bad.json': '{ "id": ' });
    expect(await replayMain(['suite', '--format', 'summary'], cli.io)).toBe(2);
    expect(cli.err()).toMatch(/^suite\/bad\.json +INVALID/m);
    expect(cli.out()).toContain('tiny · strategy streaming');
  });

  it('replays every built-in scenario with --all', async () => {
    const cli = memoryIo();
    expect(await replayMain(['--all', '--format', 'summary'], cli.io)).toBe(0);
    const count = BUILT_IN_SCENARIOS.length;
    expect(cli.err()).toContain(`${count} scenarios: ${count} met, 0 not met, 0 invalid`);
  });

  it('writes a JUnit report CI systems read: well-formed XML, a case per scenario, failures and errors counted', async () => {
    const cli = memoryIo({ ...folder, 'suite/bad.json': JSON.stringify({ id: 'Bad Id', title: 'x', description: 'x', turns: [] }) });
    expect(await replayMain(['suite', 'seed-partition', '--junit', 'report.xml', '--format', 'summary'], cli.io)).toBe(2);
    const xml = cli.written['report.xml']!;
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
      testsuites: { testsuite: { tests: string; failures: string; errors: string; testcase: { name: string; failure?: { '#text': string }; error?: { '#text': string } }[] } };
    };
    const suite = parsed.testsuites.testsuite;
    expect([suite.tests, suite.failures, suite.errors]).toEqual(['4', '1', '1']);
    expect(suite.testcase.map((testcase) => testcase.name)).toEqual(['suite/bad.json', 'tiny-fail', 'tiny', 'seed-partition']);
    expect(suite.testcase[1]!.failure?.['#text']).toContain('toolu_1');
    expect(suite.testcase[0]!.error?.['#text']).toContain('id');
  });

  it('refuses a bad --jobs, and a folder with no scenarios', async () => {
    const jobs = memoryIo();
    expect(await replayMain(['--all', '--jobs', '0'], jobs.io)).toBe(2);
    expect(jobs.err()).toContain('--jobs must be a positive whole number');
    const empty = memoryIo({ 'empty/readme.txt': '' });
    empty.io.listJsonFiles = () => Promise.resolve([]);
    expect(await replayMain(['empty'], empty.io)).toBe(2);
    expect(empty.err()).toContain('no scenario files in empty');
  });
});

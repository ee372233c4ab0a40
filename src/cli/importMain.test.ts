import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../scenarios/validate';
import type { LogFile } from '../scenarios/import/logFile';
import { importMain, type ImportIo } from './importMain';
import { replayMain } from './replayMain';

const LOG = 'test/transcripts/spotter-fa812bfe-main-lines1-312.jsonl';
const ROLLOUT = 'test/codex/rollout-2025-10-14T09-31-02-0199e2b4-1f3a-7c52-9d0e-6a1b2c3d4e5f.jsonl';
const GEMINI = 'test/gemini/gemini-cli-codemie-file-ops-37b7abef.json';

function memoryIo(logs: Record<string, LogFile[]>) {
  const out: string[] = [];
  const err: string[] = [];
  const written: Record<string, string> = {};
  const io: ImportIo = {
    readSessionFiles: (path) => (path in logs ? Promise.resolve(logs[path]!) : Promise.reject(new Error('no such file'))),
    writeFile: (path, text) => {
      written[path] = text;
      return Promise.resolve();
    },
    stdout: (text) => void out.push(text),
    stderr: (text) => void err.push(text),
  };
  return { io, out: () => out.join(''), err: () => err.join(''), written };
}

const realLog = (): LogFile[] => [{ name: LOG, text: readFileSync(LOG, 'utf8') }];

describe('npm run import', () => {
  it('prints a scenario the validator accepts, and a one-line account on standard error', async () => {
    const cli = memoryIo({ [LOG]: realLog() });
    expect(await importMain([LOG], cli.io)).toBe(0);
    const validated = validateScenario(JSON.parse(cli.out()));
    expect(validated.ok).toBe(true);
    expect(cli.err()).toMatch(/^import: .+: \d+ responses, \d+ calls/m);
  });

  it('imports a Codex CLI rollout the same way, without being told which agent wrote it', async () => {
    const cli = memoryIo({ [ROLLOUT]: [{ name: ROLLOUT, text: readFileSync(ROLLOUT, 'utf8') }] });
    expect(await importMain([ROLLOUT], cli.io)).toBe(0);
    const validated = validateScenario(JSON.parse(cli.out()));
    expect(validated.ok && validated.scenario.observed).toMatchObject({ agent: 'codex', version: '0.46.0' });
    expect(cli.err()).toBe('import: session-0199e2b4: 9 responses, 12 calls, 1 files known\n');
  });

  it('replays an imported Codex CLI rollout: its expectations met or not (exit 0 or 1), never refused', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await replayMain([ROLLOUT, '--format', 'summary'], {
      readFile: (path) => (path === ROLLOUT ? Promise.resolve(readFileSync(ROLLOUT, 'utf8')) : Promise.reject(new Error(`ENOENT: ${path}`))),
      writeFile: () => Promise.resolve(),
      listJsonFiles: () => Promise.resolve(null),
      stdout: (text) => void out.push(text),
      stderr: (text) => void err.push(text),
    });
    expect([0, 1], err.join('')).toContain(code);
    expect(out.join('')).toMatch(/fidelity: 12 calls: \d+ reproduced/);
    expect(out.join('')).toContain('as it ran: Codex CLI 0.46.0');
  });

  it('imports a Gemini CLI chat file (one .json document) the same way, without being told which agent wrote it', async () => {
    const cli = memoryIo({ [GEMINI]: [{ name: GEMINI, text: readFileSync(GEMINI, 'utf8') }] });
    expect(await importMain([GEMINI], cli.io)).toBe(0);
    const validated = validateScenario(JSON.parse(cli.out()));
    expect(validated.ok && validated.scenario.observed).toMatchObject({ agent: 'gemini-cli' });
    expect(cli.err()).toBe('import: session-37b7abef: 13 responses, 14 calls, 4 files known\n');
  });

  it('replays a Gemini CLI chat given as a .json file: imported, not read as a scenario', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await replayMain([GEMINI, '--format', 'summary'], {
      readFile: (path) => (path === GEMINI ? Promise.resolve(readFileSync(GEMINI, 'utf8')) : Promise.reject(new Error(`ENOENT: ${path}`))),
      writeFile: () => Promise.resolve(),
      listJsonFiles: () => Promise.resolve(null),
      stdout: (text) => void out.push(text),
      stderr: (text) => void err.push(text),
    });
    expect([0, 1], err.join('')).toContain(code);
    expect(out.join('')).toMatch(/fidelity: 14 calls: \d+ reproduced/);
    expect(out.join('')).toContain('as it ran: Gemini CLI (version unknown)');
  });

  it('writes to --out and nothing to standard output: the log goes only where asked', async () => {
    const cli = memoryIo({ [LOG]: realLog() });
    expect(await importMain([LOG, '--out', 'session.json'], cli.io)).toBe(0);
    expect(cli.out()).toBe('');
    expect(Object.keys(cli.written)).toEqual(['session.json']);
    expect(cli.err()).toContain('→ session.json');
  });

  it('names the lines it could not use and imports the rest', async () => {
    const [file] = realLog();
    const lines = file!.text.split('\n');
    lines.splice(3, 0, '{"type": "assistant", "message": {', 'not json at all');
    const cli = memoryIo({ 'broken.jsonl': [{ name: 'broken.jsonl', text: lines.join('\n') }] });
    expect(await importMain(['broken.jsonl'], cli.io)).toBe(0);
    expect(cli.err()).toContain('broken.jsonl:4: not JSON');
    expect(cli.err()).toContain('broken.jsonl:5: not JSON');
    expect(validateScenario(JSON.parse(cli.out())).ok).toBe(true);
  });

  it('exits 2 with a message naming the file when it cannot be read or holds no session', async () => {
    const missing = memoryIo({});
    expect(await importMain(['gone.jsonl'], missing.io)).toBe(2);
    expect(missing.err()).toContain('import: gone.jsonl: no such file');
    const empty = memoryIo({ 'empty.jsonl': [{ name: 'empty.jsonl', text: '' }] });
    expect(await importMain(['empty.jsonl'], empty.io)).toBe(2);
    expect(empty.err()).toContain('no scenario could be made');
  });

  it('prints its usage for --help and refuses unknown options and a second log', async () => {
    const help = memoryIo({});
    expect(await importMain(['--help'], help.io)).toBe(0);
    expect(help.out()).toMatch(/^usage: npm run import/);
    const unknown = memoryIo({});
    expect(await importMain(['--frobnicate'], unknown.io)).toBe(2);
    expect(unknown.err()).toContain('unknown option --frobnicate');
    const two = memoryIo({});
    expect(await importMain(['a.jsonl', 'b.jsonl'], two.io)).toBe(2);
    expect(two.err()).toContain('only one SESSION.jsonl');
  });
});

import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tailSession, type TailedLines } from './sessionTail';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function session() {
  const folder = mkdtempSync(join(tmpdir(), 'tail-'));
  folders.push(folder);
  const log = join(folder, 'abc.jsonl');
  writeFileSync(log, '{"n":1}\n{"n":2}\n');
  const got: TailedLines[] = [];
  const tail = tailSession(log, (lines) => void got.push(lines), { pollMs: 10 });
  return { folder, log, got, tail, lines: (file = 'abc.jsonl') => got.filter((each) => each.file === file).flatMap((each) => each.lines) };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe('following a session log while it is written', () => {
  it('hands out what is there, then each new line as it is written, never half a line', async () => {
    const { log, tail, lines } = session();
    await until(() => lines().length === 2);
    appendFileSync(log, '{"n":3}\n{"n":');
    await until(() => lines().length === 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines()).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    appendFileSync(log, '4, "text": "é"}\n');
    await until(() => lines().length === 4);
    expect(lines()[3]).toBe('{"n":4, "text": "é"}');
    tail.stop();
  });

  it('lets go of a line that grows past what an import reads, and hands out in its place a line the import names', async () => {
    const { log, tail, lines } = session();
    await until(() => lines().length === 2);
    // Written in pieces with no newline, as a runaway writer would: 24 MB, over the 20 million read.
    for (let i = 0; i < 6; i++) {
      appendFileSync(log, 'x'.repeat(4_000_000));
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    appendFileSync(log, 'y\n{"n":9}\n');
    await until(() => lines().length === 4);
    expect(lines()[2]).toBe('npm run watch left this line out: it is 24,000,001 characters long, over the 20,000,000 an import reads');
    expect(lines()[3]).toBe('{"n":9}');
    // Written whole at once, the long line ends in the slice that read it: the same stand-in.
    appendFileSync(log, `${'z'.repeat(21_000_000)}\n`);
    await until(() => lines().length === 5);
    expect(lines()[4]).toBe('npm run watch left this line out: it is 21,000,000 characters long, over the 20,000,000 an import reads');
    tail.stop();
  });

  it('picks up sub-agents’ logs as they appear', async () => {
    const { folder, tail, lines } = session();
    const subagents = join(folder, 'abc', 'subagents');
    mkdirSync(subagents, { recursive: true });
    writeFileSync(join(subagents, 'agent-x.jsonl'), '{"agent":"x"}\n');
    await until(() => lines('subagents/agent-x.jsonl').length === 1);
    tail.stop();
  });

  it('starts again from the top when the file is rewritten shorter, and says so', async () => {
    const { log, got, tail, lines } = session();
    await until(() => lines().length === 2);
    writeFileSync(log, '{"new":1}\n');
    await until(() => got.some((each) => each.reset === true));
    expect(got.at(-1)).toEqual({ file: 'abc.jsonl', lines: ['{"new":1}'], reset: true });
    tail.stop();
  });

  it('waits for a log that is not there yet, and stops when asked', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tail-'));
    folders.push(folder);
    const log = join(folder, 'later.jsonl');
    const got: TailedLines[] = [];
    const tail = tailSession(log, (lines) => void got.push(lines), { pollMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 40));
    writeFileSync(log, '{"late":true}\n');
    await until(() => got.length === 1);
    tail.stop();
    appendFileSync(log, '{"after":"stop"}\n');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(got.flatMap((each) => each.lines)).toEqual(['{"late":true}']);
  });
});

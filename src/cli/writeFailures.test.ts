import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSession, toJsonl } from '../../test/sessionLogs';
import { importMain } from './importMain';
import { readTextFile, writeTextFile } from './nodeFiles';
import { replayMain } from './replayMain';

/** Writing `--out` where it cannot be written is an everyday failure: exit 2, the file and why named, no "internal error". */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'write-failures-'));
  await writeFile(join(dir, 'a-file'), 'not a folder');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function replay(argv: string[]): Promise<{ code: number; err: string }> {
  const err: string[] = [];
  const code = await replayMain(argv, { readFile: readTextFile, writeFile: writeTextFile, listJsonFiles: () => Promise.resolve(null), stdout: () => undefined, stderr: (text) => void err.push(text) });
  return { code, err: err.join('') };
}

describe('a file that cannot be written', () => {
  it('under a path whose parent is a file: the file and "a part of its path is a file" (ENOTDIR)', async () => {
    const out = join(dir, 'a-file', 'record.json');
    const { code, err } = await replay(['seed-partition', '--out', out]);
    expect(code).toBe(2);
    // mkdir says EEXIST for a file where a folder should be, writeFile ENOTDIR: both the same to a person.
    expect(err).toMatch(new RegExp(`^replay: cannot write ${out}: a part of its path is a file, not a folder \\((ENOTDIR|EEXIST)\\)\n$`));
  });

  it.runIf(existsSync('/dev/full'))('on a full device: the file and "no space left" (ENOSPC)', async () => {
    const { code, err } = await replay(['seed-partition', '--format', 'summary', '--out', '/dev/full']);
    expect(code).toBe(2);
    expect(err).toBe('replay: cannot write /dev/full: no space left on the device (ENOSPC)\n');
  });

  it('a folder as --out of one run, and a --junit report under a file', async () => {
    const folder = await replay(['seed-partition', '--out', dir]);
    expect(folder.code).toBe(2);
    expect(folder.err).toBe(`replay: cannot write ${dir}: it is a folder (EISDIR)\n`);
    const junit = join(dir, 'a-file', 'junit.xml');
    const report = await replay(['seed-partition', 'read-before-edit', '--format', 'summary', '--junit', junit]);
    expect(report.code).toBe(2);
    expect(report.err).toMatch(new RegExp(`replay: cannot write ${junit}: a part of its path is a file, not a folder \\((ENOTDIR|EEXIST)\\)\n$`));
  });

  it('the importer says the same', async () => {
    const log = join(dir, 'session.jsonl');
    await writeFile(log, toJsonl(generateSession([{ calls: [{ id: 'toolu_1', name: 'Read', input: { file_path: '/home/me/app/a.ts' }, result: 'x', ms: 10 }] }])));
    const err: string[] = [];
    const out = join(dir, 'a-file', 'scenario.json');
    const { readSessionFiles } = await import('./nodeFiles');
    const code = await importMain([log, '--out', out], { readSessionFiles, writeFile: writeTextFile, stdout: () => undefined, stderr: (text) => void err.push(text) });
    expect(err.join('')).toMatch(new RegExp(`import: cannot write ${out}: a part of its path is a file, not a folder \\((ENOTDIR|EEXIST)\\)`));
    expect(code).toBe(2);
  });
});

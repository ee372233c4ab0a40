import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storageFilesOf } from '../../test/opencode/storageLayout';
import type { FolderReport } from '../run/folderReport';
import { findSessionLogs, readSessionFiles, readTextFile } from './nodeFiles';
import type { CliIo } from './replayIo';
import { replayMain } from './replayMain';

/** OpenCode's data folder as it holds a session that ran a sub-agent, beside what else it keeps. */
const home = mkdtempSync(join(tmpdir(), 'opencode-'));
const storage = join(home, 'opencode/storage');
const main = storageFilesOf('opencode-export-store-fix.json', storage);
const child = storageFilesOf('opencode-export-store-fix-subagent.json', storage);
for (const file of [...main, ...child]) {
  mkdirSync(dirname(file.name), { recursive: true });
  writeFileSync(file.name, file.text);
}
mkdirSync(join(storage, 'project'), { recursive: true });
writeFileSync(join(storage, 'project', 'global.json'), '{"id": "global", "worktree": "/"}');
mkdirSync(join(home, 'opencode/snapshot'), { recursive: true });
afterAll(() => rmSync(home, { recursive: true, force: true }));

function nodeIo() {
  const out: string[] = [];
  const io: CliIo = {
    readFile: readTextFile,
    readSessionFiles,
    findSessionLogs,
    writeFile: () => Promise.resolve(),
    stdout: (text) => void out.push(text),
    stderr: () => undefined,
  };
  return { io, out: () => out.join('') };
}

describe('npm run replay -- OpenCode’s storage folder', () => {
  it('finds each main session once, its sub-agent’s going with it, and none of the messages or parts', async () => {
    expect(await findSessionLogs(home)).toEqual([main[0]!.name]);
  });

  it('reads a session with its messages, their parts and the session its task call ran', async () => {
    const files = await readSessionFiles(main[0]!.name);
    expect(files.map((file) => file.name).sort()).toEqual([...main, ...child].map((file) => file.name).sort());
    expect(files[0]!.name).toBe(main[0]!.name);
  });

  it('replays a session file as the export of the same session replays, with its sub-agent’s calls', async () => {
    const fromStorage = nodeIo();
    expect(await replayMain([main[0]!.name, '--format', 'fidelity'], fromStorage.io)).toBe(0);
    const exported = nodeIo();
    const fixtures = join(import.meta.dirname, '../../test/opencode');
    expect(await replayMain([join(fixtures, 'opencode-export-store-fix.json'), '--format', 'fidelity'], exported.io)).toBe(0);
    const calls = (text: string) => (JSON.parse(text) as { calls: unknown[] }).calls;
    // The export is the main session's alone; the storage folder holds the sub-agent's session too.
    const childCalls = child.filter((file) => file.text.includes('"type": "tool"')).length;
    expect(childCalls).toBeGreaterThan(0);
    expect(calls(fromStorage.out())).toHaveLength(calls(exported.out()).length + childCalls);
    expect(calls(fromStorage.out())).toEqual(expect.arrayContaining(calls(exported.out())));
  });

  it('reports the folder: one OpenCode session', async () => {
    const cli = nodeIo();
    expect(await replayMain([home, '--format', 'json'], cli.io)).toBe(0);
    const report = JSON.parse(cli.out()) as FolderReport;
    expect(report.sessions).toBe(1);
    expect(report.agents.map((agent) => agent.agent)).toEqual(['opencode']);
    expect(report.unreadable).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storageFilesOf } from '../../../../test/opencode/storageLayout';
import { importSessionLog } from '../importSessionLog';
import { isStorageSessionHead, storageFileOf } from './storagePath';

const FIXTURES = join(import.meta.dirname, '../../../../test/opencode');
const MAIN = 'opencode-export-store-fix.json';
const CHILD = 'opencode-export-store-fix-subagent.json';
const exportFile = (name: string) => ({ name, text: readFileSync(join(FIXTURES, name), 'utf8') });

const scenarioOf = (files: { name: string; text: string }[]) => {
  const result = importSessionLog(files);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result;
};

describe('an OpenCode session from its storage folder', () => {
  it('tells the folder’s files by where they sit', () => {
    expect(storageFileOf('/home/me/.local/share/opencode/storage/session/global/ses_4b2e.json')).toEqual({ kind: 'session', project: 'global', id: 'ses_4b2e' });
    expect(storageFileOf('storage\\message\\ses_1\\msg_2.json')).toEqual({ kind: 'message', session: 'ses_1', id: 'msg_2' });
    expect(storageFileOf('storage/part/msg_2/prt_3.json')).toEqual({ kind: 'part', message: 'msg_2', id: 'prt_3' });
    expect(storageFileOf('storage/part/msg_2/ses_3.json')).toBeUndefined();
    expect(storageFileOf('storage/session/global/ses_1.jsonl')).toBeUndefined();
    const [main] = storageFilesOf(MAIN);
    const [child] = storageFilesOf(CHILD);
    expect(isStorageSessionHead(main!.name, main!.text)).toBe(true);
    expect(isStorageSessionHead(child!.name, child!.text)).toBe(false);
    expect(isStorageSessionHead('chats/ses_1.json', main!.text)).toBe(false);
  });

  it('imports as the same session’s export does: every call, its tool, input, times and outcome, the sub-agent’s too', () => {
    const fromExport = scenarioOf([exportFile(MAIN), exportFile(CHILD)]);
    const fromStorage = scenarioOf([...storageFilesOf(MAIN), ...storageFilesOf(CHILD)]);
    expect(fromStorage.problems).toEqual([]);
    expect(fromStorage.scenario.turns).toEqual(fromExport.scenario.turns);
    expect(fromStorage.scenario.agents).toEqual(fromExport.scenario.agents);
    expect(fromStorage.scenario.observed).toEqual(fromExport.scenario.observed);
    expect(fromStorage.scenario.settings).toEqual(fromExport.scenario.settings);
    expect(Object.keys(fromStorage.scenario.agents ?? {})).toHaveLength(1);
  });

  it('names a file that cannot be read, by its path, and imports the rest', () => {
    const files = storageFilesOf(MAIN);
    const parts = files.filter((file) => storageFileOf(file.name)?.kind === 'part');
    const broken = parts.find((file) => file.text.includes('"type": "tool"'))!;
    const damaged = files.map((file) => (file === broken ? { ...file, text: file.text.slice(0, 40) } : file));
    const whole = scenarioOf(files);
    const result = scenarioOf(damaged);
    expect(result.problems.map((problem) => problem.source)).toContain(broken.name);
    expect(result.problems.find((problem) => problem.source === broken.name)!.message).toMatch(/part file is not JSON/);
    const calls = (scenario: typeof whole.scenario) => scenario.turns.flatMap((turn) => turn.stream.filter((block) => block.type === 'tool_use'));
    expect(calls(result.scenario)).toHaveLength(calls(whole.scenario).length - 1);
  });

  it('says what a session file that is no session is', () => {
    const [session, ...rest] = storageFilesOf(MAIN);
    const result = importSessionLog([{ ...session!, text: '{"id": "prj_1", "worktree": "/"}' }, ...rest]);
    expect(result.ok).toBe(false);
    expect(result.problems[0]).toMatchObject({ source: session!.name, message: expect.stringMatching(/not an OpenCode session/) as unknown });
  });
});

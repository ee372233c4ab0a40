import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FolderReport } from '../run/folderReport';
import { findSessionGroups, findSessionLogs, readSessionFiles, readTextFile, surveyFolder } from './nodeFiles';
import type { CliIo } from './replayIo';
import { replayMain } from './replayMain';
import { createWorkerLane, OutOfMemory } from './workerPool';

const TEST = join(import.meta.dirname, '../../test');

/** A folder as a person's home holds logs: two agents at different depths, a sub-agent's log, a broken one, a scenario. */
const folder = mkdtempSync(join(tmpdir(), 'sessions-'));
mkdirSync(join(folder, 'claude/projects/app/fa812bfe/subagents'), { recursive: true });
mkdirSync(join(folder, 'codex/sessions/2026/12/04'), { recursive: true });
mkdirSync(join(folder, 'gemini/tmp/abc/chats'), { recursive: true });
copyFileSync(join(TEST, 'transcripts/spotter-fa812bfe-main-lines1-312.jsonl'), join(folder, 'claude/projects/app/fa812bfe.jsonl'));
copyFileSync(join(TEST, 'transcripts/spotter-4d5611e5-subagent-a2898e3.jsonl'), join(folder, 'claude/projects/app/fa812bfe/subagents/agent-a2898e3.jsonl'));
copyFileSync(join(TEST, 'codex/samples/codex-0.142.2-agentv-00-34f597b72d.jsonl'), join(folder, 'codex/sessions/2026/12/04/rollout-a.jsonl'));
copyFileSync(join(TEST, 'gemini/gemini-cli-codemie-file-ops-37b7abef.json'), join(folder, 'gemini/tmp/abc/chats/session-1.json'));
writeFileSync(join(folder, 'claude/projects/app/broken.jsonl'), '{"type":"assistant"\nnot json at all\n');
writeFileSync(join(folder, 'claude/projects/app/settings.json'), '{"theme":"dark"}');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function nodeIo() {
  const out: string[] = [];
  const err: string[] = [];
  const written: Record<string, string> = {};
  const io: CliIo = {
    readFile: readTextFile,
    readSessionFiles,
    findSessionLogs,
    findSessionGroups,
    writeFile: (path, text) => {
      written[path] = text;
      return Promise.resolve();
    },
    stdout: (text) => void out.push(text),
    stderr: (text) => void err.push(text),
  };
  return { io, out: () => out.join(''), err: () => err.join(''), written };
}

describe('npm run replay -- FOLDER of session logs', () => {
  it('finds the logs at any depth by what they hold, a sub-agent’s with its session, and names a log no format claims', async () => {
    const survey = (await surveyFolder(folder))!;
    expect(survey.logs.map((path) => path.slice(folder.length + 1))).toEqual(['claude/projects/app/fa812bfe.jsonl', 'codex/sessions/2026/12/04/rollout-a.jsonl', 'gemini/tmp/abc/chats/session-1.json']);
    expect(survey.unread.map((file) => file.path.slice(folder.length + 1))).toEqual(['claude/projects/app/broken.jsonl']);
    expect(survey.unread[0]!.why).toMatch(/^no session format the playground reads claims this file: it looks like JSON that does not parse .*; tried Cline, /);
    // The settings file is JSON of another kind: counted, not named.
    expect(survey.others).toEqual([{ kind: '*.json, opened', count: 1 }]);
  });

  it('reads a log by what it holds under any name, refuses one with no tool call, and counts every other file by kind', async () => {
    const mixed = mkdtempSync(join(tmpdir(), 'mixed-'));
    try {
      copyFileSync(join(TEST, 'transcripts/spotter-fa812bfe-main-lines1-312.jsonl'), join(mixed, 'export.log'));
      const chat = [
        { type: 'user', uuid: 'u', timestamp: '2026-01-01T00:00:00Z', version: '2.1.100', sessionId: 's', message: { role: 'user', content: 'hi' } },
        { type: 'assistant', uuid: 'a', parentUuid: 'u', timestamp: '2026-01-01T00:00:01Z', version: '2.1.100', sessionId: 's', message: { role: 'assistant', content: [{ type: 'text', text: 'hello' }] } },
      ];
      writeFileSync(join(mixed, 'chat.jsonl'), chat.map((line) => JSON.stringify(line)).join('\n'));
      writeFileSync(join(mixed, 'notes.txt'), 'todo: nothing\n');
      writeFileSync(join(mixed, 'shot-1.png'), 'png');
      writeFileSync(join(mixed, 'shot-2.PNG'), 'png');
      writeFileSync(join(mixed, 'Makefile'), 'all:\n');
      const cli = nodeIo();
      expect(await replayMain([mixed], cli.io)).toBe(0);
      expect(cli.out()).toContain('export.log\n    Claude Code 2.1.39');
      expect(cli.out()).toContain(`1 file(s) not read:\n  ${join(mixed, 'chat.jsonl')}: a Claude Code session with 1 model response and no tool call: there is nothing in it for a tool system to replay\n`);
      expect(cli.out()).toContain('4 other file(s), no session log (by name, or opened and claimed by no format): *.png 2; *.txt, opened 1; no extension 1');
      expect(cli.err()).toContain('1 of 2 session log(s) replayed');
    } finally {
      rmSync(mixed, { recursive: true, force: true });
    }
  });

  it('reads a Gemini chat that gemini-cli carried over to its JSON Lines layout once, from the .jsonl', async () => {
    const moved = mkdtempSync(join(tmpdir(), 'gemini-moved-'));
    try {
      copyFileSync(join(TEST, 'gemini/gemini-cli-codemie-file-ops-37b7abef.json'), join(moved, 'session-1.json'));
      writeFileSync(join(moved, 'session-1.jsonl'), '{"sessionId":"s","projectHash":"h"}\n');
      copyFileSync(join(TEST, 'gemini/gemini-cli-codemie-file-ops-37b7abef.json'), join(moved, 'session-2.json'));
      expect((await findSessionLogs(moved))!.map((path) => path.slice(moved.length + 1))).toEqual(['session-1.jsonl', 'session-2.json']);
    } finally {
      rmSync(moved, { recursive: true, force: true });
    }
  });

  it('reports across every agent, and names the log it could not read with why', async () => {
    const cli = nodeIo();
    expect(await replayMain([folder, '--format', 'json'], cli.io)).toBe(0);
    const report = JSON.parse(cli.out()) as FolderReport;
    expect(report.sessions).toBe(3);
    expect(report.agents.map((agent) => agent.agent)).toEqual(['claude-code', 'codex', 'gemini-cli']);
    expect(report.calls).toBe(55 + 177 + 14);
    expect(report.presets.map((preset) => preset.policy)).toContain('claude-code-2.1.39');
    expect(report.presets.every((preset) => preset.toolMs > 0)).toBe(true);
    expect(report.slowestTools[0]!.name).toBe('Bash');
    expect(report.unreadable).toHaveLength(1);
    expect(report.unreadable[0]!.file).toContain('broken.jsonl');
    expect(report.unreadable[0]!.why).toMatch(/line|JSON|response/);
    expect(cli.err()).toContain('3 of 4 session log(s) replayed');
  });

  it('prints the report in words by default, and as one HTML file that loads nothing', async () => {
    const words = nodeIo();
    expect(await replayMain([folder], words.io)).toBe(0);
    expect(words.out()).toContain('3 session(s), 246 call(s)');
    expect(words.out()).toMatch(/as it ran\s+\d/);
    expect(words.out()).toMatch(/1 file\(s\) not read:\n {2}.*broken\.jsonl: no session format/);
    // A row per session, and a line per agent version with its fidelity and its logs' own audit.
    expect(words.out()).toMatch(/claude\/projects\/app\/fa812bfe\.jsonl\n\s+Claude Code 2\.1\.39\s+55 call\(s\)/);
    expect(words.out()).toMatch(/by agent version[^\n]*\n[^\n]*\n\s+Claude Code 2\.1\.39\s+1\s+55\/55/);
    const page = nodeIo();
    expect(await replayMain([folder, '--format', 'html', '--out', 'report.html'], page.io)).toBe(0);
    const html = page.written['report.html']!;
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/<script|src=|href=/);
    expect(html).toContain('<svg');
    // The sessions' table sorts with radio buttons and CSS alone: one copy per order.
    expect(html.match(/<input type="radio" name="sort"/g)).toHaveLength(6);
    expect(html).toContain('fa812bfe.jsonl');
  });

  it('replays a session too large for a worker lane’s heap on the command’s own thread instead', async () => {
    // The built command is the worker's code; a heap of a few MiB cannot hold a real session.
    const built = new URL('../../dist-cli/replay.js', import.meta.url);
    const log = join(folder, 'codex/sessions/2026/12/04/rollout-a.jsonl');
    const tiny = createWorkerLane(built, 4);
    await expect(tiny.run(log, { format: 'json', sessionStats: true } as never)).rejects.toBeInstanceOf(OutOfMemory);
    await tiny.close();
    const cli = nodeIo();
    cli.io.lane = () => Promise.resolve(createWorkerLane(built, 4));
    expect(await replayMain([folder, '--format', 'json', '--jobs', '2'], cli.io)).toBe(0);
    expect((JSON.parse(cli.out()) as FolderReport).sessions).toBe(3);
  }, 60_000);

  it('refuses a format that is not a report', async () => {
    const cli = nodeIo();
    expect(await replayMain([folder, '--format', 'otlp'], cli.io)).toBe(2);
    expect(cli.err()).toContain('one report');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rolloutWriter, toRollout } from '../../../test/codexRollouts';
import { generateSession, toJsonl } from '../../../test/sessionLogs';
import { importSessionLog, sessionAgentOf } from './importSessionLog';

const TEST = join(import.meta.dirname, '../../../test');
const logs = (folder: string) => readdirSync(join(TEST, folder)).filter((name) => name.endsWith('.jsonl')).map((name) => ({ name, text: readFileSync(join(TEST, folder, name), 'utf8') }));

describe('telling the agent that wrote a log', () => {
  it.each(logs('transcripts'))('$name is a Claude Code log', ({ text }) => {
    expect(sessionAgentOf(text)).toBe('claude-code');
  });

  it('tells a Codex CLI rollout, in either layout, from its first lines', () => {
    for (const { text } of logs('codex')) expect(sessionAgentOf(text)).toBe('codex');
    expect(sessionAgentOf('{"id":"5973b6c0","timestamp":"2025-05-07T17:24:21.123Z"}\n{"type":"message","role":"user","content":[]}\n')).toBe('codex');
    // A damaged first line says nothing; the next one does.
    expect(sessionAgentOf(`{"timestamp": "2025-\n${toRollout([rolloutWriter().meta()])}`)).toBe('codex');
  });

  it('tells a GitHub Copilot CLI events.jsonl by its dotted event types, before the others’ checks', () => {
    for (const { text } of logs('copilot')) expect(sessionAgentOf(text)).toBe('copilot-cli');
    // Even a line that also carried a top-level sessionId (Claude Code's mark) is Copilot's.
    expect(sessionAgentOf('{"type":"session.start","data":{"copilotVersion":"1.0.64"},"sessionId":"s","id":"1","timestamp":"2026-06-25T01:50:34.403Z"}\n')).toBe('copilot-cli');
    // Claude Code's progress lines carry data too, but their type has no dot.
    expect(sessionAgentOf('{"type":"progress","data":{"type":"hook_progress"},"sessionId":"s","uuid":"u"}\n')).toBe('claude-code');
  });

  it('says nothing of a log whose first lines are no agent’s', () => {
    expect(sessionAgentOf('')).toBeUndefined();
    expect(sessionAgentOf('{"type":"something"}\n[1,2]\nnot json\n')).toBeUndefined();
  });
});

describe('importing a log of either agent through one entry', () => {
  it('imports a Claude Code log and a Codex CLI rollout without being told which', () => {
    const claude = importSessionLog([{ name: 'session.jsonl', text: toJsonl(generateSession([{ calls: [{ id: 'toolu_a', name: 'Bash', input: { command: 'ls' }, result: 'a', ms: 5 }] }])) }]);
    const codex = importSessionLog(logs('codex'));
    expect(claude.ok && claude.scenario.observed?.agent).toBe('claude-code');
    expect(codex.ok && codex.scenario.observed?.agent).toBe('codex');
  });

  it('says what a log no format claims looks like, and every format it tried', () => {
    const result = importSessionLog([{ name: 'other.jsonl', text: '{"type":"session_start","payload":1}\n{"type":"step"}\n' }]);
    expect(result.ok).toBe(false);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'no session format the playground reads claims this file: it looks like JSON Lines whose first object has the keys type, payload; tried Cline, Gemini CLI, OpenCode, GitHub Copilot CLI, Pi, Codex CLI, Claude Code, Aider',
    ]);
    expect(importSessionLog([{ name: 'notes.md', text: '# Notes\n\nnothing here\n' }]).problems[0]!.message).toMatch(/it looks like text, not JSON \(it starts "# Notes"\); tried Cline/);
  });

  it('says an empty file is empty, and names the lines of another agent’s log run into one file', () => {
    expect(importSessionLog([{ name: 'empty.jsonl', text: '\n' }])).toEqual({ ok: false, problems: [{ source: 'empty.jsonl', line: 0, message: 'the file is empty: there is no session in it to replay' }] });
    const [rollout] = logs('codex');
    const claude = toJsonl(generateSession([{ calls: [{ id: 'toolu_a', name: 'Bash', input: { command: 'ls' }, result: 'a', ms: 5 }] }]));
    const mixed = importSessionLog([{ name: 'mixed.jsonl', text: `${rollout!.text.trimEnd()}\n${claude}` }]);
    expect(mixed.ok).toBe(true);
    const first = rollout!.text.trimEnd().split('\n').length + 1;
    expect(mixed.problems.find((problem) => problem.line === first)?.message).toBe('a line of a Claude Code log, not of this Codex CLI one (two logs in one file?): passed over');
  });

  it('reads one rollout of a Codex CLI session, and says which other files it left out', () => {
    const [rollout] = logs('codex');
    const result = importSessionLog([rollout!, { name: 'notes.jsonl', text: '{}\n' }]);
    expect(result.ok).toBe(true);
    expect(result.problems).toEqual([{ source: 'notes.jsonl', line: 0, message: "a Codex CLI session is one rollout file, with its sub-agents' own: this one is neither, and is left out" }]);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_NAMES } from './agentNames';
import { importSessionLog } from './importSessionLog';
import { formatOfFile, SESSION_FORMATS } from './sessionFormats';

const TEST = join(import.meta.dirname, '../../../test');
const read = (path: string) => readFileSync(join(TEST, path), 'utf8');

/** A real or source-built sample of every format, as its agent names it. */
const SAMPLES: readonly { format: string; name: string; path: string }[] = [
  { format: 'claude-code', name: 'fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl', path: 'transcripts/spotter-fa812bfe-main-lines1-312.jsonl' },
  { format: 'codex', name: 'rollout-2026-06-01T10-00-00-0199.jsonl', path: 'codex/samples/codex-0.142.2-agentv-00-34f597b72d.jsonl' },
  { format: 'gemini-cli', name: 'session-2026-01-16T11-01-37b7abef.json', path: 'gemini/gemini-cli-codemie-file-ops-37b7abef.json' },
  { format: 'copilot-cli', name: 'events.jsonl', path: 'copilot/copilot-cli-1.0.64-agentv-26-9e1b9e5502.jsonl' },
  { format: 'opencode', name: 'ses_export.json', path: 'opencode/opencode-export-store-fix.json' },
  { format: 'cline', name: 'ui_messages.json', path: 'cline/1718010800000/ui_messages.json' },
  { format: 'cline', name: 'api_conversation_history.json', path: 'cline/1718010800000/api_conversation_history.json' },
  { format: 'pi', name: '2026-02-03T10-15-00-120Z_0c9f1e2a.jsonl', path: 'pi/pi-parallel.jsonl' },
];

describe('the session formats’ table', () => {
  it('names exactly the agents of the names table the page reads without it', () => {
    expect(Object.fromEntries(SESSION_FORMATS.map((format) => [format.id, format.name]))).toEqual(AGENT_NAMES);
  });

  it('lists every format once, each with a name, where its files are and its outcome words', () => {
    expect(new Set(SESSION_FORMATS.map((format) => format.id)).size).toBe(SESSION_FORMATS.length);
    for (const format of SESSION_FORMATS) {
      expect(format.name).not.toBe('');
      expect(format.where).not.toBe('');
      expect(format.outcomeWords).toBeDefined();
    }
  });

  it.each(SAMPLES)('$format: $path is claimed by what it holds, and imports the same under another name', ({ format, name, path }) => {
    const text = read(path);
    const renamed = `exports/${format}-copy.txt`;
    expect(formatOfFile({ name, head: text.slice(0, 65536), text })?.format.id).toBe(format);
    expect(formatOfFile({ name: renamed, head: text.slice(0, 65536), text })?.format.id).toBe(format);
    const own = importSessionLog([{ name, text }]);
    const other = importSessionLog([{ name: renamed, text }]);
    expect(own.ok, JSON.stringify(own.problems.slice(0, 2))).toBe(true);
    expect(other.ok, JSON.stringify(other.problems.slice(0, 2))).toBe(true);
    // The same scenario; only an id a name gave (a Cline task's folder) may differ.
    if (own.ok && other.ok) expect({ ...other.scenario, id: '', title: '' }).toEqual({ ...own.scenario, id: '', title: '' });
  });

  it('refuses an Aider chat history with why, and a file no format claims with what it looked like', () => {
    const history = '\n# aider chat started at 2025-12-24 16:45:52\n\n> Aider v0.86.1  \n\n#### fix the greeting in src/greet.ts\n\nsrc/greet.ts\n';
    expect(formatOfFile({ name: 'notes.md', head: history })?.format.id).toBe('aider');
    const refused = importSessionLog([{ name: '.aider.chat.history.md', text: history }]);
    expect(refused.ok).toBe(false);
    expect(refused.problems[0]!.message).toMatch(/^this is an Aider chat history .*no structured tool calls/);
    const odd = importSessionLog([{ name: 'export.json', text: '[{"when":1,"what":"x"}]' }]);
    expect(odd.problems[0]!.message).toBe('no session format the playground reads claims this file: it looks like a JSON array whose first element is none of theirs; tried Cline, Gemini CLI, OpenCode, GitHub Copilot CLI, Pi, Codex CLI, Claude Code, Aider');
  });

  it('refuses a session that holds no tool call, naming its agent', () => {
    const claude = [
      { type: 'user', uuid: 'u', timestamp: '2026-01-01T00:00:00Z', version: '2.1.100', sessionId: 's', message: { role: 'user', content: 'what is a semaphore?' } },
      { type: 'assistant', uuid: 'a', parentUuid: 'u', timestamp: '2026-01-01T00:00:04Z', version: '2.1.100', sessionId: 's', message: { role: 'assistant', content: [{ type: 'text', text: 'A counter…' }] } },
    ];
    const pi = [
      { type: 'session', version: 3, id: 'p', timestamp: '2026-02-03T10:15:00.120Z', cwd: '/home/dev/app' },
      { type: 'message', id: 'm1', parentId: null, timestamp: '2026-02-03T10:15:04.897Z', message: { role: 'user', content: [{ type: 'text', text: 'hi' }] } },
      { type: 'message', id: 'm2', parentId: 'm1', timestamp: '2026-02-03T10:15:07.302Z', message: { role: 'assistant', content: [{ type: 'text', text: 'Hello.' }], stopReason: 'stop' } },
    ];
    for (const [lines, name] of [[claude, 'Claude Code'], [pi, 'Pi']] as const) {
      const result = importSessionLog([{ name: 'chat.jsonl', text: lines.map((line) => JSON.stringify(line)).join('\n') }]);
      expect(result.ok).toBe(false);
      expect(result.problems.map((problem) => problem.message)).toContain(`a ${name} session with 1 model response and no tool call: there is nothing in it for a tool system to replay`);
    }
  });

  it('never lets a claim throw: a hostile head is no format’s', () => {
    for (const head of ['{"type":"session","id":', '[{"ts":', '\u0000\u0001', '{"sessionId":"x","projectHash":', `${'['.repeat(10_000)}`]) {
      expect(() => formatOfFile({ name: 'x', head })).not.toThrow();
    }
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSessionLog, sessionAgentOf } from '../importSessionLog';
import { isGeminiChatLines, readChatLines } from './chatLines';

const FIXTURES = join(import.meta.dirname, '../../../../test/gemini');
const [fixture] = readdirSync(FIXTURES).filter((name) => name.endsWith('.json'));
const document = () => JSON.parse(readFileSync(join(FIXTURES, fixture!), 'utf8')) as { messages: Record<string, unknown>[] } & Record<string, unknown>;

/**
 * The real sample written as the newer gemini-cli writes a chat, one record a line: its metadata
 * first, then each message as it is recorded, a response with calls first without their results
 * (as when the calls were scheduled) and again, under the same id, with them.
 */
function asLines(extra: (lines: string[]) => void = () => undefined): string {
  const { messages, ...metadata } = document();
  const lines = [JSON.stringify(metadata)];
  for (const message of messages) {
    const calls = message.toolCalls as Record<string, unknown>[] | undefined;
    if (calls) lines.push(JSON.stringify({ ...message, toolCalls: calls.map(({ result: _result, resultDisplay: _display, ...call }) => ({ ...call, status: 'scheduled' })) }));
    lines.push(JSON.stringify(message));
  }
  extra(lines);
  return `${lines.join('\n')}\n`;
}

const importedFrom = (text: string, name: string) => {
  const result = importSessionLog([{ name, text }]);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result;
};

describe('a Gemini CLI chat written as JSON Lines', () => {
  it('is told from its metadata line with no flag, and not taken for a Claude Code log', () => {
    expect(isGeminiChatLines(asLines())).toBe(true);
    expect(sessionAgentOf(asLines())).toBe('gemini-cli');
    // A Claude Code line has a sessionId too, but a type and no projectHash.
    expect(isGeminiChatLines('{"sessionId":"s","type":"user","uuid":"u","message":{}}\n')).toBe(false);
  });

  it('imports the real sample as its one-document layout does: each message’s last version, in its first place', () => {
    const fromDocument = importedFrom(readFileSync(join(FIXTURES, fixture!), 'utf8'), fixture!);
    const fromLines = importedFrom(asLines(), 'session.jsonl');
    expect(fromLines.problems).toEqual([]);
    expect(fromLines.scenario.turns).toEqual(fromDocument.scenario.turns);
    expect(fromLines.scenario.observed!.calls).toEqual(fromDocument.scenario.observed!.calls);
    expect(fromLines.scenario.workspace).toEqual(fromDocument.scenario.workspace);
  });

  it('leaves out what a rewind undid, and says so', () => {
    const { messages } = document();
    const lastId = messages.at(-1)!.id as string;
    // A question asked and answered after the sample's end, then rewound: the chat is the sample again.
    const text = asLines((lines) => {
      lines.push(JSON.stringify({ id: 'later-q', timestamp: '2099-01-01T00:00:00Z', type: 'user', content: [{ text: 'and then?' }] }));
      lines.push(JSON.stringify({ id: 'later-a', timestamp: '2099-01-01T00:00:01Z', type: 'gemini', content: 'more', toolCalls: [{ id: 'late_call', name: 'read_file', args: { file_path: 'x' }, status: 'success', timestamp: '2099-01-01T00:00:01Z', result: [] }] }));
      lines.push(JSON.stringify({ $rewindTo: 'later-q' }));
      lines.push(JSON.stringify({ $set: { summary: 'a summary' } }));
    });
    const read = readChatLines(text, 'session.jsonl');
    expect(read.chat!.messages.map((message) => message.raw.id).at(-1)).toBe(lastId);
    expect(read.notes).toEqual([expect.stringContaining('2 message(s) the session rewound')]);
    const { scenario } = importedFrom(text, 'session.jsonl');
    expect(scenario.observed!.calls.late_call).toBeUndefined();
    expect(scenario.observed!.unknown).toContainEqual(expect.stringContaining('rewound'));
  });

  it('names a damaged or unknown line and reads on; a chat with no metadata is not one', () => {
    const text = asLines((lines) => {
      lines.splice(2, 0, '{"id": "broken', '{"$patch": {"updates": []}}');
    });
    const read = readChatLines(text, 'session.jsonl');
    expect(read.problems.map((problem) => [problem.line, problem.message.slice(0, 40)])).toEqual([
      [3, expect.stringContaining('not JSON')],
      [4, 'a record the importer does not know ($pa'],
    ]);
    expect(read.chat!.messages.length).toBe(document().messages.length);
    const headless = readChatLines('{"id":"m1","type":"user","content":"hi"}\n', 'x.jsonl');
    expect(headless.chat).toBeUndefined();
    expect(headless.problems.map((problem) => [problem.line, problem.message])).toEqual([[0, expect.stringContaining('no line gives its "sessionId"')]]);
  });

  it('keeps a rewritten message in its first place, and one written again after a rewind at the end', () => {
    const line = (id: string, text: string) => JSON.stringify({ id, timestamp: '2026-01-01T00:00:00Z', type: 'user', content: text });
    const text = [
      JSON.stringify({ sessionId: 's', projectHash: 'h' }),
      line('a', 'one'),
      line('b', 'two'),
      line('c', 'three'),
      line('a', 'one, again'),
      JSON.stringify({ $rewindTo: 'b' }),
      line('b', 'two, after the rewind'),
    ].join('\n');
    const read = readChatLines(text, 'x.jsonl');
    expect(read.chat!.messages.map((message) => [message.raw.id, message.raw.content, message.line])).toEqual([
      ['a', 'one, again', 5],
      ['b', 'two, after the rewind', 7],
    ]);
    expect(read.notes).toEqual([expect.stringContaining('2 message(s) the session rewound')]);
  });
});

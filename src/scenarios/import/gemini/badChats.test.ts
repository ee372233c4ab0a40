import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSessionLog, sessionAgentOf } from '../importSessionLog';
import { importGeminiSession } from './importGeminiSession';

const SAMPLE = join(import.meta.dirname, '../../../../test/gemini/gemini-cli-codemie-file-ops-37b7abef.json');
const at = '2026-01-16T11:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(at) + ms).toISOString();

/** A chat of one prompt and one response whose calls are `toolCalls`, pretty-printed as Gemini CLI writes it. */
const chat = (toolCalls: unknown[], text = '') =>
  JSON.stringify(
    {
      sessionId: 'aaaabbbb-0000-0000-0000-000000000000',
      projectHash: '0'.repeat(64),
      startTime: at,
      lastUpdated: later(9000),
      messages: [
        { id: 'u1', timestamp: at, type: 'user', content: 'do it' },
        { id: 'g1', timestamp: later(1000), type: 'gemini', content: text, toolCalls, model: 'gemini-2.5-pro' },
      ],
    },
    null,
    2,
  );
const call = (id: string, fields: Record<string, unknown>) => ({ id, name: 'run_shell_command', args: { command: 'ls' }, timestamp: later(5000), ...fields });
const response = (id: string, body: Record<string, unknown>) => [{ functionResponse: { id, name: 'run_shell_command', response: body } }];

describe('a Gemini CLI chat that is damaged or not one', () => {
  it('says an empty file is empty', () => {
    expect(importGeminiSession([{ name: 'empty.json', text: '' }])).toEqual({ ok: false, problems: [{ source: 'empty.json', line: 0, message: 'the file is empty: there is no session in it to replay' }, { source: 'empty.json', line: 0, message: 'the log holds no model response to replay' }] });
  });

  it('names the line where a truncated chat breaks, and is still told as Gemini CLI’s', () => {
    const text = readFileSync(SAMPLE, 'utf8').slice(0, 5000);
    expect(sessionAgentOf(text)).toBe('gemini-cli');
    const result = importSessionLog([{ name: 'cut.json', text }]);
    expect(result.ok).toBe(false);
    const [first] = result.problems;
    expect(first?.source).toBe('cut.json');
    expect(first?.line).toBe(text.trimEnd().split('\n').length);
    expect(first?.message).toMatch(/^not a whole JSON document \(a Gemini CLI chat file is one\)/);
  });

  it('refuses a JSON document that is neither a chat nor a log, and leaves it to the other importers', () => {
    const text = '{"sessionId": "x", "turns": [], "messages": [{"type": "user"}]}';
    expect(sessionAgentOf('{"hello": "world"}\n')).toBeUndefined();
    expect(importGeminiSession([{ name: 'other.json', text: '{"hello": "world"}' }]).problems[0]?.message).toBe('this is not a Gemini CLI chat file: it has no "sessionId" and "messages" of user and gemini entries');
    // A scenario has turns: it is not a chat even with messages beside them.
    expect(sessionAgentOf(text)).not.toBe('gemini-cli');
  });

  it('imports a call with no result as unanswered, naming its line', () => {
    const text = chat([call('c1', { status: 'executing' })], 'Let me look.');
    const result = importGeminiSession([{ name: 'open.json', text }]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.scenario.observed!.calls.c1).toMatchObject({ outcome: 'unanswered' });
    expect(result.problems).toEqual([{ source: 'open.json', line: text.split('\n').findIndex((line) => line.includes('"c1"')) + 1, message: 'the call c1 (run_shell_command) has no result in the log (status "executing"): it is imported as unanswered' }]);
  });

  it('reads each status: success, error, declined at the confirmation (denied), cancelled otherwise (interrupted)', () => {
    const text = chat([
      call('ok', { status: 'success', result: response('ok', { output: 'a.txt' }) }),
      call('bad', { status: 'error', result: response('bad', { error: 'Command failed: exit 1' }) }),
      call('no', { status: 'cancelled', result: response('no', { error: '[Operation Cancelled] Reason: User did not allow tool call' }) }),
      call('stop', { status: 'cancelled', result: null }),
      call('shown', { status: 'success', result: null, resultDisplay: 'only shown' }),
    ]);
    const result = importGeminiSession([{ name: 'statuses.json', text }]);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const calls = result.scenario.observed!.calls;
    expect(Object.fromEntries(Object.entries(calls).map(([id, each]) => [id, each.outcome]))).toEqual({ ok: 'success', bad: 'error', no: 'denied', stop: 'interrupted', shown: 'success' });
    expect(calls.bad?.result).toBe('Command failed: exit 1');
    expect(calls.shown?.result).toBe('only shown');
    expect(result.scenario.settings.answers).toEqual({ no: 'deny' });
    // The response's text was written at 1 s, the run recorded at 5 s: the calls ran in between.
    expect(calls.ok).toMatchObject({ startedAt: 0, endedAt: 4000 });
  });

  it('passes over a message it does not know, and a message without a time, saying where', () => {
    const value = JSON.parse(chat([call('c', { status: 'success', result: response('c', { output: '' }) })], 'ok')) as { messages: unknown[] };
    value.messages.push({ id: 'x1', type: 'mystery', timestamp: later(6000) }, { id: 'g2', type: 'gemini', content: 'done' }, { id: 'i1', type: 'info', content: 'hint' });
    const text = JSON.stringify(value);
    const result = importGeminiSession([{ name: 'odd.json', text }]);
    expect(result.ok).toBe(true);
    expect(result.problems.map((problem) => [problem.line, problem.message])).toEqual([
      [1, 'a message of type "mystery" the importer does not know: passed over'],
      [1, "a gemini message with no timestamp that parses: taken as the one before's"],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { importSessionLog } from '../importSessionLog';
import { importOpenCodeSession } from './importOpenCodeSession';

const T = 1767225600000;
const SESSION = { id: 'ses_1', projectID: 'p', directory: '/w', title: 't', version: '1.1.20', time: { created: T, updated: T } };
const assistant = (parts: unknown[]) => ({
  info: { id: 'msg_2', sessionID: 'ses_1', role: 'assistant', time: { created: T }, parentID: 'msg_1', modelID: 'm', providerID: 'p', mode: 'build', agent: 'build', path: { cwd: '/w', root: '/w' }, cost: 0, tokens: { input: 0, output: 0, reasoning: 0, cache: { read: 0, write: 0 } } },
  parts,
});
const readPart = (id: string, state?: unknown) => ({ id: `prt_${id}`, sessionID: 'ses_1', messageID: 'msg_2', type: 'tool', callID: id, tool: 'read', ...(state !== undefined ? { state } : {}) });
const done = { status: 'completed', input: { filePath: '/w/a.ts' }, output: 'a', title: 'a.ts', metadata: {}, time: { start: T + 10, end: T + 20 } };
const exportText = (messages: unknown[]) => JSON.stringify({ info: SESSION, messages }, null, 2);
const run = (text: string) => importOpenCodeSession([{ name: 'session.json', text }]);

describe('an OpenCode export that cannot be read whole', () => {
  it('says an empty file is empty, through either entry', () => {
    const result = run('');
    expect(result.ok).toBe(false);
    expect(result.problems[0]).toMatchObject({ source: 'session.json', line: 0, message: expect.stringContaining('the file is empty') as string });
    expect(importSessionLog([{ name: 'session.json', text: ' \n' }]).ok).toBe(false);
  });

  it('names the line where truncated JSON breaks, and importSessionLog still tells it is OpenCode’s', () => {
    const text = exportText([assistant([readPart('toolu_a', done)])]);
    const cut = text.slice(0, Math.floor(text.length / 2));
    const result = run(cut);
    expect(result.ok).toBe(false);
    // Then, as for any log with nothing read: no response to replay.
    expect(result.problems).toHaveLength(2);
    expect(result.problems[0]).toMatchObject({ source: 'session.json', message: expect.stringContaining('not a whole JSON document (an OpenCode export is one)') as string });
    expect(result.problems[0]!.line).toBeGreaterThan(1);
    const told = importSessionLog([{ name: 'session.json', text: cut }]);
    expect(told.problems[0]?.message).toContain('OpenCode export');
  });

  it('says a document that is no export is none', () => {
    expect(run('{"info": {"id": "x"}, "messages": []}').problems[0]?.message).toContain('not an OpenCode export');
  });
});

describe('parts an OpenCode export holds that the importer cannot use', () => {
  it('passes over a part of an unknown type and leaves out a tool part without state, naming their lines', () => {
    const text = exportText([assistant([{ id: 'prt_x', sessionID: 'ses_1', messageID: 'msg_2', type: 'hologram' }, readPart('toolu_nostate'), readPart('toolu_a', done)])]);
    const result = run(text);
    expect(result.ok).toBe(true);
    const lines = text.split('\n');
    const lineOf = (needle: string) => lines.findIndex((line) => line.includes(needle)) + 1;
    expect(result.problems).toEqual([
      { source: 'session.json', line: lineOf('"prt_x"'), message: 'a part of type "hologram" the importer does not know: passed over' },
      { source: 'session.json', line: lineOf('"prt_toolu_nostate"'), message: 'the tool part toolu_nostate (read) has no state: left out' },
    ]);
    expect(result.ok && Object.keys(result.scenario.observed!.calls)).toEqual(['toolu_a']);
  });

  it('imports a call still running when exported as unanswered, and says so', () => {
    const result = run(exportText([assistant([readPart('toolu_run', { status: 'running', input: { filePath: '/w/a.ts' }, time: { start: T + 5 } }), readPart('toolu_a', done)])]));
    expect(result.ok && result.scenario.observed!.calls.toolu_run?.outcome).toBe('unanswered');
    expect(result.problems).toContainEqual(expect.objectContaining({ message: expect.stringContaining('was still "running" when the session was exported') as string }));
  });

  it('takes OpenCode’s aborted and rejected calls as interrupted and denied', () => {
    const failed = (id: string, error: string) => readPart(id, { status: 'error', input: { filePath: '/w/a.ts' }, error, time: { start: T + 10, end: T + 30 } });
    const result = run(exportText([assistant([failed('toolu_stop', 'Tool execution aborted'), failed('toolu_no', 'The user rejected permission to use this specific tool call.')])]));
    expect(result.ok && result.scenario.observed!.calls.toolu_stop?.outcome).toBe('interrupted');
    expect(result.ok && result.scenario.observed!.calls.toolu_no?.outcome).toBe('denied');
  });

  it('leaves out messages and parts that are not objects, and never throws on odd values', () => {
    const odd = [null, 3, 'x', { info: { role: 'assistant' }, parts: [null, { type: 'tool', callID: 'c', tool: 'bash', state: { status: 'completed', input: 'ls', output: 1, time: { start: 'soon' } } }] }];
    const result = run(JSON.stringify({ info: SESSION, messages: odd }, null, 2));
    expect(result.problems.map((problem) => problem.message)).toEqual(
      expect.arrayContaining([expect.stringContaining('message 1 is not an OpenCode message'), expect.stringContaining('part 1 of message'), expect.stringContaining('has no state.time.start')]),
    );
    for (const problem of result.problems) expect(problem.source).toBe('session.json');
  });
});

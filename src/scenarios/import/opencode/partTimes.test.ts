import { describe, expect, it } from 'vitest';
import { importOpenCodeSession } from './importOpenCodeSession';
import { idTime } from './partTimes';

/** An id as OpenCode's Identifier.ascending makes one at `ms`: 6 bytes of `ms * 0x1000 + counter` in hex (7 in the newer form), then base62. */
const id = (prefix: string, ms: number, bytes: 6 | 7 = 6) => `${prefix}_${((BigInt(ms) * 4096n + 1n) & ((1n << BigInt(bytes * 8)) - 1n)).toString(16).padStart(bytes * 2, '0')}Ab3dE5fG7hJ9kLmN`;

// 2026-05-05: the 6-byte ids wrapped on 2026-08-14, so these need no unwrapping; the 7-byte ones never do.
const T = 1778000000000;

describe('when OpenCode made a part, from its id', () => {
  it('reads both id forms, unwraps the short one near the message, and refuses an id that fits neither', () => {
    expect(idTime(id('prt', T + 2100), T, T + 9000)).toBe(T + 2100);
    expect(idTime(id('prt', T + 2100, 7), T, T + 9000)).toBe(T + 2100);
    const later = 1790000000000; // after the 2026-08-14 wrap of the short form
    expect(idTime(id('prt', later + 5), later, later + 10)).toBe(later + 5);
    expect(idTime('prt_b51d6e3f0004abcdefghijklmn', T, T + 9000)).toBeNull();
    expect(idTime('call_1', T, T + 9000)).toBeNull();
  });

  it('closes a text that a provider ended only with the stream when the next part was made, and starts a call whose start a progress report moved before the part after it', () => {
    const session = { id: 'ses_1', projectID: 'p', directory: '/p', title: 't', version: '1.18.34', time: { created: T, updated: T + 9100 } };
    const tool = (at: number, callID: string, name: string, input: unknown, start: number, end: number) => ({
      id: id('prt', at), sessionID: 'ses_1', messageID: 'msg_a', type: 'tool', callID, tool: name,
      state: { status: 'completed', input, output: 'ok', title: name, metadata: {}, time: { start, end } },
    });
    const message = {
      info: { id: id('msg', T), sessionID: 'ses_1', role: 'assistant', time: { created: T, completed: T + 9050 }, path: { cwd: '/p', root: '/p' } },
      parts: [
        { id: id('prt', T + 300), sessionID: 'ses_1', messageID: 'msg_a', type: 'step-start' },
        // An openai-compatible provider's text: begun at +1200, its end stamped when the stream ended.
        { id: id('prt', T + 1200), sessionID: 'ses_1', messageID: 'msg_a', type: 'text', text: 'Reading the store and running the tests.', time: { start: T + 1200, end: T + 7000 } },
        // Its start (+6900) is the bash call's last progress report: the read part after it was made at +2400.
        tool(T + 2100, 'call_bash', 'bash', { command: 'npm test', description: 'Run tests' }, T + 6900, T + 9000),
        tool(T + 2400, 'call_read', 'read', { filePath: '/p/src/store.ts' }, T + 2450, T + 2500),
        { id: id('prt', T + 9010), sessionID: 'ses_1', messageID: 'msg_a', type: 'step-finish', reason: 'tool-calls', cost: 0, tokens: { input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } } },
      ],
    };
    const user = { info: { id: id('msg', T - 500), sessionID: 'ses_1', role: 'user', time: { created: T - 500 } }, parts: [{ id: id('prt', T - 500), sessionID: 'ses_1', messageID: 'msg_u', type: 'text', text: 'Check the store' }] };
    const result = importOpenCodeSession([{ name: 'session.json', text: JSON.stringify({ info: session, messages: [user, message] }) }]);
    expect(result.ok, JSON.stringify(result.problems)).toBe(true);
    if (!result.ok) return;
    const stream = result.scenario.turns[0]!.stream;
    // The text closed by +2100 (the bash part was made then), not at +7000; no block goes back in time.
    expect(stream.map((block) => block.at + block.durationMs)).toEqual([0, 300, 350]);
    expect(result.problems).toEqual([]);
    const { calls } = result.scenario.observed!;
    expect(calls.call_bash).toMatchObject({ offsetMs: 300, startWitness: 'rules' });
    expect(calls.call_read).toMatchObject({ offsetMs: 350, startWitness: 'log' });
    expect(result.scenario.observed!.unknown!.join('\n')).toMatch(/call_bash: its state.time.start is 4500 ms after the next part of its step was made/);
  });
});

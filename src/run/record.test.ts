import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../tools/events';
import { buildRecord, createEmptyRecord, reduceRun, withExpectations } from './reduceRun';
import { type RunRecord } from './record';
import { completed, fallbackRun, queued, seedRun, subAgentRun, waiting } from '../../test/sampleRuns';

const plain = (record: RunRecord): unknown => JSON.parse(JSON.stringify(record));
const fold = (events: readonly RunEvent[]): RunRecord => events.reduce(reduceRun, createEmptyRecord());
const callOf = (record: RunRecord, id: string) => record.turns.flatMap((turn) => turn.calls).find((call) => call.id === id)!;
const CAP = { kind: 'cap', cap: 2, executing: ['toolu_8', 'toolu_9'] } as const;
const AHEAD = { kind: 'unsafe-ahead', blockers: ['toolu_0'] } as const;
const started: RunEvent[] = [
  { type: 'run_started', at: 0, scenario: 's', sandbox: 'virtual', strategy: 'streaming', settings: {} },
  { type: 'turn_started', at: 0, turn: 0 },
];

describe('reduceRun', () => {
  it('starts from an empty version-1 record', () => {
    const record = createEmptyRecord();
    expect(record).toMatchObject({ version: 1, status: 'idle', turns: [], files: {}, expectations: null, anomalies: [] });
  });

  it('follows one call through queued → waiting → started → running → progress → completed → yielded', () => {
    const record = fold([
      ...started,
      queued(10, 'toolu_1', 'Bash', { input: { command: 'ls' }, concurrencySafe: false, concurrentBatch: false, latencyMs: 50 }),
      waiting(10, 'toolu_1', { kind: 'unsafe-running', blockers: ['toolu_0'] }),
      { type: 'call_started', at: 20, id: 'toolu_1' },
      { type: 'call_running', at: 70, id: 'toolu_1' },
      { type: 'call_progress', at: 80, id: 'toolu_1', data: 'line 1' },
      completed(90, 'toolu_1', 'success', 'line 1'),
      { type: 'call_yielded', at: 95, id: 'toolu_1' },
    ]);
    expect(record.turns[0]!.calls).toEqual([
      {
        id: 'toolu_1',
        name: 'Bash',
        input: { command: 'ls' },
        turn: 0,
        batch: 0,
        concurrencySafe: false,
        latencyMs: 50,
        queuedAt: 10,
        executingAt: 20,
        runStartedAt: 70,
        completedAt: 90,
        yieldedAt: 95,
        outcome: 'success',
        result: { type: 'tool_result', tool_use_id: 'toolu_1', content: 'line 1', is_error: false },
        progress: [{ at: 80, data: 'line 1' }],
        display: null,
        waits: [{ from: 10, to: 20, cause: { kind: 'unsafe-running', blockers: ['toolu_0'] }, reason: 'waiting: toolu_0 is not concurrency-safe and is executing' }],
      },
    ]);
    expect(record.turns[0]!.yieldOrder).toEqual(['toolu_1']);
    expect(record.turns[0]!.batches).toEqual([{ index: 0, concurrent: false, toolUseIds: ['toolu_1'] }]);
    expect(record.endedAt).toBe(95);
  });

  it('closes the open wait when a new reason arrives, and when the call completes without starting', () => {
    const record = fold([
      ...started,
      queued(0, 'toolu_1', 'Read'),
      waiting(0, 'toolu_1', CAP),
      waiting(30, 'toolu_1', AHEAD),
      completed(50, 'toolu_1', 'cancelled', 'Cancelled: parallel tool call Bash(x) errored'),
    ]);
    const call = callOf(record, 'toolu_1');
    expect(call.waits).toEqual([
      { from: 0, to: 30, cause: CAP, reason: 'waiting: the concurrency cap of 2 is reached (toolu_8, toolu_9)' },
      { from: 30, to: 50, cause: AHEAD, reason: 'waiting: toolu_0 is not concurrency-safe and was queued earlier; nothing may overtake it' },
    ]);
    expect(call).toMatchObject({ executingAt: null, completedAt: 50, outcome: 'cancelled', yieldedAt: null });
  });

  it('leaves an open wait open (to: null) while the call is still queued', () => {
    const record = fold([...started, queued(0, 'toolu_1', 'Read'), waiting(5, 'toolu_1', CAP)]);
    expect(callOf(record, 'toolu_1').waits).toMatchObject([{ from: 5, to: null, cause: CAP }]);
    expect(callOf(record, 'toolu_1').outcome).toBeNull();
  });

  it('records permission asks and answers', () => {
    const record = fold([
      ...started,
      queued(0, 'toolu_1', 'Bash'),
      { type: 'call_started', at: 0, id: 'toolu_1' },
      { type: 'permission_asked', at: 1, id: 'toolu_1', reason: 'Bash is not read-only' },
      { type: 'permission_answered', at: 9, id: 'toolu_1', answer: 'deny' },
      completed(9, 'toolu_1', 'denied', 'Permission denied'),
    ]);
    expect(callOf(record, 'toolu_1').permission).toEqual({ askedAt: 1, answeredAt: 9, reason: 'Bash is not read-only', answer: 'deny' });
  });

  it('builds batches from the arrivals, and the stream blocks with their text', () => {
    const record = buildRecord(seedRun());
    const turn = record.turns[0]!;
    expect(turn.batches).toEqual([
      { index: 0, concurrent: true, toolUseIds: ['toolu_a', 'toolu_b'] },
      { index: 1, concurrent: false, toolUseIds: ['toolu_bash'] },
      { index: 2, concurrent: true, toolUseIds: ['toolu_c'] },
    ]);
    expect(turn.blocks[0]).toEqual({ index: 0, kind: 'text', startedAt: 0, stoppedAt: 300, text: 'Let me look.' });
    expect(turn.blocks[1]).toEqual({ index: 1, kind: 'tool_use', id: 'toolu_a', name: 'Read', startedAt: 300, stoppedAt: 500 });
    expect(turn).toMatchObject({ streamStartedAt: 0, streamEndedAt: 1100, streamEndReason: 'end', startedAt: 0, endedAt: 2400 });
    expect(turn.yieldOrder).toEqual(['toolu_a', 'toolu_b', 'toolu_bash', 'toolu_c']);
    expect(record).toMatchObject({ status: 'ended', startedAt: 0, endedAt: 2600, files: { 'src/a.ts': 'export const a = 1;\n' } });
  });

  it('marks discarded calls with a null result, keeping when a finished one finished', () => {
    const record = buildRecord(fallbackRun());
    const [failed, retry] = record.turns;
    expect(failed).toMatchObject({ streamEndReason: 'fallback', streamEndMessage: 'the stream failed at 900 ms', yieldOrder: [] });
    expect(callOf(record, 'toolu_z')).toMatchObject({ outcome: 'discarded', result: null, completedAt: 400, yieldedAt: null });
    expect(callOf(record, 'toolu_y')).toMatchObject({ outcome: 'discarded', result: null, executingAt: null, completedAt: 900 });
    expect(callOf(record, 'toolu_x')).toMatchObject({ outcome: 'discarded', result: null, executingAt: 100, completedAt: 950 });
    expect(retry!.calls.map((call) => [call.id, call.outcome])).toEqual([['toolu_x2', 'success']]);
  });

  it('nests a sub-agent under its Agent call, and keeps its calls out of the main turns', () => {
    const record = buildRecord(subAgentRun());
    expect(record.turns).toHaveLength(1);
    expect(record.turns[0]!.calls.map((call) => call.id)).toEqual(['toolu_agent']);
    const agentCall = record.turns[0]!.calls[0]!;
    expect(agentCall.children).toHaveLength(2);
    const [subTurn] = agentCall.children!;
    expect(subTurn).toMatchObject({ index: 0, agent: 'toolu_agent', streamEndReason: 'end', yieldOrder: ['toolu_sub_read'] });
    expect(subTurn!.blocks).toEqual([{ index: 0, kind: 'tool_use', id: 'toolu_sub_read', name: 'Read', startedAt: 10, stoppedAt: 20 }]);
    expect(subTurn!.calls[0]).toMatchObject({ id: 'toolu_sub_read', agent: 'toolu_agent', turn: 0, outcome: 'success', yieldedAt: 60 });
    expect(agentCall).toMatchObject({ outcome: 'success', yieldedAt: 90 });
    expect(record.anomalies).toEqual([]);
  });

  it('never changes the record it was given, whether its turns were read before or after', () => {
    const events = seedRun();
    const half = Math.floor(events.length / 2);
    const readEarly = fold(events.slice(0, half));
    const snapshot = plain(readEarly);
    const readLate = fold(events.slice(0, half));
    const after = events.slice(half).reduce(reduceRun, readEarly);
    events.slice(half).reduce(reduceRun, readLate);
    expect(plain(readEarly)).toEqual(snapshot);
    expect(plain(readLate)).toEqual(snapshot);
    expect(plain(after)).toEqual(plain(buildRecord(events)));
  });

  it('branches: reducing an older record again leaves the newer ones as they were', () => {
    const base = fold([...started, queued(0, 'toolu_1', 'Read'), { type: 'call_started', at: 1, id: 'toolu_1' }]);
    const success = reduceRun(base, completed(5, 'toolu_1', 'success'));
    const failure = reduceRun(base, completed(7, 'toolu_1', 'error', 'boom'));
    expect(callOf(success, 'toolu_1')).toMatchObject({ outcome: 'success', completedAt: 5 });
    expect(callOf(failure, 'toolu_1')).toMatchObject({ outcome: 'error', completedAt: 7 });
    expect(callOf(base, 'toolu_1').outcome).toBeNull();
    const later = reduceRun(success, { type: 'call_yielded', at: 6, id: 'toolu_1' });
    expect(later.turns[0]!.yieldOrder).toEqual(['toolu_1']);
    expect(success.turns[0]!.yieldOrder).toEqual([]);
  });

  it('shares unchanged parts between consecutive records', () => {
    const first = buildRecord(seedRun().slice(0, 30));
    const firstTurns = first.turns;
    const todo = { content: 'x', status: 'pending', activeForm: 'Doing x' } as const;
    const second = reduceRun(first, { type: 'todos_changed', at: 1400, todos: [todo], by: 'toolu_1' });
    expect(second.turns[0]!.calls[0]).toBe(firstTurns[0]!.calls[0]);
    expect(second.todos).toEqual([todo]);
  });

  it('folds the same log to the same record, with buildRecord or event by event', () => {
    for (const events of [seedRun(), fallbackRun(), subAgentRun()]) expect(plain(buildRecord(events))).toEqual(plain(fold(events)));
  });

  it('continues from a plain record read back from JSON', () => {
    const events = subAgentRun();
    const parsed = JSON.parse(JSON.stringify(buildRecord(events.slice(0, 12)))) as RunRecord;
    const continued = buildRecord(events.slice(12), parsed);
    expect(plain(continued)).toEqual(plain(buildRecord(events)));
  });

  it('keeps events it cannot place as anomalies instead of throwing', () => {
    const record = fold([...started, { type: 'call_started', at: 3, id: 'toolu_ghost' }, { type: 'block_stopped', at: 4, turn: 7, index: 0 }]);
    expect(record.anomalies).toEqual(['call_started for unknown call toolu_ghost', 'block_stopped for unknown turn 7']);
  });

  it('attaches the checker verdict, and keeps it through later events', () => {
    const checked = withExpectations(buildRecord(seedRun()), { passed: false, failures: ['turn 0: …'] });
    expect(checked.expectations).toEqual({ passed: false, failures: ['turn 0: …'] });
    expect(reduceRun(checked, { type: 'todos_changed', at: 2600, todos: [], by: 'toolu_1' }).expectations?.passed).toBe(false);
  });

  it('serialises to the version-1 shape of the run record', () => {
    const json = plain(buildRecord(seedRun())) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining(['version', 'scenario', 'sandbox', 'strategy', 'settings', 'startedAt', 'endedAt', 'turns', 'files', 'expectations']),
    );
    expect(json).toMatchObject({ version: 1, scenario: 'sample', sandbox: 'virtual', strategy: 'streaming', settings: { maxConcurrency: 10 } });
  });
});

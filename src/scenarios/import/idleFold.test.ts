import { describe, expect, it } from 'vitest';
import { generateSession, toJsonl, type LogLine } from '../../../test/sessionLogs';
import { validateScenario } from '../validate';
import { distinctCallIds } from './distinctCallIds';
import { durationText } from './idleFold';
import { importSessionLog } from './importSessionLog';
import type { SessionLog } from './sessionLog';

const DAY = 86_400_000;

/** A session of three responses of two calls each. */
function session(): LogLine[] {
  const call = (id: string, ms: number) => ({ id, name: 'Read', input: { file_path: `/home/me/app/${id}.ts` }, result: 'x', ms });
  return generateSession([{ calls: [call('toolu_a', 30), call('toolu_b', 50)] }, { calls: [call('toolu_c', 20), call('toolu_d', 40)] }, { calls: [call('toolu_e', 10), call('toolu_f', 10)] }]);
}

/** The lines from `from` on moved later by `ms` (a session resumed, a clock that jumped), or stamped `stamp`. */
function moved(lines: LogLine[], from: number, change: { ms?: number; stamp?: string }): LogLine[] {
  return lines.map((line, index) => {
    if (index < from || typeof line.timestamp !== 'string') return line;
    const timestamp = change.stamp ?? new Date(Date.parse(line.timestamp) + change.ms!).toISOString();
    return { ...line, timestamp };
  });
}

function imported(lines: LogLine[]) {
  return importSessionLog([{ name: 'session.jsonl', text: toJsonl(lines) }]);
}

describe('a session longer than a scenario holds', () => {
  it('resumed 14 days later imports, the stretch folded to a minute and named at the line after it', () => {
    const lines = session();
    const resumedAt = lines.findIndex((line) => (line.message as { id?: string } | undefined)?.id === 'msg_2');
    const result = imported(moved(lines, resumedAt, { ms: 14 * DAY }));
    expect(result.ok, JSON.stringify(result.problems)).toBe(true);
    if (!result.ok) return;
    const fold = result.problems.find((problem) => problem.message.startsWith('nothing happened in the log for 14 days'));
    expect(fold).toMatchObject({ source: 'session.jsonl', line: resumedAt + 1 });
    expect(result.scenario.observed?.unknown).toContainEqual(`the log was idle 14 days before line ${resumedAt + 1}: folded to 1 minute in its times`);
    // Order and every other interval as the log has them: the calls after the fold start a minute and a bit after those before.
    const calls = result.scenario.observed!.calls;
    expect(calls.toolu_e!.startedAt! - calls.toolu_d!.endedAt!).toBeGreaterThanOrEqual(60_000);
    expect(calls.toolu_e!.startedAt! - calls.toolu_d!.endedAt!).toBeLessThan(61_000);
    const unmoved = imported(lines);
    if (!unmoved.ok) throw new Error('the session as generated does not import');
    const before = unmoved.scenario.observed!.calls;
    expect(calls.toolu_b!.endedAt! - calls.toolu_a!.startedAt!).toBe(before.toolu_b!.endedAt! - before.toolu_a!.startedAt!);
    expect(calls.toolu_f!.endedAt! - calls.toolu_e!.startedAt!).toBe(before.toolu_f!.endedAt! - before.toolu_e!.startedAt!);
  });

  it('a line stamped in the year 9999 or 1970, or a result stamped years after its call, imports the same', () => {
    const lines = session();
    for (const change of [{ stamp: '9999-12-31T23:59:59.000Z' }, { stamp: '1970-01-01T00:00:00.000Z' }, { ms: 3 * 365 * DAY }]) {
      const result = imported(moved(lines, lines.length - 1, change));
      expect(result.ok, `${JSON.stringify(change)}: ${JSON.stringify(result.problems)}`).toBe(true);
    }
  });

  it('any shifts anywhere (a property): what the importer accepts, the validator accepts, and no log is lost to it', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 60; round++) {
      let lines = session();
      for (let shifts = 1 + Math.floor(random() * 3); shifts > 0; shifts--) {
        const from = 1 + Math.floor(random() * (lines.length - 1));
        lines = moved(lines, from, { ms: Math.floor(random() ** 3 * 5000 * 365 * DAY) * (random() < 0.2 ? -1 : 1) });
      }
      const result = imported(lines);
      expect(result.problems.filter((problem) => problem.message.startsWith('the imported scenario is not valid')), `round ${round}`).toEqual([]);
      expect(result.ok, `round ${round}`).toBe(true);
      if (result.ok) expect(validateScenario(result.scenario).ok).toBe(true);
    }
  });
});

describe('a sub-agent log that reuses the main log’s ids', () => {
  it('keeps the main log’s ids and renames the sub-agent’s, naming each at its line', () => {
    const block = (callId: string, line: number) => ({ kind: 'tool_use' as const, text: '', callId, at: 0, line });
    const call = (id: string) => ({ id, name: 'Read', input: {}, closedAt: 0 });
    const agent = (ids: string[]) => ({ responses: [{ messageId: 'm', blocks: ids.map((id, i) => block(id, i + 1)) }], calls: new Map(ids.map((id) => [id, call(id)])) });
    const log: SessionLog = { main: agent(['toolu_1', 'toolu_task']), agents: new Map([['toolu_task', agent(['toolu_1', 'toolu_2'])], ['toolu_other', agent(['toolu_1'])]]), version: '', cwd: '/', sessionId: 's', origin: 0, problems: [] };
    const { session: distinct, problems } = distinctCallIds(log, 'a.jsonl');
    expect([...distinct.main.calls.keys()]).toEqual(['toolu_1', 'toolu_task']);
    expect([...distinct.agents.get('toolu_task')!.calls.keys()]).toEqual(['toolu_1~2', 'toolu_2']);
    expect(distinct.agents.get('toolu_task')!.responses[0]!.blocks.map((each) => each.callId)).toEqual(['toolu_1~2', 'toolu_2']);
    expect(distinct.agents.get('toolu_task')!.calls.get('toolu_1~2')!.id).toBe('toolu_1~2');
    expect([...distinct.agents.get('toolu_other')!.calls.keys()]).toEqual(['toolu_1~3']);
    expect(problems).toEqual([
      { source: 'a.jsonl', line: 1, message: 'the sub-agent of toolu_task reuses the call id toolu_1 of another log: taken as toolu_1~2' },
      { source: 'a.jsonl', line: 1, message: 'the sub-agent of toolu_other reuses the call id toolu_1 of another log: taken as toolu_1~3' },
    ]);
  });
});

describe('durations in words', () => {
  it('takes the largest unit that reads well', () => {
    expect(durationText(14 * DAY)).toBe('14 days');
    expect(durationText(3.5 * 3_600_000)).toBe('3.5 hours');
    expect(durationText(60_000)).toBe('1 minute');
    expect(durationText(8000 * 365.25 * DAY)).toBe('8,000 years');
    expect(durationText(250)).toBe('250 ms');
  });
});

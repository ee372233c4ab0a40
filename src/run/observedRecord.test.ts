import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importClaudeSession } from '../scenarios/import/claude-code/importClaudeSession';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import { validateScenario } from '../scenarios/validate';
import { callPhases } from './callPhases';
import { asItRanLabel, observedRecord } from './observedRecord';
import { allCalls } from './runFacts';
import { formatTimeline } from './timelineText';

const TRANSCRIPTS = join(import.meta.dirname, '../../test/transcripts');

function imported(name: string) {
  const result = importClaudeSession([{ name, text: readFileSync(join(TRANSCRIPTS, name), 'utf8') }]);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.scenario;
}

describe('a session as it really ran, as a run record', () => {
  it.each(readdirSync(TRANSCRIPTS).filter((name) => name.endsWith('.jsonl')))('%s: every observed call once, at its real times, in a record the timeline reads', (name) => {
    const scenario = imported(name);
    const record = observedRecord(scenario)!;
    const observed = scenario.observed!;
    const calls = allCalls(record.turns);
    expect(calls.map((call) => call.id).sort()).toEqual(Object.keys(observed.calls).sort());
    for (const call of calls) {
      const real = observed.calls[call.id]!;
      if (real.startedAt !== undefined) expect(call.executingAt, call.id).toBe(real.startedAt);
      if (real.endedAt !== undefined && real.outcome !== 'unanswered') expect(call.completedAt, call.id).toBe(Math.max(real.endedAt, call.executingAt!));
      expect(call.queuedAt).toBeLessThanOrEqual(call.executingAt!);
      expect(call.completedAt ?? record.endedAt).toBeLessThanOrEqual(record.endedAt);
      for (const phase of callPhases(call, record.endedAt)) expect(phase.to).toBeGreaterThanOrEqual(phase.from);
    }
    // Results handed back in the order they really came.
    for (const turn of record.turns) {
      const ends = turn.yieldOrder.map((id) => turn.calls.find((call) => call.id === id)!.completedAt!);
      expect(ends).toEqual([...ends].sort((a, b) => a - b));
    }
    expect(record.settings.asItRan).toBe(asItRanLabel(observed));
    expect(formatTimeline(record)).toContain(calls[0]!.id);
  });

  it('labels the run with the agent and its version', () => {
    expect(asItRanLabel({ agent: 'claude-code', version: '2.1.39', calls: {} })).toBe('as it ran: Claude Code 2.1.39');
    expect(asItRanLabel({ agent: 'claude-code', version: '', calls: {} })).toBe('as it ran: Claude Code (version unknown)');
    expect(asItRanLabel({ agent: 'codex', version: '0.46.0', calls: {} })).toBe('as it ran: Codex CLI 0.46.0');
    expect(asItRanLabel({ agent: 'some-agent', version: '1.2', calls: {} })).toBe('as it ran: some-agent 1.2');
  });

  it('places a response with no known times after the one before, and leaves an unanswered call open', () => {
    const result = validateScenario({
      id: 'two-turns',
      title: 'Two turns',
      turns: [
        { stream: [{ type: 'tool_use', id: 'a', name: 'Read', input: { file_path: 'x' }, at: 0, durationMs: 100 }] },
        { stream: [{ type: 'tool_use', id: 'b', name: 'Read', input: { file_path: 'y' }, at: 10, durationMs: 20 }] },
      ],
      observed: { agent: 'claude-code', version: '2.1.39', calls: { a: { outcome: 'success', startedAt: 5000, endedAt: 5200 }, b: { outcome: 'unanswered' } } },
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const record = observedRecord(result.scenario)!;
    const [first, second] = record.turns;
    expect(first!.startedAt).toBe(4900);
    expect(second!.startedAt).toBe(5200);
    expect(second!.calls[0]).toMatchObject({ executingAt: 5230, completedAt: null, outcome: null, result: null });
    expect(record.endedAt).toBe(5230);
  });

  it('is null for a scenario that was not imported', () => {
    const scenario = validateScenario(BUILT_IN_SCENARIOS[0]);
    if (!scenario.ok) throw new Error('built-in invalid');
    expect(observedRecord(scenario.scenario)).toBeNull();
  });
});

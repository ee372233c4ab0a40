import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { POLICY_NAMES } from '../../scenarios/policies';
import { importSessionLog } from '../../scenarios/import/importSessionLog';
import { differences, knownAnswers, sessionAnswers } from './sessionAnswers';
import type { SessionComparison } from '../../run/sessionSummary';

const LOG = 'spotter-fa812bfe-main-lines1-312.jsonl';

function imported() {
  const result = importSessionLog([{ name: LOG, text: readFileSync(`test/transcripts/${LOG}`, 'utf8') }]);
  if (!result.ok) throw new Error('the sample does not import');
  return result.scenario;
}

describe('an imported session’s answers in the page', () => {
  it('replays it under every preset, reproduces it under its own, and keeps the answers for the session', async () => {
    const scenario = imported();
    const answers = await sessionAnswers(scenario, new AbortController().signal);
    expect(answers.label).toBe('as it ran: Claude Code 2.1.39');
    expect(answers.preset).toBe('claude-code-2.1.39');
    expect([...answers.policies].sort()).toEqual([...POLICY_NAMES].sort());
    expect(answers.comparison.totals.map((total) => total.policy)).toEqual(answers.policies);
    // Recorded effects: every call ends as the log says, under the session's own preset.
    expect(answers.fidelity).toMatchObject({ calls: 55, sameOutcome: 55 });
    expect(answers.comparison.totalRealMs).toBeGreaterThan(0);
    expect(knownAnswers(scenario)).toBe(answers);
    expect(knownAnswers(imported())).toBeUndefined();
  });

  it('says where presets differ, in words', () => {
    const comparison: SessionComparison = {
      totalRealMs: 10,
      totals: [],
      turns: [
        { index: 0, realMs: 5, realCancelled: 0, byPolicy: [{ policy: 'seed', toolMs: 5, cancelled: 0, sameOrder: true }] },
        {
          index: 1,
          realMs: 5,
          realCancelled: 0,
          byPolicy: [
            { policy: 'seed', toolMs: 5, cancelled: 2, sameOrder: true },
            { policy: 'ai-sdk-7', toolMs: 4, cancelled: 0, sameOrder: false },
          ],
        },
      ],
    };
    expect(differences(comparison)).toEqual([{ turn: 1, text: 'seed cancels 2 (really 0); ai-sdk-7 hands results back in another order' }]);
  });
});

describe('the speed a session replays at from its summary', () => {
  it('is the power of two that shows it whole in about a quarter of a minute, never below 1×', async () => {
    const { replaySpeedFor } = await import('./replaySpeed');
    const scenario = imported();
    const end = Math.max(...Object.values(scenario.observed!.calls).map((call) => call.endedAt ?? 0));
    const speed = replaySpeedFor(scenario);
    expect(Math.log2(speed) % 1).toBe(0);
    expect(end / speed).toBeLessThanOrEqual(15_000);
    expect(end / speed).toBeGreaterThan(7_500);
    expect(replaySpeedFor({ ...scenario, observed: { ...scenario.observed!, calls: {} } })).toBe(1);
  });
});

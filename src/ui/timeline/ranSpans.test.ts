import { describe, expect, it } from 'vitest';
import { buildRecord } from '../../run/reduceRun';
import type { RunEvent } from '../../tools/events';
import { seedRun, subAgentRun } from '../../../test/sampleRuns';
import { ranSpansOf } from './ranSpans';

/** The same run, every event `by` ms later (a replay whose turns began later). */
const later = (events: RunEvent[], by: number): RunEvent[] => events.map((event) => ({ ...event, at: event.at + by }));

describe('calls as they ran, drawn on a replay’s clock', () => {
  it('moves each call by how much later its turn began in the replay', () => {
    const asItRan = buildRecord(seedRun());
    const spans = ranSpansOf(asItRan, buildRecord(later(seedRun(), 5000)));
    // As it ran, Read a executed from 500 to 1300 ms and Bash from 1500 to 2000 ms.
    expect(spans.get('toolu_a')?.span).toEqual([5500, 6300]);
    expect(spans.get('toolu_bash')?.span).toEqual([6500, 7000]);
  });

  it('leaves out the calls of turns the replay has not begun', () => {
    const asItRan = buildRecord(seedRun());
    const begun = seedRun().filter((event) => event.at < 300);
    expect(ranSpansOf(asItRan, buildRecord(begun)).size).toBe(4);
    expect(ranSpansOf(asItRan, buildRecord([]))).toEqual(new Map());
  });

  it('moves a sub-agent’s calls by its own turn’s start', () => {
    const asItRan = buildRecord(subAgentRun());
    const spans = ranSpansOf(asItRan, buildRecord(later(subAgentRun(), 100)));
    expect(spans.get('toolu_sub_read')?.span).toEqual([120, 160]);
    expect(spans.get('toolu_agent')?.span).toEqual([100, 190]);
  });

  it('keeps the span made for the same turn start, the same object, and makes it anew when the turn began elsewhere', () => {
    const asItRan = buildRecord(seedRun());
    const first = ranSpansOf(asItRan, buildRecord(seedRun()));
    expect(ranSpansOf(asItRan, buildRecord(seedRun()), first).get('toolu_a')).toBe(first.get('toolu_a'));
    const moved = ranSpansOf(asItRan, buildRecord(later(seedRun(), 10)), first).get('toolu_a');
    expect(moved).not.toBe(first.get('toolu_a'));
    expect(moved?.span).toEqual([510, 1310]);
  });
});

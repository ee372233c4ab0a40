import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignLanes, type Span } from './laneAssignment';

const spanArb = fc.record({ start: fc.integer({ min: 0, max: 1000 }), length: fc.integer({ min: 0, max: 300 }) }).map(({ start, length }) => ({ start, end: start + length }));

/**
 * The most spans any span finds open at its start, itself included: no lane assignment can do
 * with fewer. A span that takes no time overlaps only spans that began before it (one beginning at
 * the same moment may take its lane as it ends).
 */
function maxOverlap(spans: readonly Span[]): number {
  let best = 0;
  for (const probe of spans) {
    const began = (span: Span) => (probe.end > probe.start ? span.start <= probe.start : span.start < probe.start);
    const open = spans.filter((span) => span !== probe && began(span) && probe.start < span.end).length + 1;
    best = Math.max(best, open);
  }
  return best;
}

describe('assignLanes', () => {
  it('puts each span on the lowest lane free at its start', () => {
    const { lanes, count } = assignLanes([
      { start: 0, end: 10 },
      { start: 2, end: 5 },
      { start: 5, end: 8 },
      { start: 10, end: 12 },
      { start: 3, end: 4 },
    ]);
    expect(lanes).toEqual([0, 1, 1, 0, 2]);
    expect(count).toBe(3);
  });

  it('lets a span start exactly where the previous one on its lane ends', () => {
    expect(assignLanes([{ start: 0, end: 5 }, { start: 5, end: 9 }]).lanes).toEqual([0, 0]);
  });

  it('never overlaps two spans on one lane, and uses no more lanes than spans overlap', () => {
    fc.assert(
      fc.property(fc.array(spanArb, { maxLength: 60 }), (spans) => {
        const { lanes, count } = assignLanes(spans);
        const byLane = new Map<number, Span[]>();
        spans.forEach((span, i) => byLane.set(lanes[i]!, [...(byLane.get(lanes[i]!) ?? []), span]));
        for (const onLane of byLane.values()) {
          const sorted = [...onLane].sort((a, b) => a.start - b.start || a.end - b.end);
          for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
        }
        expect(count).toBe(maxOverlap(spans));
        expect(new Set(lanes).size).toBe(count);
      }),
      { numRuns: 200 },
    );
  });
});

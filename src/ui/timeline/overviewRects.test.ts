import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../../run/record';
import type { BarSegment, Lane } from './laneLayout';
import { overviewRects, type Rect } from './overviewRects';
import { collapsedTimeMap } from './timeScale';

/** A lane with just what the strip reads: its row and its bar segments. */
function lane(row: number, segments: BarSegment[]): Lane {
  return { row, call: { id: `c${row}` } as CallRecord, depth: 0, turn: 0, batch: 0, concurrent: false, state: 'yielded', outcome: 'success', segments };
}
const bar = (kind: BarSegment['kind'], from: number, to: number): BarSegment => ({ kind, from, to, open: false });
const area = { width: 100, height: 28, startMs: 0, endMs: 1000 };
const all = (rects: Map<string, Rect[]>) => [...rects.values()].flat();

describe('overviewRects', () => {
  it('gives a few lanes a band each, in time and row order', () => {
    const rects = overviewRects([lane(0, [bar('queued', 0, 100), bar('executing', 100, 500)]), lane(1, [bar('executing', 200, 300)])], [], area);
    expect(rects.get('queued')).toEqual([[0, 1, 10, 12.5]]);
    expect(rects.get('executing')).toEqual([
      [10, 1, 40, 12.5],
      [20, 14, 10, 12.5],
    ]);
  });

  it('folds idle time as the lanes do: a bar after a fold is drawn where the folded lanes draw it', () => {
    // 0–100 and 900–1000 busy; the 800 ms between them folded to 100 ms.
    const map = collapsedTimeMap(
      [
        { start: 0, end: 100 },
        { start: 900, end: 1000 },
      ],
      100,
    );
    const rects = overviewRects([lane(0, [bar('executing', 0, 100)]), lane(1, [bar('executing', 900, 1000)])], [], { ...area, toDrawn: map.toDrawn });
    expect(rects.get('executing')!.map(([x, , w]) => [Math.round(x), Math.round(w)])).toEqual([
      [0, 33],
      [67, 33],
    ]);
  });

  it('keeps every row of a 2,000-call run inside the strip, and joins the bars that share a pixel row', () => {
    const lanes = Array.from({ length: 2000 }, (_, row) => lane(row, [bar('executing', row / 2, row / 2 + 5), bar('yielded-marker', row / 2 + 5, row / 2 + 5)]));
    const rects = all(overviewRects(lanes, [], area));
    for (const [x, y, w, h] of rects) {
      expect(y).toBeGreaterThanOrEqual(1);
      expect(y + h).toBeLessThanOrEqual(27);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x + w).toBeLessThanOrEqual(101);
    }
    // 26 pixel rows, each holding some 77 overlapping bars: one rectangle each.
    expect(rects).toHaveLength(26);
    expect(new Set(rects.map(([, y]) => y)).size).toBe(26);
  });

  it('draws every bar at least a pixel wide, keeps bars apart when they do not touch, and draws the background shells', () => {
    const rects = overviewRects(
      [lane(0, [bar('executing', 0, 0), bar('executing', 500, 600)])],
      [{ row: 1, shell: { id: 'b1' } as never, from: 100, to: 900, open: true }],
      area,
    );
    expect(rects.get('executing')).toEqual([
      [0, 1, 1, 12.5],
      [50, 1, 10, 12.5],
    ]);
    expect(rects.get('background')).toEqual([[10, 14, 80, 12.5]]);
  });
});

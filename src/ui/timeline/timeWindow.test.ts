import { describe, expect, it } from 'vitest';
import { buildRecord } from '../../run/reduceRun';
import { seedRun } from '../../../test/sampleRuns';
import { fitView, layoutTimeline } from './layout';
import { laneSpan, rowForWindow, windowLayout } from './timeWindow';

const lanes = layoutTimeline(buildRecord(seedRun()), fitView(buildRecord(seedRun()), 600)).lanes;

describe('rows that follow the time window', () => {
  it('spans a lane from its queueing to its last segment', () => {
    expect(laneSpan(lanes[0]!)).toEqual([500, 1300]);
    expect(laneSpan(lanes.find((lane) => lane.call.id === 'toolu_c')!)).toEqual([1100, 2400]);
  });

  it('stays put while a row in view has a bar in the window', () => {
    expect(rowForWindow(lanes, 600, 700, 0, 2)).toBeNull();
  });

  it('moves to the nearest lane of the window below, else above', () => {
    // Only Read c (row 3) runs after 2,000 ms.
    expect(rowForWindow(lanes, 2100, 2300, 0, 2)).toBe(3);
    // Only Read a (row 0) is there before 600 ms: Read b is queued at 700.
    expect(rowForWindow(lanes, 500, 600, 2, 4)).toBe(0);
  });

  it('stays put when no call runs in the window', () => {
    expect(rowForWindow(lanes, 2500, 2600, 0, 2)).toBeNull();
  });
});

describe('the header near the view', () => {
  const record = buildRecord(seedRun());
  const zoomed = layoutTimeline(record, { widthPx: 60_000, startMs: record.startedAt, endMs: record.endedAt });

  it('keeps whole a layout the window covers', () => {
    expect(windowLayout(zoomed, -100, 70_000)).toBe(zoomed);
  });

  it('draws only the ticks, stream and frames near the view, and keeps every lane', () => {
    const near = windowLayout(zoomed, 0, 10_000);
    expect(near.lanes).toBe(zoomed.lanes);
    expect(near.ticks.length).toBeLessThan(zoomed.ticks.length);
    expect(near.ticks.every((tick) => tick.x <= 10_000)).toBe(true);
    expect(near.stream.length).toBeLessThanOrEqual(zoomed.stream.length);
    for (const segment of near.stream) expect(zoomed.scale.x(segment.from)).toBeLessThanOrEqual(10_000);
    for (const frame of near.batches) expect(zoomed.scale.x(frame.from)).toBeLessThanOrEqual(10_000);
    expect(near.batches.length).toBeLessThan(zoomed.batches.length);
  });
});

import { describe, expect, it } from 'vitest';
import { formatDuration, niceTicks } from './niceTicks';

describe('round ticks', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten, in seconds from one second up', () => {
    expect(niceTicks(7203).map((tick) => tick.label)).toEqual(['0', '1 s', '2 s', '3 s', '4 s', '5 s', '6 s', '7 s']);
    expect(niceTicks(2803).map((tick) => tick.label)).toEqual(['0', '0.5 s', '1.0 s', '1.5 s', '2.0 s', '2.5 s']);
    expect(niceTicks(850).map((tick) => tick.label)).toEqual(['0', '200 ms', '400 ms', '600 ms', '800 ms']);
    expect(niceTicks(1300).map((tick) => tick.label)).toEqual(['0', '0.2 s', '0.4 s', '0.6 s', '0.8 s', '1.0 s', '1.2 s']);
    expect(niceTicks(1400, 5).map((tick) => tick.label)).toEqual(['0', '0.25 s', '0.50 s', '0.75 s', '1.00 s', '1.25 s']);
  });

  it('never passes the extent, and every tick is a round number', () => {
    for (const extent of [1, 37, 999, 1000, 4406.03, 12_345, 98_765]) {
      const ticks = niceTicks(extent);
      expect(ticks.at(-1)!.ms).toBeLessThanOrEqual(extent);
      const step = ticks[1]!.ms;
      expect(step / 10 ** Math.floor(Math.log10(step))).toSatisfy((mantissa: number) => [1, 2, 2.5, 5].includes(mantissa));
    }
  });

  it('writes durations in seconds with two decimals, and in ms under a second', () => {
    expect([formatDuration(4406.03), formatDuration(850.4)]).toEqual(['4.41 s', '850 ms']);
  });
});

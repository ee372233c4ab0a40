import { describe, expect, it } from 'vitest';
import { buildRecord } from '../../run/reduceRun';
import { seedRun } from '../../../test/sampleRuns';
import { flattenCalls, recordToSvg } from './recordSvg';

describe('recordToSvg', () => {
  it('draws a lane per call with its outcome, escaped, on a shared axis when asked', () => {
    const record = buildRecord(seedRun());
    const svg = recordToSvg(record, { title: 'seed <partition>', extentMs: record.endedAt * 2 });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('seed &lt;partition&gt;');
    const calls = flattenCalls(record.turns);
    expect(calls.length).toBeGreaterThan(0);
    for (const { call } of calls) expect(svg).toContain(`>${call.outcome ?? 'running'}<`);
    expect(svg).toContain(`${Math.round(record.endedAt * 2)} ms`);
  });
});

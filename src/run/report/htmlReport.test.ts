import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { seedRun, subAgentRun } from '../../../test/sampleRuns';
import { buildRecord, withExpectations } from '../reduceRun';
import { allCalls } from '../runFacts';
import { htmlReport } from './htmlReport';
import { tickStep } from './markup';
import { svgTimeline } from './svgTimeline';

const seed = withExpectations(buildRecord(seedRun()), { passed: false, failures: ['turn 0: toolu_c expected error, got success'] });

describe('the HTML report of a run', () => {
  const html = htmlReport(seed, { links: [{ kind: 'unsafe-ahead', from: 'toolu_bash', to: 'toolu_c', at: 1500 }], sections: [{ title: 'Fidelity', text: 'fidelity: 4 calls: 4 reproduced' }] });

  it('holds every call with its input, waits and result, and the facts a comparison is about', () => {
    for (const call of allCalls(seed.turns)) expect(html).toContain(call.id);
    expect(html).toContain('<li>turn 0: toolu_c expected error, got success</li>');
    expect(html).toContain('cancelled by a sibling');
    expect(html).toContain('is not concurrency-safe and was queued earlier');
    expect(html).toContain('<h2>Fidelity</h2>');
  });

  it('loads nothing and runs nothing: no script, no address to fetch, a policy that forbids both', () => {
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\((?!#)/i);
    expect(html.replaceAll('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:\/\//);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
  });

  it('escapes what the run holds: a result cannot become markup', () => {
    const hostile = buildRecord(seedRun());
    const turn = hostile.turns[0]!;
    const call = turn.calls[0]!;
    const poisoned = { ...hostile, turns: [{ ...turn, calls: [{ ...call, result: { ...call.result!, content: '</pre><script>alert(1)</script>' } }, ...turn.calls.slice(1)] }, ...hostile.turns.slice(1)] };
    const text = htmlReport(poisoned);
    expect(text).not.toContain('<script>');
    expect(text).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
  });

  it('draws the record’s own causes when none are given', () => {
    const text = htmlReport(seed);
    expect(text).toContain('data-kind="unsafe-ahead" data-from="toolu_bash" data-to="toolu_c"');
    expect(text).toContain('data-kind="stream-block" data-from="stream"');
  });

  it('draws the timeline as well-formed SVG with a lane per call and each cause as an arrow', () => {
    const svg = svgTimeline(seed, [{ kind: 'unsafe-ahead', from: 'toolu_bash', to: 'toolu_c', at: 1500 }]);
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toContain('data-kind="unsafe-ahead" data-from="toolu_bash" data-to="toolu_c"');
    expect(svg.match(/class="lane-label"/g)!.length).toBe(allCalls(seed.turns).length + seed.turns.length);
  });

  it('draws a sub-agent’s calls under the call that ran it', () => {
    const record = buildRecord(subAgentRun());
    const svg = svgTimeline(record, []);
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toContain('sub-agent of');
    for (const call of allCalls(record.turns)) expect(svg).toContain(`(${call.id})`);
  });
});

describe('tick steps', () => {
  it('are 1, 2 or 5 times a power of ten, and at most the number asked for fit the span', () => {
    for (const span of [7, 100, 999, 2600, 12_345, 600_000]) {
      const step = tickStep(span, 8);
      expect(String(step)).toMatch(/^(1|2|5)0*$|^0\.0*(1|2|5)$/);
      expect(span / step).toBeLessThanOrEqual(8);
    }
  });
});

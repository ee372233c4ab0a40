import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { seedRun, subAgentRun } from '../../../test/sampleRuns';
import { buildRecord, withExpectations } from '../reduceRun';
import { allCalls } from '../runFacts';
import { htmlReport } from './htmlReport';
import { escapeMarkup } from './markup';
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

  it('frames each batch over its calls’ rows and hatches simulated latency, as the page does', () => {
    const svg = svgTimeline(seed, []);
    expect(XMLValidator.validate(svg)).toBe(true);
    const frames = [...svg.matchAll(/class="batch batch--(\w+)" data-batch="(\d+)"><title>([^<]+)</g)].map((match) => `${match[2]} ${match[1]}: ${match[3]}`);
    expect(frames).toEqual(seed.turns.flatMap((turn) => turn.batches.map((batch) => `${batch.index} ${batch.concurrent ? 'concurrent' : 'serial'}: batch ${batch.index + 1}: ${batch.concurrent ? 'concurrent' : 'serial'}, ${batch.toolUseIds.length} call(s)`)));
    expect(frames[0]).toBe('0 concurrent: batch 1: concurrent, 2 call(s)');
    expect(svg).toContain('<pattern id="hatch-latency"');
    expect(svg).toMatch(/fill="url\(#hatch-latency\)"><title>[^<]*: latency /);
  });

  it('draws a sub-agent’s calls under the call that ran it', () => {
    const record = buildRecord(subAgentRun());
    const svg = svgTimeline(record, []);
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toContain('sub-agent of');
    for (const call of allCalls(record.turns)) expect(svg).toContain(`(${call.id})`);
  });
});

describe('the report’s time axis', () => {
  it('ticks at the page’s round steps, labelled as the page labels them', () => {
    const svg = svgTimeline(seed, []);
    const labels = [...svg.matchAll(/class="tick-label">([^<]+)</g)].map((match) => match[1]);
    expect(seed.endedAt - seed.startedAt).toBe(2600);
    expect(labels).toEqual(['0 ms', '500 ms', '1 s', '1.5 s', '2 s', '2.5 s']);
  });
});

describe('markup', () => {
  it('escapes the five markup characters and drops what XML cannot hold, so an SVG with them stays well-formed', () => {
    const name = 'cat "a&b" <c> \u0007\u001b[31m\'x\'';
    expect(escapeMarkup(name)).toBe('cat &#34;a&#38;b&#34; &#60;c&#62; [31m&#39;x&#39;');
    expect(XMLValidator.validate(`<svg xmlns="http://www.w3.org/2000/svg"><text title="${escapeMarkup(name)}">${escapeMarkup(name)}</text></svg>`)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { buildRecord, createEmptyRecord, withExpectations } from './reduceRun';
import { fallbackRun, seedRun, subAgentRun } from '../../test/sampleRuns';
import { formatSummary, formatTimeline } from './timelineText';

const seed = buildRecord(seedRun());

describe('formatTimeline', () => {
  const text = formatTimeline(seed);
  const lines = text.split('\n');

  it('heads the timeline with the scenario, strategy, sandbox and makespan', () => {
    expect(lines[0]).toBe('sample · streaming · virtual sandbox · makespan 2600 ms');
    expect(lines[1]).toContain('60 columns = 0–2600 ms');
  });

  it('shows each turn with its stream span, its batches and their calls in order', () => {
    expect(text).toContain('turn 0 · 0–2400 ms · stream 0–1100 ms (end)');
    expect(text).toContain('blocks: text 0–300, Read(toolu_a) 300–500');
    const order = ['batch 1 · concurrent · toolu_a, toolu_b', 'toolu_a Read', 'toolu_b Read', 'batch 2 · alone', 'toolu_bash Bash', 'batch 3', 'toolu_c Read', 'turn 1'];
    const positions = order.map((needle) => text.indexOf(needle));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain('yield order: toolu_a, toolu_b, toolu_bash, toolu_c');
  });

  it('gives every call its times, outcome, wait reasons and permission', () => {
    expect(text).toContain('queued 900 · executing 1500 · running 1850 · completed 2000 · yielded 2000 · latency 300 ms');
    expect(text).toContain('waited 900–1300 ms: this call is not concurrency-safe and must run alone; 2 call(s) still executing (Read(src/a.ts), Read(src/b.ts))');
    expect(text).toContain('waited 1100–1500 ms: Bash(ls src) is not concurrency-safe and was queued earlier; nothing may overtake it');
    expect(text).toContain('permission asked 1500, answered 1550: allow (Bash is not read-only)');
    expect(lines.find((line) => line.includes('toolu_bash Bash'))).toMatch(/\| success$/);
  });

  it('draws 60-column bars that line up, with the phases in order', () => {
    const bars = lines.filter((line) => /\|.{60}\|/.test(line));
    expect(bars.length).toBe(6);
    const starts = new Set(bars.map((line) => line.indexOf('|')));
    expect(starts.size).toBe(1);
    const bash = bars.find((line) => line.includes('toolu_bash'))!.match(/\|(.{60})\|/)![1]!;
    expect(bash).toMatch(/^ +\.+[~?]+#+ *$/);
  });

  it('shows discarded calls, the fallback and the retry', () => {
    const fallback = formatTimeline(buildRecord(fallbackRun()));
    expect(fallback).toContain('stream 0–900 ms (fallback: the stream failed at 900 ms)');
    expect(fallback).toMatch(/toolu_y Bash +\|.{60}\| discarded/);
    expect(fallback).toContain('yield order: (none)');
    expect(fallback).toMatch(/toolu_x2 Read +\|.{60}\| success/);
  });

  it('puts a sub-agent turn under its Agent call, indented', () => {
    const nested = formatTimeline(buildRecord(subAgentRun()));
    const agentLine = nested.indexOf('toolu_agent Agent');
    const subTurn = nested.indexOf('turn 0 (sub-agent of toolu_agent)');
    expect(agentLine).toBeGreaterThan(0);
    expect(subTurn).toBeGreaterThan(agentLine);
    expect(nested).toMatch(/\n {12}toolu_sub_read Read +\|/);
  });

  it('copes with a record before any event', () => {
    expect(formatTimeline(createEmptyRecord())).toContain('(no scenario)');
  });
});

describe('formatSummary', () => {
  it('says scenario, strategy, makespan and calls by outcome in a few lines', () => {
    const summary = formatSummary(seed);
    expect(summary.split('\n').filter(Boolean)).toEqual([
      'sample · strategy streaming · sandbox virtual',
      'makespan 2600 ms · 2 turn(s) · 4 call(s): 4 success',
      'expectations: not checked',
    ]);
  });

  it('counts sub-agent calls and discarded calls by outcome', () => {
    expect(formatSummary(buildRecord(subAgentRun()))).toContain('2 call(s): 2 success');
    expect(formatSummary(buildRecord(fallbackRun()))).toContain('4 call(s): 1 success, 3 discarded');
  });

  it('lists each failure when the expectations were not met', () => {
    const failed = withExpectations(seed, { passed: false, failures: ['turn 0: call toolu_a (Read): expected outcome error, got success'] });
    expect(formatSummary(failed)).toContain('expectations: FAILED (1 failure)\n  - turn 0: call toolu_a (Read): expected outcome error, got success');
    expect(formatSummary(withExpectations(seed, { passed: true, failures: [] }))).toContain('expectations: passed');
  });
});

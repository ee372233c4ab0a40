import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../tools/events';
import { buildRecord } from '../../run/reduceRun';
import { completed, fallbackRun, queued, seedRun, subAgentRun } from '../../../test/sampleRuns';
import { replayBuiltIn } from '../../../test/replayBuiltIn';
import { Timeline, VIRTUALISE_ABOVE } from './Timeline';

/** The attributes of every element with `data-testid="NAME"`, in document order. */
function elements(html: string, testId: string): Record<string, string>[] {
  const tags = html.match(new RegExp(`<[a-z]+[^>]*data-testid="${testId}"[^>]*>`, 'g')) ?? [];
  return tags.map((tag) => Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!])));
}

const render = (events: RunEvent[], running = false) => renderToString(<Timeline record={buildRecord(events)} now={() => 0} running={running} />);

describe('Timeline (server render)', () => {
  it('renders one lane per call with its state, outcome, batch and text alternative', () => {
    const lanes = elements(render(seedRun()), 'call');
    expect(lanes.map((lane) => [lane['data-call-id'], lane['data-state'], lane['data-outcome'], lane['data-batch']])).toEqual([
      ['toolu_a', 'yielded', 'success', '0'],
      ['toolu_b', 'yielded', 'success', '0'],
      ['toolu_bash', 'yielded', 'success', '1'],
      ['toolu_c', 'yielded', 'success', '2'],
    ]);
    expect(lanes[0]!['aria-label']).toBe('Read(src/a.ts): yielded, success, batch 1, ran 500–1300 ms');
    expect(lanes.filter((lane) => lane.tabindex === '0')).toHaveLength(1);
  });

  it('frames each batch, saying whether it ran concurrently', () => {
    const batches = elements(render(seedRun()), 'batch');
    expect(batches.map((b) => [b['data-batch'], b['data-concurrent']])).toEqual([
      ['0', 'true'],
      ['1', 'false'],
      ['2', 'true'],
    ]);
    expect(render(seedRun())).toContain('serial');
  });

  it('shows a run in progress: states so far, empty outcomes, the now line', () => {
    const html = render(seedRun().slice(0, 32), true);
    const lanes = elements(html, 'call');
    expect(lanes.map((lane) => [lane['data-state'], lane['data-outcome']])).toEqual([
      ['yielded', 'success'],
      ['yielded', 'success'],
      ['executing', ''],
      ['queued', ''],
    ]);
    expect(elements(html, 'now-line')[0]).not.toHaveProperty('hidden');
    expect(elements(render(seedRun()), 'now-line')[0]).toHaveProperty('hidden');
  });

  it('labels outcomes in words, and nests a sub-agent’s lanes', () => {
    const fallback = render(fallbackRun());
    expect(elements(fallback, 'call').map((lane) => lane['data-outcome'])).toEqual(['discarded', 'discarded', 'discarded', 'success']);
    expect(fallback).toContain('∅ discarded');
    expect(fallback).toContain('↺ fallback');
    const sub = elements(render(subAgentRun()), 'call');
    expect(sub.map((lane) => [lane['data-call-id'], lane['data-depth']])).toEqual([
      ['toolu_agent', '0'],
      ['toolu_sub_read', '1'],
    ]);
  });

  it('marks the Stop on the axis and across the lanes; an interrupted call’s tag ends at it, not before the call began', async () => {
    const record = await replayBuiltIn('user-interrupt');
    const html = renderToString(<Timeline record={record} now={() => record.endedAt} running={false} />);
    expect(html).toContain('■ Stop');
    expect(elements(html, 'stop-line')).toHaveLength(1);
    const interruptedTags = html.match(/class="tl-outcome-tag tl-outcome-tag--(\w+) tl-tone--interrupted"/g) ?? [];
    expect(interruptedTags.length).toBeGreaterThan(0);
    for (const tag of interruptedTags) expect(tag).not.toContain('--left');
  });

  it('holds the key of the lines under the lanes while no lane is chosen', () => {
    const html = render(seedRun());
    expect(elements(html, 'cause-key')).toHaveLength(1);
    for (const words of ['unsafe ahead', 'cap', 'earlier result', 'cancelled', 'stream']) expect(html).toContain(`</svg>${words}</li>`);
  });

  it('marks each moment the concurrency cap was reached (a 0–60, b 40–100, c 80–140, cap 2)', () => {
    const events: RunEvent[] = [
      { type: 'run_started', at: 0, scenario: 't', sandbox: 'virtual', strategy: 'streaming', settings: { maxConcurrency: 2 } },
      { type: 'turn_started', at: 0, turn: 0 },
      ...['a', 'b', 'c'].flatMap((id, i): RunEvent[] => [queued(i, id, 'Read'), { type: 'call_started', at: i * 40, id }, completed(i * 40 + 60, id, 'success')]),
    ];
    expect(elements(render(events), 'cap-marker').map((m) => m['data-at'])).toEqual(['40', '80']);
  });

  it('renders every lane up to VIRTUALISE_ABOVE calls, and only a window of them above', () => {
    const many = (n: number): RunEvent[] => [
      { type: 'run_started', at: 0, scenario: 't', sandbox: 'virtual', strategy: 'streaming', settings: {} },
      { type: 'turn_started', at: 0, turn: 0 },
      ...Array.from({ length: n }, (_, i) => queued(i, `c${i}`, 'Read', { batch: Math.floor(i / 10) })),
    ];
    expect(elements(render(many(VIRTUALISE_ABOVE)), 'call')).toHaveLength(VIRTUALISE_ABOVE);
    expect(elements(render(many(VIRTUALISE_ABOVE + 1)), 'call').length).toBeLessThan(VIRTUALISE_ABOVE);
    const big = elements(render(many(1000)), 'call');
    expect(big.length).toBeGreaterThan(5);
    expect(big.length).toBeLessThan(VIRTUALISE_ABOVE);
    expect(big[0]!['data-call-id']).toBe('c0');
  });
});

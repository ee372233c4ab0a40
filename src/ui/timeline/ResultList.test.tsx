import { renderToString } from 'react-dom/server';
import { callAriaLabel } from './callText';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../tools/events';
import { buildRecord } from '../../run/reduceRun';
import { getAllBaseTools } from '../../tools/registry';
import { completed, fallbackRun, queued, seedRun, subAgentRun } from '../../../test/sampleRuns';
import { ResultList } from './ResultList';
import { callView, resultEntries } from './resultEntries';

const tools = getAllBaseTools();
const findTool = (name: string) => tools.find((tool) => tool.name === name);
const html = (events: RunEvent[]) => renderToString(<ResultList record={buildRecord(events)} findTool={findTool} />);
const ids = (text: string) => [...text.matchAll(/data-testid="result" data-call-id="([^"]+)"/g)].map((m) => m[1]);

describe('result entries', () => {
  it('lists a turn in yield order and groups a concurrent batch', () => {
    const turn = buildRecord(seedRun()).turns[0]!;
    expect(resultEntries(turn).map((entry) => (entry.kind === 'group' ? entry.calls.map((c) => c.id) : entry.call.id))).toEqual([
      ['toolu_a', 'toolu_b'],
      'toolu_bash',
      'toolu_c',
    ]);
    // Batches are counted from 1 here as on the lanes, the cards and in Predict.
    expect(html(seedRun())).toMatch(/concurrent (<!-- -->)?batch 1</);
    expect(html(seedRun())).not.toMatch(/batch 0|\bb0\b/);
  });

  it('names no batch for a call that no batch holds (a session as it ran): never "batch 0"', () => {
    const record = buildRecord(seedRun());
    const asItRan = { ...record, turns: record.turns.map((turn) => ({ ...turn, calls: turn.calls.map((call) => ({ ...call, batch: -1 })) })) };
    const shown = renderToString(<ResultList record={asItRan} findTool={findTool} />);
    expect(shown).not.toMatch(/batch/);
    expect(callAriaLabel(asItRan.turns[0]!.calls[0]!)).not.toMatch(/batch/);
    expect(callAriaLabel(record.turns[0]!.calls[0]!)).toContain('batch 1');
  });

  it('puts calls never yielded after the yielded ones', () => {
    const turn = buildRecord(fallbackRun()).turns[0]!;
    expect(resultEntries(turn).map((entry) => entry.kind === 'call' && [entry.call.id, entry.yielded])).toEqual([
      ['toolu_x', false],
      ['toolu_z', false],
      ['toolu_y', false],
    ]);
  });

  it('renders through the tool, falling back when the input does not parse or there is no tool', () => {
    const call = buildRecord(seedRun()).turns[0]!.calls[0]!;
    expect(callView(call, findTool('Read')).heading.title).toBe('Read src/a.ts');
    expect(callView({ ...call, input: '{"file_pa' }, findTool('Read')).heading).toMatchObject({ title: 'Read', summary: '{"file_pa' });
    expect(callView({ ...call, name: 'Nope' }, undefined).body).toMatchObject({ body: 'export const a = 1;', format: 'code' });
    const denied = callView({ ...call, name: 'Bash', input: { command: 'rm -rf /' }, outcome: 'denied', result: { type: 'tool_result', tool_use_id: 'x', content: 'no', is_error: true } }, findTool('Bash'));
    expect(denied.body).toMatchObject({ tone: 'warning', title: 'Not allowed: the permission check said no' });
    const cancelled = callView({ ...call, outcome: 'cancelled', result: { type: 'tool_result', tool_use_id: 'x', content: 'Cancelled: sibling', is_error: true } }, findTool('Read'));
    expect(cancelled.body).toMatchObject({ tone: 'warning', title: 'Cancelled: a sibling call failed', body: 'Cancelled: sibling' });
    const stopped = callView({ ...call, outcome: 'interrupted', result: { type: 'tool_result', tool_use_id: 'x', content: 'Interrupted by user', is_error: true } }, findTool('Read'));
    expect(stopped.body.title).toMatch(/^Stopped/);
    expect(stopped.body.title).not.toContain('failed');
  });

  it('says why a call was refused: no such tool, a schema, or the tool’s own check', () => {
    const call = buildRecord(seedRun()).turns[0]!.calls[0]!;
    const refused = (name: string, content: string) => callView({ ...call, name, outcome: 'invalid', result: { type: 'tool_result', tool_use_id: 'x', content, is_error: true } }, findTool(name)).body.title;
    expect(refused('Frobnicate', '<tool_use_error>Error: No such tool available: Frobnicate</tool_use_error>')).toBe('Refused: there is no tool of that name in the pool');
    expect(refused('Read', '<tool_use_error>InputValidationError: Read failed: file_path: expected string</tool_use_error>')).toBe('Refused: the input does not fit the tool’s schema');
    expect(refused('Edit', '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>')).toBe('Refused: the tool’s own check of its input said no');
  });
});

describe('the tools’ renderers, fed the display value', () => {
  const base = buildRecord(seedRun()).turns[0]!.calls[0]!;

  it('draws a success through render.result with the tool’s output', () => {
    const display = { kind: 'text', filePath: 'src/a.ts', numbered: '     1\texport const a = 1;', startLine: 1, numLines: 1, totalLines: 1 };
    const view = callView({ ...base, display }, findTool('Read'));
    expect(view.body).toEqual(findTool('Read')!.render.result(display, { file_path: 'src/a.ts' }));
  });

  it('draws a failed command through render.result: its exit code and output come from the display, not the text', () => {
    const display = { stdout: '', stderr: 'boom\n', exitCode: 2, timedOut: false, interrupted: false, timeoutMs: 120000 };
    const view = callView({ ...base, name: 'Bash', input: { command: 'make' }, outcome: 'error', display, result: { type: 'tool_result', tool_use_id: 'x', content: 'unrelated text', is_error: true } }, findTool('Bash'));
    expect(view.body).toMatchObject({ summary: 'exit code 2', body: 'boom', tone: 'error' });
  });

  it('draws a call replayed from a log as the log’s text: its tool’s view would read fields the log never had', () => {
    const result = { type: 'tool_result' as const, tool_use_id: 'x', content: 'Async agent launched successfully.', is_error: false };
    for (const [name, input] of [
      ['Agent', { description: 'map', prompt: 'map the tools' }],
      ['Skill', { skill: 'brainstorming' }],
    ] as const) {
      const view = callView({ ...base, name, input, result, display: { recorded: result.content } }, findTool(name));
      expect(view.body).toMatchObject({ body: 'Async agent launched successfully.', tone: 'success' });
      expect(JSON.stringify(view.body)).not.toContain('undefined');
    }
  });

  it('draws a tool that threw through render.error with the thrown message', () => {
    const view = callView({ ...base, outcome: 'error', display: { error: 'disk on fire' } }, findTool('Read'));
    expect(view.body).toMatchObject({ tone: 'error', body: 'disk on fire' });
  });

  it('draws the latest progress of a running call through render.progress', () => {
    const running = { ...base, name: 'Bash', input: { command: 'make' }, outcome: null, completedAt: null, yieldedAt: null, result: null, progress: [{ at: 1, data: { stream: 'stdout', chunk: 'compiling\n' } }] };
    expect(callView(running, findTool('Bash')).body).toMatchObject({ title: 'Output', body: 'compiling\n' });
  });
});

describe('ResultList (server render)', () => {
  it('renders results in yield order with a group header and outcome words', () => {
    const text = html(seedRun());
    expect(ids(text)).toEqual(['toolu_a', 'toolu_b', 'toolu_bash', 'toolu_c']);
    expect(text).toContain('data-testid="result-group"');
    expect(text).toContain('2 × Read in parallel');
    expect(text).toContain('Bash ls src');
    expect(text).toMatch(/<ol/);
    expect(text).toContain('success');
  });

  it('nests a sub-agent’s results under its Agent call', () => {
    const text = html(subAgentRun());
    expect(ids(text)).toEqual(['toolu_agent', 'toolu_sub_read']);
    const agentAt = text.indexOf('data-call-id="toolu_agent"');
    const subAt = text.indexOf('data-call-id="toolu_sub_read"');
    expect(subAt).toBeGreaterThan(agentAt);
    const between = text.slice(agentAt, subAt);
    expect(between).toContain('Sub-agent turn');
    expect(between).not.toContain('</li>');
  });

  it('shows errors through the tool’s error renderer and discarded calls in words', () => {
    const events: RunEvent[] = [
      { type: 'run_started', at: 0, scenario: 't', sandbox: 'virtual', strategy: 'streaming', settings: {} },
      { type: 'turn_started', at: 0, turn: 0 },
      queued(0, 'e', 'Read', { input: { file_path: 'missing.ts' } }),
      { type: 'call_started', at: 0, id: 'e' },
      completed(10, 'e', 'error', '<tool_use_error>File does not exist.</tool_use_error>'),
      { type: 'call_yielded', at: 10, id: 'e' },
    ];
    const text = html(events);
    expect(text).toContain('Read failed');
    expect(text).toContain('error');
    expect(html(fallbackRun())).toContain('discarded');
  });
});

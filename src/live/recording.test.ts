import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../tools/events';
import { liveSettings } from '../../test/live/harness';
import { buildRecord } from '../run/reduceRun';
import { recordingFromRecord, recordingId, type RecordingMeta } from './recording';

const recordingFromEvents = (events: readonly RunEvent[], meta: RecordingMeta) => recordingFromRecord(buildRecord(events), meta);

const meta = { workspace: { 'a.txt': 'a\n' }, settings: liveSettings(), prompt: 'Read a.txt\nand tell me', model: 'claude-test', recordedAt: new Date(Date.UTC(2026, 11, 1, 9, 5, 7)) };

/** A turn's events where everything happens at one instant (a virtual clock with real work). */
function toolTurn(turn: number, at: number, ids: string[], options: { open?: string; end: 'end' | 'fallback' | 'interrupt' }): RunEvent[] {
  const events: RunEvent[] = [{ type: 'turn_started', at, turn }];
  ids.forEach((id, index) => {
    events.push(
      { type: 'block_started', at, turn, index, kind: 'tool_use', id, name: 'Read' },
      { type: 'block_stopped', at, turn, index },
      { type: 'call_queued', at, turn, id, name: 'Read', input: { file_path: 'a.txt' }, concurrencySafe: true, batch: 0, concurrentBatch: true, latencyMs: 0 },
    );
  });
  if (options.open) events.push({ type: 'block_started', at, turn, index: ids.length, kind: 'tool_use', id: options.open, name: 'Glob' });
  for (const id of ids) events.push({ type: 'call_completed', at, id, outcome: options.end === 'fallback' ? 'discarded' : 'success', result: null, display: null });
  events.push({ type: 'stream_ended', at, turn, reason: options.end }, { type: 'turn_ended', at, turn });
  return events;
}

describe('recordingFromRecord', () => {
  it('names the recording by its time and describes the model and the prompt', () => {
    const recording = recordingFromEvents(toolTurn(0, 0, [], { end: 'end' }), meta);
    expect(recordingId(meta.recordedAt)).toBe('live-20261201-090507');
    expect(recording.id).toBe('live-20261201-090507');
    expect(recording.title).toBe('Live run: Read a.txt');
    expect(recording.description).toContain('`claude-test`');
    expect(recording.description).toContain('> Read a.txt\n> and tell me');
  });

  it('puts a fallback after every block that closed and before the cut block closes, even when all happened at one instant', () => {
    const events = [...toolTurn(0, 40, ['toolu_a', 'toolu_b'], { open: 'toolu_cut', end: 'fallback' }), ...toolTurn(1, 40, ['toolu_c'], { end: 'end' })];
    const recording = recordingFromEvents(events, meta);
    const [failed] = recording.turns;
    const closes = failed!.stream.map((block) => block.at + block.durationMs);
    expect(failed!.fallbackAt).toBe(1);
    expect(closes).toEqual([0, 0, 2]);
    expect(failed!.stream[2]).toMatchObject({ type: 'tool_use', id: 'toolu_cut', input: {} });
    // Discarded calls are kept busy past the cut, so the replay discards them too.
    expect(failed!.stream.slice(0, 2).map((block) => (block.type === 'tool_use' ? block.latencyMs : null))).toEqual([1001, 1001]);
    expect(failed!.expect).toEqual({ batches: [['toolu_a', 'toolu_b']], outcomes: { toolu_a: 'discarded', toolu_b: 'discarded' } });
  });

  it('keeps the stream of a fallback open past the cut when every block had closed, and adds the retry a stopped run never asked for', () => {
    const recording = recordingFromEvents(toolTurn(0, 0, ['toolu_a'], { end: 'fallback' }), meta);
    expect(recording.turns).toHaveLength(2);
    const [failed, retry] = recording.turns;
    expect(failed!.fallbackAt).toBe(1);
    expect(failed!.stream.at(-1)).toEqual({ type: 'text', text: '', at: 1, durationMs: 1 });
    expect(retry).toEqual({ stream: [] });
  });

  it('scripts a placeholder sub-agent for an Agent call whose sub-agent never started', () => {
    const events: RunEvent[] = [
      { type: 'turn_started', at: 0, turn: 0 },
      { type: 'block_started', at: 0, turn: 0, index: 0, kind: 'tool_use', id: 'toolu_agent', name: 'Agent' },
      { type: 'block_stopped', at: 5, turn: 0, index: 0 },
      { type: 'call_queued', at: 5, turn: 0, id: 'toolu_agent', name: 'Agent', input: { description: 'x' }, concurrencySafe: true, batch: 0, concurrentBatch: true, latencyMs: 0 },
      { type: 'call_completed', at: 5, id: 'toolu_agent', outcome: 'invalid', result: { type: 'tool_result', tool_use_id: 'toolu_agent', content: 'bad', is_error: true }, display: null },
      { type: 'stream_ended', at: 9, turn: 0, reason: 'end' },
    ];
    const recording = recordingFromEvents(events, meta);
    expect(recording.agents).toEqual({ toolu_agent: { turns: [{ stream: [] }] } });
    expect(recording.turns[0]!.stream[0]).toMatchObject({ at: 0, durationMs: 5, input: { description: 'x' } });
  });

  it('keeps a broken tool input as the raw text, so the replay breaks the same way', () => {
    const events: RunEvent[] = [
      { type: 'turn_started', at: 0, turn: 0 },
      { type: 'block_started', at: 0, turn: 0, index: 0, kind: 'tool_use', id: 'toolu_bad', name: 'Read' },
      { type: 'block_stopped', at: 0, turn: 0, index: 0 },
      { type: 'call_queued', at: 0, turn: 0, id: 'toolu_bad', name: 'Read', input: '{"file_path": "a.t', concurrencySafe: false, batch: 0, concurrentBatch: false, latencyMs: 0 },
      { type: 'call_completed', at: 0, id: 'toolu_bad', outcome: 'invalid', result: { type: 'tool_result', tool_use_id: 'toolu_bad', content: 'bad', is_error: true }, display: null },
      { type: 'stream_ended', at: 0, turn: 0, reason: 'end' },
    ];
    expect(recordingFromEvents(events, meta).turns[0]!.stream[0]).toMatchObject({ input: '{"file_path": "a.t' });
  });
});

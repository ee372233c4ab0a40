import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../tools/events';
import { transcriptOf } from './transcript';

describe('transcriptOf', () => {
  it('shows each turn’s text as it streams, its tools and its request’s notices', () => {
    const events: RunEvent[] = [
      { type: 'turn_started', at: 0, turn: 0 },
      { type: 'model_notice', at: 1, turn: 0, kind: 'retry', message: 'rate limited; retrying in 0.5 s', attempt: 1, delayMs: 500 },
      { type: 'block_started', at: 600, turn: 0, index: 0, kind: 'text' },
      { type: 'block_delta', at: 610, turn: 0, index: 0, text: 'Let me ' },
      { type: 'block_started', at: 620, turn: 0, index: 1, kind: 'tool_use', id: 'toolu_1', name: 'Read' },
      { type: 'block_delta', at: 630, turn: 0, index: 0, text: 'look.' },
      { type: 'block_delta', at: 631, turn: 0, index: 1, text: '{"file_path":' },
      { type: 'block_started', at: 640, turn: 0, index: 0, kind: 'text', agent: 'toolu_9' },
      { type: 'block_delta', at: 641, turn: 0, index: 0, text: 'sub-agent text', agent: 'toolu_9' },
    ];
    expect(transcriptOf(events)).toEqual([{ turn: 0, text: 'Let me look.', tools: ['Read'], notices: [{ kind: 'retry', message: 'rate limited; retrying in 0.5 s' }], ended: null }]);
    const ended = transcriptOf([...events, { type: 'stream_ended', at: 700, turn: 0, reason: 'fallback', message: 'overloaded' }, { type: 'turn_started', at: 710, turn: 1 }]);
    expect(ended.map((turn) => [turn.turn, turn.ended])).toEqual([
      [0, 'fallback'],
      [1, null],
    ]);
  });
});

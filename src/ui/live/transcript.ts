import type { RunEvent } from '../../tools/events';

/** One turn of the main agent as the Live panel shows it: the text so far and what happened to the request. */
export interface TranscriptTurn {
  turn: number;
  text: string;
  /** Tool calls the turn asked for, by name, in order. */
  tools: string[];
  notices: { kind: 'retry' | 'fallback' | 'error'; message: string }[];
  /** How its stream ended; `null` while it streams. */
  ended: 'end' | 'fallback' | 'interrupt' | 'error' | null;
}

/**
 * The main agent's conversation as it streams, from the run's event log: each turn's text (text
 * deltas, in block order), the tools it called, and the request's notices (retries, a fallback,
 * an error). Sub-agents' events are left to their Agent call's lane.
 */
export function transcriptOf(events: readonly RunEvent[]): TranscriptTurn[] {
  const turns = new Map<number, TranscriptTurn & { blocks: Map<number, string> }>();
  const turnOf = (turn: number) => {
    let entry = turns.get(turn);
    if (!entry) {
      entry = { turn, text: '', tools: [], notices: [], ended: null, blocks: new Map() };
      turns.set(turn, entry);
    }
    return entry;
  };
  for (const event of events) {
    if ('agent' in event && event.agent !== undefined) continue;
    switch (event.type) {
      case 'turn_started':
        turnOf(event.turn);
        break;
      case 'block_started':
        if (event.kind === 'text') turnOf(event.turn).blocks.set(event.index, '');
        else turnOf(event.turn).tools.push(event.name ?? '?');
        break;
      case 'block_delta': {
        const entry = turnOf(event.turn);
        const text = entry.blocks.get(event.index);
        if (text !== undefined) entry.blocks.set(event.index, text + event.text);
        break;
      }
      case 'model_notice':
        turnOf(event.turn).notices.push({ kind: event.kind, message: event.message });
        break;
      case 'stream_ended':
        turnOf(event.turn).ended = event.reason;
        break;
      default:
        break;
    }
  }
  return [...turns.values()]
    .sort((a, b) => a.turn - b.turn)
    .map(({ blocks, ...turn }) => ({ ...turn, text: [...blocks.entries()].sort((a, b) => a[0] - b[0]).map(([, text]) => text).join('\n\n') }));
}

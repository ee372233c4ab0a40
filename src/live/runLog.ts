import type { RunEvent, StreamEnd } from '../run/events';
import type { CallOutcome } from '../tools/execution';

/** One content block of a streamed response, as the events told it. */
export interface BlockLog {
  index: number;
  kind: 'text' | 'tool_use';
  id?: string;
  name?: string;
  startedAt: number;
  stoppedAt: number | null;
  text: string;
}

/** One tool call, as the events told it. */
export interface CallLog {
  id: string;
  name: string;
  /** The input as the model sent it (the raw text when it was not valid JSON). */
  input: unknown;
  batch: number;
  queuedAt: number;
  completedAt: number | null;
  outcome: CallOutcome | null;
  /** Whether a permission ask was opened, and its answer if one came. */
  asked: boolean;
  answer?: 'allow' | 'deny';
}

/** One turn of one agent. Times are the run's (ms from its start). */
export interface TurnLog {
  /** The Agent call of a sub-agent; absent for the main agent. */
  agent?: string;
  index: number;
  startedAt: number;
  /** By block index. */
  blocks: Map<number, BlockLog>;
  /** In arrival order. */
  calls: CallLog[];
  streamEnd: { at: number; reason: StreamEnd } | null;
  /** The latest event seen for the turn (where a turn that never ended stops). */
  lastAt: number;
}

/** A run's event log sorted into turns: the main agent's, and each sub-agent's under its Agent call. */
export interface RunLog {
  main: TurnLog[];
  agents: Map<string, TurnLog[]>;
  /** The workspace's files when the run ended. */
  files: Record<string, string>;
}

/** Sorts a run's events into turns, blocks and calls (events it cannot place are left out). */
export function readRunLog(events: readonly RunEvent[]): RunLog {
  const log: RunLog = { main: [], agents: new Map(), files: {} };
  const turns = new Map<string, TurnLog>();
  const calls = new Map<string, { call: CallLog; turn: TurnLog }>();
  const key = (agent: string | undefined, turn: number) => `${agent ?? ''}#${turn}`;
  const touch = (turn: TurnLog | undefined, at: number) => {
    if (turn && at > turn.lastAt) turn.lastAt = at;
    return turn;
  };
  const turnOf = (event: { turn: number; agent?: string; at: number }) => touch(turns.get(key(event.agent, event.turn)), event.at);
  const callOf = (event: { id: string; at: number }) => {
    const found = calls.get(event.id);
    touch(found?.turn, event.at);
    return found?.call;
  };

  for (const event of events) {
    switch (event.type) {
      case 'turn_started': {
        const turn: TurnLog = { index: event.turn, startedAt: event.at, blocks: new Map(), calls: [], streamEnd: null, lastAt: event.at };
        if (event.agent !== undefined) turn.agent = event.agent;
        turns.set(key(event.agent, event.turn), turn);
        if (event.agent === undefined) log.main.push(turn);
        else {
          const list = log.agents.get(event.agent) ?? [];
          list.push(turn);
          log.agents.set(event.agent, list);
        }
        break;
      }
      case 'block_started': {
        const block: BlockLog = { index: event.index, kind: event.kind, startedAt: event.at, stoppedAt: null, text: '' };
        if (event.id !== undefined) block.id = event.id;
        if (event.name !== undefined) block.name = event.name;
        turnOf(event)?.blocks.set(event.index, block);
        break;
      }
      case 'block_delta': {
        const block = turnOf(event)?.blocks.get(event.index);
        if (block) block.text += event.text;
        break;
      }
      case 'block_stopped': {
        const block = turnOf(event)?.blocks.get(event.index);
        if (block) block.stoppedAt = event.at;
        break;
      }
      case 'stream_ended': {
        const turn = turnOf(event);
        if (turn) turn.streamEnd = { at: event.at, reason: event.reason };
        break;
      }
      case 'call_queued': {
        const turn = turnOf(event);
        if (!turn) break;
        const call: CallLog = { id: event.id, name: event.name, input: event.input, batch: event.batch, queuedAt: event.at, completedAt: null, outcome: null, asked: false };
        turn.calls.push(call);
        calls.set(event.id, { call, turn });
        break;
      }
      case 'permission_asked': {
        const call = callOf(event);
        if (call) call.asked = true;
        break;
      }
      case 'permission_answered': {
        const call = callOf(event);
        if (call) call.answer = event.answer;
        break;
      }
      case 'call_completed': {
        const call = callOf(event);
        if (!call) break;
        call.outcome = event.outcome;
        // A call finished before a fallback is discarded afterwards; it keeps when it finished.
        call.completedAt ??= event.at;
        break;
      }
      case 'call_waiting':
      case 'call_started':
      case 'call_running':
      case 'call_progress':
      case 'call_yielded':
        callOf(event);
        break;
      case 'turn_ended':
      case 'model_notice':
        turnOf(event);
        break;
      case 'run_ended':
        log.files = event.files;
        break;
      default:
        break;
    }
  }
  return log;
}

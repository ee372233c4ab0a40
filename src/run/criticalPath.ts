import type { CallRecord, RunRecord, TurnRecord } from './record';
import { STREAM_SOURCE, TurnIndex } from './causeLinks';

/*
 * The critical path: the chain of calls and streams that set the run's length. Walked back from
 * the end of the last turn: a turn ends with its last result handed back (or its stream, when
 * that ends later); a call's yield was held by the call it waited for, or else its start was set
 * by what it last waited on (the blocker that let go last), or else by its block closing in the
 * stream; a turn's stream starts when the turn before it ended.
 */

/** The chain that set the run's length. */
export interface CriticalPath {
  /** The calls on it. */
  readonly calls: ReadonlySet<string>;
  /** The turns whose stream is on it, keyed `agent/turn` (`/turn` for the main agent). */
  readonly streams: ReadonlySet<string>;
  /** The causes on it, keyed `from>to`. */
  readonly links: ReadonlySet<string>;
}

/** The key of a link on the path. */
export function pathLinkKey(from: string, to: string): string {
  return `${from}>${to}`;
}

/** When a call stopped counting: its yield, else its completion. */
function endOf(call: CallRecord): number | null {
  return call.yieldedAt ?? call.completedAt;
}

/** The critical path of a run (of the part recorded so far). */
export function criticalPath(record: RunRecord): CriticalPath {
  const calls = new Set<string>();
  const streams = new Set<string>();
  const links = new Set<string>();
  const turns = record.turns;

  const turnEnd = (index: number, budget: { steps: number }): void => {
    const turn = turns[index];
    if (!turn) return;
    let last: CallRecord | null = null;
    for (const call of turn.calls) {
      const end = endOf(call);
      if (end !== null && (last === null || end >= endOf(last)!)) last = call;
    }
    const streamEnd = turn.streamEndedAt ?? record.endedAt;
    if (last && endOf(last)! >= streamEnd) callChain(last, turn, index, budget);
    else streamChain(turn, index, budget);
  };

  const streamChain = (turn: TurnRecord, index: number, budget: { steps: number }): void => {
    streams.add(`${turn.agent ?? ''}/${turn.index}`);
    if (index > 0) turnEnd(index - 1, budget);
  };

  const callChain = (start: CallRecord, turn: TurnRecord, turnIndex: number, budget: { steps: number }): void => {
    const index = new TurnIndex(turn.calls);
    const byId = new Map(turn.calls.map((call) => [call.id, call]));
    let call: CallRecord | undefined = start;
    let first: CallRecord = start;
    while (call && budget.steps-- > 0) {
      first = call;
      calls.add(call.id);
      const current: CallRecord = call;
      // A held yield: the call it waited for set its end.
      const held = current.waits.find((wait) => wait.cause.kind === 'yield-order' && wait.to !== null && wait.to === current.yieldedAt);
      if (held && held.cause.kind === 'yield-order') {
        links.add(pathLinkKey(held.cause.waitingFor, current.id));
        call = byId.get(held.cause.waitingFor);
        continue;
      }
      // Its start: what it last waited on before it began executing.
      const started = current.executingAt ?? current.completedAt;
      let lastWait = null;
      for (const wait of current.waits) {
        if (wait.cause.kind === 'yield-order' || wait.cause.kind === 'permission' || wait.to === null || started === null || wait.to > started) continue;
        if (!lastWait || wait.to >= lastWait.to!) lastWait = wait;
      }
      if (!lastWait) break;
      const sources = index.sources(lastWait, current);
      if (sources.includes(STREAM_SOURCE)) break;
      // The blocker that let go last: the latest to finish (or start, for one queued ahead) by the wait's end.
      let next: CallRecord | undefined;
      let nextAt = -Infinity;
      for (const id of sources) {
        const source = byId.get(id);
        if (!source) continue;
        const released = source.completedAt !== null && source.completedAt <= lastWait.to! ? source.completedAt : (source.executingAt ?? -Infinity);
        if (released >= nextAt) {
          next = source;
          nextAt = released;
        }
      }
      if (!next) break;
      links.add(pathLinkKey(next.id, current.id));
      call = next;
    }
    // The first call of the chain started when its block closed: the stream is on the path.
    links.add(pathLinkKey(STREAM_SOURCE, first.id));
    streamChain(turn, turnIndex, budget);
  };

  // Sub-agents' turns are their Agent call's business: the path runs through the main agent's turns.
  if (turns.length > 0) turnEnd(turns.length - 1, { steps: 100_000 });
  return { calls, streams, links };
}

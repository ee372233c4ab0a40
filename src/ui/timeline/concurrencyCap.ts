import type { RunRecord, TurnRecord } from '../../run/record';

/** The cap a record without one ran under (the seed policy's, the default). */
export const DEFAULT_MAX_CONCURRENCY = 10;

/** A stretch of time in which a turn's executing concurrency-safe calls filled the cap. */
export interface CapMoment {
  /** When the cap was reached. */
  readonly at: number;
  /** When a call ended and the count fell below the cap again. */
  readonly until: number;
  /** The cap is still full: `until` is the `nowMs` it was computed at. */
  readonly open: boolean;
  readonly turn: number;
  readonly agent?: string;
  /** The most calls executing at once in the stretch (above the cap only in the `parallel` strategy). */
  readonly peak: number;
  readonly cap: number;
}

/**
 * The run's cap, as the engine resolved it (`schedule.cap`; `Infinity` for none, as under the
 * `parallel` strategy). A record from before the schedule was recorded: `settings.maxConcurrency`
 * when it is a positive number, `Infinity` for `none`, else the default.
 */
export function maxConcurrencyOf(record: RunRecord): number {
  if (record.schedule) return record.schedule.cap ?? Infinity;
  const value = record.settings.maxConcurrency;
  if (value === 'none') return Infinity;
  return typeof value === 'number' && value > 0 ? value : DEFAULT_MAX_CONCURRENCY;
}

/**
 * When the cap was reached, turn by turn (each turn, and each sub-agent, has its own scheduler):
 * the count of concurrency-safe calls between `executingAt` and `completedAt` (or on, if unfinished),
 * swept over time. A call that ends at the moment another starts keeps the stretch going.
 */
export function capMoments(record: RunRecord, nowMs: number): CapMoment[] {
  const cap = maxConcurrencyOf(record);
  const moments: CapMoment[] = [];
  const visit = (turn: TurnRecord): void => {
    const edges: { at: number; delta: 1 | -1 }[] = [];
    for (const call of turn.calls) {
      if (call.concurrencySafe && call.executingAt !== null) {
        edges.push({ at: call.executingAt, delta: 1 });
        // An unfinished call holds its slot: a stretch it keeps full stays open.
        if (call.completedAt !== null) edges.push({ at: Math.max(call.executingAt, call.completedAt), delta: -1 });
      }
      for (const child of call.children ?? []) visit(child);
    }
    edges.sort((a, b) => a.at - b.at);
    let count = 0;
    let current: { at: number; peak: number } | null = null;
    for (let i = 0; i < edges.length; ) {
      // All edges of one moment at once: a call ending as another starts leaves the cap full.
      const at = edges[i]!.at;
      for (; i < edges.length && edges[i]!.at === at; i++) count += edges[i]!.delta;
      if (count >= cap) {
        if (current) current.peak = Math.max(current.peak, count);
        else current = { at, peak: count };
      } else if (current) {
        moments.push(momentOf(current, at, false, turn, cap));
        current = null;
      }
    }
    if (current) moments.push(momentOf(current, Math.max(current.at, nowMs), true, turn, cap));
  };
  for (const turn of record.turns) visit(turn);
  return moments.sort((a, b) => a.at - b.at);
}

function momentOf(current: { at: number; peak: number }, until: number, open: boolean, turn: TurnRecord, cap: number): CapMoment {
  return {
    at: current.at,
    until,
    open,
    turn: turn.index,
    ...(turn.agent !== undefined ? { agent: turn.agent } : {}),
    peak: current.peak,
    cap,
  };
}

import { MAX_SCENARIO_MS } from '../schema';
import type { LogProblem } from './logLines';
import type { LoggedAgent, LoggedCall, SessionLog } from './sessionLog';

/**
 * Long stretches in which a log shows nothing, folded so that the session still imports. A session
 * resumed weeks later (`claude --resume` appends to the same file), a clock that jumped, a line
 * stamped in the year 9999 or 1970: the times would run past what a scenario holds (about 11.6
 * days) and the whole log was refused. Each stretch longer than a fold's threshold is shortened
 * to {@link FOLDED_MS}, every time after it moved back by the same amount, so the order and every
 * other interval are as the log has them; the line after each fold is named with how long the
 * stretch really was. The thresholds go down from a day only while the session is still too long.
 */
export const FOLDED_MS = 60_000;
const THRESHOLDS_MS = [24 * 3_600_000, 3_600_000, 10 * 60_000];

/** One stretch folded: it ran from `from` to `to` in the log's times, and lost `removedMs`. */
export interface IdleFold {
  readonly from: number;
  readonly to: number;
  readonly removedMs: number;
  /** The line of the first event after it (0 when the log does not say). */
  readonly line: number;
}

/** `session` with its long idle stretches folded, and the folds (none when its span fits). */
export function foldIdle(session: SessionLog): { session: SessionLog; folds: IdleFold[] } {
  const moments = momentsOf(session);
  if (moments.length === 0) return { session, folds: [] };
  const span = moments.at(-1)!.at - Math.min(session.origin, moments[0]!.at);
  if (span <= MAX_SCENARIO_MS) return { session, folds: [] };
  let folds: IdleFold[] = [];
  for (const threshold of THRESHOLDS_MS) {
    folds = foldsOver(moments, threshold);
    const removed = folds.reduce((sum, fold) => sum + fold.removedMs, 0);
    if (span - removed <= MAX_SCENARIO_MS) break;
  }
  if (folds.length === 0) return { session, folds };
  const shift = shiftFor(folds);
  return { session: shiftedSession(session, shift), folds };
}

/** The folds as problems of `source`, one at the line after each stretch. */
export function foldProblems(folds: readonly IdleFold[], source: string): LogProblem[] {
  return folds.map((fold) => ({
    source,
    line: fold.line,
    message: `nothing happened in the log for ${durationText(fold.to - fold.from)} before this line (a session resumed later, or a clock that jumped): that stretch is folded to ${durationText(FOLDED_MS)} in the replay's times`,
  }));
}

/** How long, in the largest unit that reads well: `14 days`, `3.5 hours`, `1 minute`. */
export function durationText(ms: number): string {
  const units: [number, string][] = [
    [365.25 * 86_400_000, 'year'],
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  for (const [size, name] of units) {
    if (ms < size) continue;
    const count = ms / size;
    const shown = count >= 10 ? Math.round(count).toLocaleString('en') : String(Math.round(count * 10) / 10);
    return `${shown} ${name}${shown === '1' ? '' : 's'}`;
  }
  return `${Math.round(ms)} ms`;
}

interface Moment {
  readonly at: number;
  readonly line: number;
}

/** Every time the log gives, sorted, with the line it comes from where known. */
function momentsOf(session: SessionLog): Moment[] {
  const found: Moment[] = [];
  const add = (at: number | undefined, line = 0) => {
    if (at !== undefined && Number.isFinite(at)) found.push({ at, line });
  };
  for (const agent of [session.main, ...session.agents.values()]) {
    for (const response of agent.responses) for (const block of response.blocks) add(block.at, block.line);
    for (const call of agent.calls.values()) {
      add(call.closedAt);
      add(call.startedAt);
      add(call.ranAt?.earliest);
      add(call.ranAt?.latest);
      add(call.endedAt, call.result?.line);
    }
  }
  return found.sort((a, b) => a.at - b.at || a.line - b.line);
}

function foldsOver(moments: readonly Moment[], threshold: number): IdleFold[] {
  const folds: IdleFold[] = [];
  for (let i = 1; i < moments.length; i++) {
    const gap = moments[i]!.at - moments[i - 1]!.at;
    if (gap > threshold) folds.push({ from: moments[i - 1]!.at, to: moments[i]!.at, removedMs: gap - FOLDED_MS, line: moments[i]!.line });
  }
  return folds;
}

/** The time `at` after the folds: moved back by every fold that ended at or before it (a binary search: a log may have thousands). */
function shiftFor(folds: readonly IdleFold[]): (at: number) => number {
  const ends = folds.map((fold) => fold.to);
  const removedBy: number[] = [];
  let removed = 0;
  for (const fold of folds) removedBy.push((removed += fold.removedMs));
  return (at) => {
    let low = 0;
    let high = ends.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (ends[middle]! <= at) low = middle + 1;
      else high = middle;
    }
    return low === 0 ? at : at - removedBy[low - 1]!;
  };
}

function shiftedSession(session: SessionLog, shift: (at: number) => number): SessionLog {
  const shiftAgent = (agent: LoggedAgent): LoggedAgent => ({
    ...agent,
    responses: agent.responses.map((response) => ({ ...response, blocks: response.blocks.map((block) => ({ ...block, at: shift(block.at) })) })),
    calls: new Map([...agent.calls].map(([id, call]) => [id, shiftCall(call, shift)])),
  });
  return {
    ...session,
    origin: shift(session.origin),
    main: shiftAgent(session.main),
    agents: new Map([...session.agents].map(([id, agent]) => [id, shiftAgent(agent)])),
  };
}

function shiftCall(call: LoggedCall, shift: (at: number) => number): LoggedCall {
  return {
    ...call,
    closedAt: shift(call.closedAt),
    ...(call.startedAt !== undefined ? { startedAt: shift(call.startedAt) } : {}),
    ...(call.ranAt !== undefined ? { ranAt: { earliest: shift(call.ranAt.earliest), latest: shift(call.ranAt.latest) } } : {}),
    ...(call.endedAt !== undefined ? { endedAt: shift(call.endedAt) } : {}),
  };
}

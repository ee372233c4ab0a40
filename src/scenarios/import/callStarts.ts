import { nextStarts, type SchedulingCall, type StartTiming } from '../../tools/orchestration/startRule';
import type { Observed } from '../schema';

/** One call of a response, as the log times it, for {@link inferStarts}. */
export interface TimedCall {
  readonly id: string;
  /** When its block closed: the model had written the whole call. */
  readonly closedAt: number;
  /** When it ended, where the log says (its result, or later where the log shows it ran on); with `durationMs`, the latest it ended. */
  readonly endedAt: number | undefined;
  /** How long it ran once started, where the log says: it ended this long after its start, or at `endedAt` if sooner. */
  readonly durationMs?: number;
  /** When the agent started it, where the log itself witnesses that (its own start event, a hook's first line). */
  readonly startedAt: number | undefined;
  /** Whether it may run beside others, under the agent's rules. */
  readonly concurrent: boolean;
}

/** The agent's rules for when a response's calls may start (its preset's). */
export interface StartRules {
  readonly timing: StartTiming;
  /** At most this many at once (`Infinity`: no cap). */
  readonly cap: number;
  /** When the response finished streaming (its last block). */
  readonly streamEndedAt: number;
}

/**
 * How a call's start is known: the log says it (`log`), or the agent's own rules give it from
 * when its block closed and when the calls ahead of it really ended (`rules`); `inconsistent`
 * where the rules would start it only after it had ended (the log shows it ran sooner than the
 * rules allow: a call the agent judged safe that the playground does not, say), so it is taken to
 * start as soon as it was ready.
 */
export type StartWitness = NonNullable<Observed['calls'][string]['startWitness']>;

export interface InferredStart {
  readonly startedAt: number;
  readonly witness: StartWitness;
  /** When it ended, by its start and its duration where the log gives a duration; else its `endedAt`. */
  readonly endedAt: number | undefined;
}

/** When a call started at `at` ended: its duration after the start, its result's line at the latest. */
function endOf(call: TimedCall, at: number): number {
  if (call.durationMs === undefined) return call.endedAt ?? Infinity;
  return Math.min(call.endedAt ?? Infinity, at + call.durationMs);
}

interface SimCall extends SchedulingCall {
  readonly timed: TimedCall;
  readonly readyAt: number;
}

/**
 * When each call of one response started (design.md, Sessions: when a call started). Where the
 * log witnesses a start it stands; every other start is the agent's own start rule (the engine's
 * `nextStarts`) run over the response with the real end of every call: a call starts once it is
 * ready (its block closed, or the whole response streamed under `after-stream` timing) and the
 * calls in its way have really ended. So a call the agent held behind an unsafe call starts when
 * that call ended, not when its own block closed, and its recorded duration is its own.
 */
export function inferStarts(calls: readonly TimedCall[], rules: StartRules): Map<string, InferredStart> {
  const starts = new Map<string, InferredStart>();
  const sims: SimCall[] = calls.map((timed, index) => ({
    id: timed.id,
    timed,
    concurrent: timed.concurrent,
    batch: index,
    readyAt: rules.timing === 'after-stream' ? Math.max(timed.closedAt, rules.streamEndedAt) : timed.closedAt,
  }));
  const queued: SimCall[] = [];
  const executing = new Map<SimCall, number>();
  let next = 0;
  let last = -Infinity;
  const start = (call: SimCall, at: number, witness: StartWitness) => {
    const end = endOf(call.timed, at);
    starts.set(call.id, { startedAt: at, witness, endedAt: Number.isFinite(end) ? Math.max(end, at) : undefined });
    const index = queued.indexOf(call);
    if (index >= 0) queued.splice(index, 1);
    if (end > at) executing.set(call, end);
  };
  for (let guard = 0; guard <= 4 * sims.length + 4 && starts.size < sims.length; guard++) {
    // The next moment anything happens: an arrival, a witnessed start, an end, the stream's end.
    const times: number[] = [];
    if (next < sims.length) times.push(sims[next]!.timed.closedAt);
    for (const call of queued) {
      if (call.timed.startedAt !== undefined) times.push(call.timed.startedAt);
      if (call.timed.endedAt !== undefined) times.push(call.timed.endedAt);
    }
    for (const end of executing.values()) if (Number.isFinite(end)) times.push(end);
    if (rules.timing === 'after-stream' && rules.streamEndedAt > last) times.push(rules.streamEndedAt);
    const now = Math.max(last, Math.min(...times.filter((time) => Number.isFinite(time))));
    if (!Number.isFinite(now)) break;
    last = now;
    while (next < sims.length && sims[next]!.timed.closedAt <= now) queued.push(sims[next++]!);
    for (const [call, end] of executing) if (end <= now) executing.delete(call);
    for (const call of [...queued]) {
      if (call.timed.startedAt !== undefined && call.timed.startedAt <= now) start(call, call.timed.startedAt, 'log');
    }
    const decision = nextStarts({
      queued: queued.filter((call) => call.timed.startedAt === undefined),
      executing: executing.keys(),
      cap: rules.cap,
      timing: rules.timing,
      streamOpen: rules.timing === 'after-stream' && now < rules.streamEndedAt,
    });
    for (const call of decision.starts) start(call, Math.max(now, call.readyAt), 'rules');
    // A call that ended before the rules let it start ran sooner than they allow.
    for (const call of [...queued]) {
      const end = call.timed.endedAt;
      if (call.timed.startedAt === undefined && end !== undefined && end <= now) start(call, Math.min(call.readyAt, end), 'inconsistent');
    }
  }
  // What never started (its blockers never ended: the log stops first) started when it was ready.
  for (const call of sims) {
    if (starts.has(call.id)) continue;
    const at = call.timed.startedAt ?? call.readyAt;
    const ended = endOf(call.timed, at);
    starts.set(call.id, { startedAt: at, witness: call.timed.startedAt !== undefined ? 'log' : 'rules', endedAt: Number.isFinite(ended) ? ended : undefined });
  }
  return starts;
}

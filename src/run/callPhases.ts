import type { CallRecord } from './record';

/**
 * What a call was doing over one stretch of time: queued until it starts executing; then in
 * simulated latency and the pipeline's checks until the tool really runs, with a permission ask
 * (`asking`) inside when there was one; then `executing` until it completes; then, unless it was
 * discarded, awaiting its yield.
 */
export type PhaseKind = 'queued' | 'latency' | 'asking' | 'executing' | 'completed-awaiting-yield';

/** One stretch of a call's life. */
export interface PhaseSpan {
  readonly kind: PhaseKind;
  readonly from: number;
  readonly to: number;
  /** The stretch goes on: `to` is the `now` it was laid out at. */
  readonly open: boolean;
}

function phase(kind: PhaseKind, from: number, to: number | null, now: number): PhaseSpan {
  return { kind, from, to: to ?? Math.max(from, now), open: to === null };
}

/**
 * A call's phases in time order, without overlaps, as of `now` (unfinished stretches end there and
 * are marked `open`). A stretch that took no time is left out, except `executing`: a tool that ran
 * in an instant still ran. The page's lanes, the text timeline and the Chrome trace all draw these.
 */
export function callPhases(call: CallRecord, now: number): PhaseSpan[] {
  const phases: PhaseSpan[] = [];
  const { queuedAt, executingAt, runStartedAt, completedAt, yieldedAt, permission } = call;
  const queued = phase('queued', queuedAt, executingAt ?? completedAt, now);
  if (queued.open || queued.to > queued.from) phases.push(queued);
  if (executingAt !== null) {
    // Latency and checks until the tool really runs (or settles without running), minus the ask.
    const checksEnd = runStartedAt ?? completedAt;
    const checks = phase('latency', executingAt, checksEnd, now);
    if (permission && permission.askedAt >= executingAt && permission.askedAt <= checks.to) {
      const askEnd = permission.answeredAt ?? completedAt;
      const ask = phase('asking', permission.askedAt, askEnd === null ? null : Math.min(askEnd, checks.to), now);
      if (ask.from > checks.from) phases.push({ ...checks, to: ask.from, open: false });
      phases.push(ask);
      if (!ask.open && (checks.open || checks.to > ask.to)) phases.push({ ...checks, from: ask.to });
    } else if (checks.open || checks.to > checks.from) phases.push(checks);
  }
  if (runStartedAt !== null) phases.push(phase('executing', runStartedAt, completedAt, now));
  if (completedAt !== null && call.outcome !== 'discarded') {
    const awaiting = phase('completed-awaiting-yield', completedAt, yieldedAt, now);
    if (awaiting.open || awaiting.to > awaiting.from) phases.push(awaiting);
  }
  return phases;
}

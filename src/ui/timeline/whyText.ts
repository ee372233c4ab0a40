import { callPhases } from '../../run/callPhases';
import type { CallRecord, TurnRecord, WaitRecord } from '../../run/record';
import { waitSentence } from '../../run/waitText';
import { labelCall } from '../../tools/orchestration/callLabel';
import { formatMs } from './axisTicks';
import { CAP_SOURCE, STREAM_SOURCE, waitSources, type CauseLink } from '../../run/causeLinks';

/*
 * The answer under the timeline to "why?" for a lane (or one moment of it): one sentence, made
 * from the record's wait causes through `waitSentence`, naming the calls in the way, and the ids
 * of those calls, for the page to highlight.
 */

/** What the page says about a lane, and the lanes it points at. */
export interface WhyAnswer {
  readonly text: string;
  /** The calls in the way (their lanes are highlighted). */
  readonly blockers: readonly string[];
}

/** The wait sentence without its leading "waiting: " (the answer says "waited" itself). */
function reasonOf(wait: WaitRecord, calls: readonly CallRecord[]): string {
  return waitSentence(wait, calls).replace(/^waiting: /, '');
}

function span(from: number, to: number | null): string {
  return `${formatMs(from)}–${to === null ? 'now' : formatMs(to)}`;
}

/** The calls the links into `call` name, for the waits in `waits` (or its cancellation). */
function blockersOf(links: readonly CauseLink[], call: CallRecord, kinds: ReadonlySet<string>): string[] {
  const ids = links.filter((link) => link.to === call.id && kinds.has(link.kind) && link.from !== STREAM_SOURCE && link.from !== CAP_SOURCE).map((link) => link.from);
  return [...new Set(ids)];
}

/** What the call was doing at `at`, when it was not waiting on anything. */
function phaseSentence(call: CallRecord, at: number, now: number): string | null {
  const label = labelCall(call);
  const phase = callPhases(call, now).find((candidate) => candidate.from <= at && (at < candidate.to || candidate.open));
  if (!phase) {
    if (call.yieldedAt !== null && at >= call.yieldedAt) return `${label} was handed back at ${formatMs(call.yieldedAt)}.`;
    return null;
  }
  const took = formatMs(phase.to - phase.from);
  switch (phase.kind) {
    case 'queued':
      return `${label} was queued at ${formatMs(call.queuedAt)}, as soon as its block closed in the stream.`;
    case 'latency':
      return `${label} was in its simulated latency and checks for ${took}: scripted time, not real work.`;
    case 'asking':
      return `${label} was asking for permission for ${took}${call.permission?.answer ? ` (answered ${call.permission.answer})` : ''}.`;
    case 'executing':
      return `${label} was running its tool for ${took}: real work, at its real pace.`;
    case 'completed-awaiting-yield':
      return `${label} had finished and was waiting to be handed back.`;
  }
}

/**
 * Why `call` waited: at moment `at` (a click on its lane), or over its whole life (focus). The
 * waits are said in order with their times; a cancelled call names the failed call; a call that
 * never waited says so. `calls` are its turn's calls (the names in the sentences); `links` the
 * run's causes (`causeLinks`).
 */
export function whyAnswer(call: CallRecord, calls: readonly CallRecord[], links: readonly CauseLink[], options: { at?: number; now?: number } = {}): WhyAnswer {
  const label = labelCall(call);
  const now = options.now ?? Math.max(call.yieldedAt ?? call.completedAt ?? call.queuedAt, call.queuedAt);
  const waits = call.waits.filter((wait) => wait.cause.kind !== 'permission');
  const at = options.at;
  if (at !== undefined) {
    const wait = waits.find((candidate) => candidate.from <= at && (candidate.to === null || at < candidate.to));
    if (wait) {
      return {
        text: `${label} waited ${span(wait.from, wait.to)}: ${reasonOf(wait, calls)}.`,
        blockers: waitSources(wait, call, calls).filter((id) => id !== STREAM_SOURCE && id !== CAP_SOURCE),
      };
    }
    const said = phaseSentence(call, at, now);
    if (said !== null) return { text: said, blockers: [] };
  }
  if (call.outcome === 'cancelled') {
    const failed = links.find((link) => link.to === call.id && link.kind === 'cancelled');
    const by = failed ? calls.find((other) => other.id === failed.from) : undefined;
    return {
      text: by
        ? `${label} was cancelled at ${formatMs(call.completedAt ?? 0)}: ${labelCall(by)} failed, and its error cancelled the calls beside it.`
        : `${label} was cancelled at ${formatMs(call.completedAt ?? 0)}.`,
      blockers: by ? [by.id] : [],
    };
  }
  if (waits.length === 0) {
    const started = call.executingAt;
    return {
      text:
        started !== null
          ? `${label} did not wait: it started at ${formatMs(started)}, as soon as its block closed in the stream.`
          : `${label} has not started yet and nothing is recorded in its way.`,
      blockers: [],
    };
  }
  // Consecutive waits that say the same thing are said once, over their whole stretch.
  const stretches: { from: number; to: number | null; reason: string }[] = [];
  for (const wait of waits) {
    const reason = reasonOf(wait, calls);
    const last = stretches[stretches.length - 1];
    if (last && last.reason === reason && last.to === wait.from) last.to = wait.to;
    else stretches.push({ from: wait.from, to: wait.to, reason });
  }
  const merged = stretches.map((stretch, i) => `${i === 0 ? '' : 'then '}${span(stretch.from, stretch.to)}: ${stretch.reason}`);
  return {
    text: `${label} waited ${merged.join('; ')}.`,
    blockers: blockersOf(links, call, new Set(waits.map((wait) => wait.cause.kind))),
  };
}

/** The calls of the turn `id` belongs to (a sub-agent's turn too), or `[]`. */
export function turnCallsOf(turns: readonly TurnRecord[], id: string): readonly CallRecord[] {
  for (const turn of turns) {
    if (turn.calls.some((call) => call.id === id)) return turn.calls;
    for (const call of turn.calls) {
      const found = call.children ? turnCallsOf(call.children, id) : [];
      if (found.length > 0) return found;
    }
  }
  return [];
}

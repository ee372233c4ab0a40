import { batchName } from './batchName';

/**
 * Why a call waits, as data. The scheduler records a cause for every wait; the sentence people
 * read is made from it in one place ({@link describeWait}), and the page points at the calls a
 * cause names. Ids are `tool_use` ids of the same turn.
 */
export type WaitCause =
  /** An unsafe call queued earlier has not started yet, and nothing may overtake it. */
  | { readonly kind: 'unsafe-ahead'; readonly blockers: readonly string[] }
  /** An unsafe call is executing, and it runs alone. */
  | { readonly kind: 'unsafe-running'; readonly blockers: readonly string[] }
  /** This call is unsafe: it must run alone, so it waits for the executing calls to finish. */
  | { readonly kind: 'runs-alone'; readonly executing: readonly string[] }
  /** `cap` calls are executing (the ones named, when the wait began). */
  | { readonly kind: 'cap'; readonly cap: number; readonly executing: readonly string[] }
  /** The strategy starts tools only once the model's response has finished streaming. */
  | { readonly kind: 'stream-open' }
  /** Batches run one after another: this call's batch starts when batch `batch` has finished. */
  | { readonly kind: 'previous-batch'; readonly batch: number }
  /** The call asked for permission and waits for the answer. */
  | { readonly kind: 'permission' }
  /** The call has its result, but an earlier call's result must be handed back first. */
  | { readonly kind: 'yield-order'; readonly waitingFor: string };

export type WaitCauseKind = WaitCause['kind'];

/** Every kind of cause, in the order a legend lists them. */
export const WAIT_CAUSE_KINDS: readonly WaitCauseKind[] = [
  'unsafe-ahead',
  'unsafe-running',
  'runs-alone',
  'cap',
  'stream-open',
  'previous-batch',
  'permission',
  'yield-order',
];

/** The calls a cause points at (the blocking lanes), in the order it names them. */
export function causeBlockers(cause: WaitCause): readonly string[] {
  switch (cause.kind) {
    case 'unsafe-ahead':
    case 'unsafe-running':
      return cause.blockers;
    case 'runs-alone':
    case 'cap':
      return cause.executing;
    case 'yield-order':
      return [cause.waitingFor];
    case 'stream-open':
    case 'previous-batch':
    case 'permission':
      return [];
    default: {
      const exhaustive: never = cause;
      return exhaustive;
    }
  }
}

/** Whether two causes say the same thing (a scheduler records a wait only when its cause changes). */
export function sameCause(a: WaitCause, b: WaitCause): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind) return false;
  if (a.kind === 'cap' && b.kind === 'cap' && a.cap !== b.cap) return false;
  if (a.kind === 'previous-batch' && b.kind === 'previous-batch') return a.batch === b.batch;
  const left = causeBlockers(a);
  const right = causeBlockers(b);
  return left.length === right.length && left.every((id, i) => id === right[i]);
}

/**
 * The sentence for a cause, as the page, the text timeline and the record's `reason` show it.
 * `label` names a call by id (e.g. `Bash(npm test)`).
 */
export function describeWait(cause: WaitCause, label: (id: string) => string): string {
  switch (cause.kind) {
    case 'unsafe-ahead':
      return `waiting: ${names(cause.blockers, label)} is not concurrency-safe and was queued earlier; nothing may overtake it`;
    case 'unsafe-running':
      return `waiting: ${names(cause.blockers, label)} is not concurrency-safe and is executing`;
    case 'runs-alone':
      return `waiting: this call is not concurrency-safe and must run alone; ${cause.executing.length} call(s) still executing (${names(cause.executing, label)})`;
    case 'cap':
      return `waiting: the concurrency cap of ${cause.cap} is reached (${names(cause.executing, label)})`;
    case 'stream-open':
      return 'waiting: this strategy starts tools only after the model has finished streaming';
    case 'previous-batch':
      return `waiting: batches run one after another; ${batchName(cause.batch + 1)} starts when ${batchName(cause.batch)} has finished`;
    case 'permission':
      return 'waiting: for permission to run';
    case 'yield-order':
      return `waiting: finished, but results are handed back in order and ${label(cause.waitingFor)} has not been handed back yet`;
    default: {
      const exhaustive: never = cause;
      return exhaustive;
    }
  }
}

/** Up to three calls by label, then how many more. */
function names(ids: readonly string[], label: (id: string) => string): string {
  const shown = ids.slice(0, 3).map(label).join(', ');
  return ids.length > 3 ? `${shown} and ${ids.length - 3} more` : shown;
}

import type { CallRecord, RunRecord, TurnRecord, WaitRecord } from './record';
import type { CascadePolicy } from '../tools/orchestration/strategy';
import { causeBlockers, type WaitCause, type WaitCauseKind } from '../tools/orchestration/waitCause';

/*
 * The causes the timeline draws as connectors, as data: for every wait, from the lane(s) in the
 * way to the waiting lane; from a failed call to every call the cascade cancelled; from the
 * stream to each call its block brought. Derived from the record alone, so the page, the SVG
 * export and the tests all draw the same links.
 */

/** What a link says: a wait's cause kind, a cancellation, or a stream block arriving as a call. */
export type CauseLinkKind = Exclude<WaitCauseKind, 'permission'> | 'cancelled' | 'stream-block';

/** One drawn cause: `from` held up (or cancelled, or brought) `to`. */
export interface CauseLink {
  readonly kind: CauseLinkKind;
  /** The blocking call's id; `stream` for the model's stream, `cap` when no call freed the slot. */
  readonly from: string;
  /** The waiting, cancelled or arriving call's id. */
  readonly to: string;
  /**
   * When to draw it: the moment the blocker let go (the wait's end, a cancellation, a block
   * closing); while the wait goes on, the moment it began.
   */
  readonly at: number;
  /** The wait goes on. */
  readonly open: boolean;
  /** When the source let go, where that differs from `at` (a call cancelled on arrival, after the error). */
  readonly fromAt?: number;
}

/** The `from` of a link that no call of the run stands for. */
export const STREAM_SOURCE = 'stream';
export const CAP_SOURCE = 'cap';

/** Which failed calls cancel their siblings: the run's `cascade` setting (`bash` when unset). */
export type Cascade = CascadePolicy;

const CASCADE_NAMES: readonly string[] = ['bash', 'any', 'every-error', 'every-error-but-read-only', 'none'] satisfies readonly Cascade[];

/** The run's cascade setting. */
export function cascadeOf(record: Pick<RunRecord, 'settings'>): Cascade {
  const value = record.settings.cascade;
  return typeof value === 'string' && CASCADE_NAMES.includes(value) ? (value as Cascade) : 'bash';
}

/**
 * Whether a finished call's outcome cancels its siblings under `cascade`, as the scheduler decides
 * it. The record does not say which calls only read: a concurrency-safe call stands for one.
 */
function cascadesFrom(call: CallRecord, cascade: Cascade): boolean {
  const anyError = call.outcome === 'error' || call.outcome === 'invalid' || call.outcome === 'denied';
  switch (cascade) {
    case 'bash':
      return call.outcome === 'error' && call.name === 'Bash';
    case 'any':
      return call.outcome === 'error';
    case 'every-error':
      return anyError;
    case 'every-error-but-read-only':
      return anyError && !call.concurrencySafe;
    case 'none':
      return false;
    default: {
      const exhaustive: never = cascade;
      return exhaustive;
    }
  }
}

/**
 * The call whose error cancelled `call` (outcome `cancelled`): the earliest call of the same turn
 * that completed with an `error` outcome at or before the cancellation, among the calls whose
 * error cascades under the run's `cascade` setting. `null` for any other call, or when
 * no such call is in the turn (a cancellation the record cannot explain).
 */
export function cancelledBy(call: CallRecord, turnCalls: readonly CallRecord[], cascade: Cascade = 'bash'): string | null {
  return new TurnIndex(turnCalls, cascade).cancelledBy(call);
}

/**
 * The call whose finish freed the slot a cap wait ended on at `at`: among the turn's
 * concurrency-safe calls that ran, the one that completed exactly then, else the latest to
 * complete before it. `null` when none had.
 */
export function capFreer(waiting: CallRecord, turnCalls: readonly CallRecord[], at: number): string | null {
  return new TurnIndex(turnCalls).capFreer(waiting, at);
}

/** The call of batch `batch` that finished last (its end let the next batch start). */
export function lastOfBatch(batch: number, turnCalls: readonly CallRecord[]): string | null {
  return new TurnIndex(turnCalls).lastOfBatch(batch);
}

/** One turn's calls indexed for the questions above, so a turn of 1,000 calls answers each in log time. */
export class TurnIndex {
  /** Concurrency-safe calls that ran and completed, by completion time. */
  private readonly finished: CallRecord[];
  private readonly firstError: CallRecord | null;
  private readonly batchEnds = new Map<number, CallRecord>();

  constructor(calls: readonly CallRecord[], cascade: Cascade = 'bash') {
    this.finished = calls.filter((call) => call.concurrencySafe && call.executingAt !== null && call.completedAt !== null);
    this.finished.sort((a, b) => a.completedAt! - b.completedAt!);
    let firstError: CallRecord | null = null;
    for (const call of calls) {
      if (call.completedAt === null) continue;
      if (cascadesFrom(call, cascade) && (!firstError || call.completedAt < firstError.completedAt!)) firstError = call;
      const last = this.batchEnds.get(call.batch);
      if (!last || call.completedAt >= last.completedAt!) this.batchEnds.set(call.batch, call);
    }
    this.firstError = firstError;
  }

  cancelledBy(call: CallRecord): string | null {
    if (call.outcome !== 'cancelled' || call.completedAt === null) return null;
    const failed = this.firstError;
    return failed && failed.id !== call.id && failed.completedAt! <= call.completedAt ? failed.id : null;
  }

  capFreer(waiting: CallRecord, at: number): string | null {
    // The last call completed at or before `at` (binary search), skipping the waiting call itself.
    let low = 0;
    let high = this.finished.length - 1;
    let index = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (this.finished[mid]!.completedAt! <= at) {
        index = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    for (; index >= 0; index--) if (this.finished[index]!.id !== waiting.id) return this.finished[index]!.id;
    return null;
  }

  /** When the first error that cascades landed. */
  firstErrorAt(): number | null {
    return this.firstError?.completedAt ?? null;
  }

  lastOfBatch(batch: number): string | null {
    return this.batchEnds.get(batch)?.id ?? null;
  }

  /** The calls a wait points at, with the slot's freer for a cap and the batch's last call for a batch. */
  sources(wait: WaitRecord, waiting: CallRecord): readonly string[] {
    const cause: WaitCause = wait.cause;
    switch (cause.kind) {
      case 'cap':
        return [(wait.to === null ? null : this.capFreer(waiting, wait.to)) ?? CAP_SOURCE];
      case 'previous-batch': {
        const last = this.lastOfBatch(cause.batch);
        return last ? [last] : [];
      }
      case 'stream-open':
        return [STREAM_SOURCE];
      case 'permission':
        return [];
      default:
        return causeBlockers(cause);
    }
  }
}

/** The calls a wait points at: its cause's blockers, the slot's freer for a cap, the previous batch's last call. */
export function waitSources(wait: WaitRecord, waiting: CallRecord, turnCalls: readonly CallRecord[]): readonly string[] {
  return new TurnIndex(turnCalls).sources(wait, waiting);
}

/** The links of one turn's calls (and its sub-agents'), added to `links`. */
function turnLinks(turn: TurnRecord, links: Map<string, CauseLink>, streamOwner: string, cascade: Cascade, only: ReadonlySet<string> | undefined): void {
  const index = new TurnIndex(turn.calls, cascade);
  const blockClosed = new Map<string, number>();
  for (const block of turn.blocks) if (block.kind === 'tool_use' && block.id !== undefined) blockClosed.set(block.id, block.stoppedAt ?? block.startedAt);
  const add = (link: CauseLink) => links.set(`${link.kind}|${link.from}|${link.to}`, link);
  for (const call of turn.calls) {
    if (!only || only.has(call.id)) {
      const closed = blockClosed.get(call.id);
      if (closed !== undefined) add({ kind: 'stream-block', from: streamOwner, to: call.id, at: Math.min(closed, call.queuedAt), open: false });
      for (const wait of call.waits) {
        if (wait.cause.kind === 'permission') continue;
        const kind = wait.cause.kind;
        // The last wait naming a blocker decides where its link is drawn: where it let go.
        for (const from of index.sources(wait, call)) add({ kind, from, to: call.id, at: wait.to ?? wait.from, open: wait.to === null });
      }
      const failed = index.cancelledBy(call);
      if (failed !== null) add({ kind: 'cancelled', from: failed, to: call.id, at: call.completedAt!, open: false, fromAt: index.firstErrorAt() ?? call.completedAt! });
    }
    for (const child of call.children ?? []) turnLinks(child, links, call.id, cascade, only);
  }
}

/**
 * Every cause of the run, one link per (kind, blocker, waiting call): waits, cancellations and
 * stream blocks. A sub-agent's blocks come from its Agent call's lane, where its stream is drawn.
 * With `only`, just the links into those calls (a long run draws the causes of the lanes in view).
 */
export function causeLinks(record: RunRecord, only?: ReadonlySet<string>): CauseLink[] {
  const links = new Map<string, CauseLink>();
  const cascade = cascadeOf(record);
  for (const turn of record.turns) turnLinks(turn, links, STREAM_SOURCE, cascade, only);
  return [...links.values()];
}

/** The links into `id` (what held it up), waits first, the stream's arrival last. */
export function linksInto(links: readonly CauseLink[], id: string): CauseLink[] {
  return links.filter((link) => link.to === id).sort((a, b) => Number(a.kind === 'stream-block') - Number(b.kind === 'stream-block') || a.at - b.at);
}

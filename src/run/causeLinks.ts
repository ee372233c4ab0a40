import type { CallRecord, RunRecord, TurnRecord, WaitRecord } from './record';
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

/**
 * The call whose error cancelled `call`: the engine's record of it (`cancelledBy`), set when the
 * cascade cancelled the call; `null` for any other call. Nothing here re-applies the cascade rule.
 */
export function cancelledBy(call: CallRecord): string | null {
  return call.outcome === 'cancelled' ? (call.cancelledBy ?? null) : null;
}

/** The call of batch `batch` that finished last (its end let the next batch start). */
export function lastOfBatch(batch: number, turnCalls: readonly CallRecord[]): string | null {
  return new TurnIndex(turnCalls).lastOfBatch(batch);
}

/** One turn's calls indexed for the questions above, so a turn of 1,000 calls answers each in log time. */
export class TurnIndex {
  private readonly batchEnds = new Map<number, CallRecord>();
  private readonly completedAt = new Map<string, number>();

  constructor(calls: readonly CallRecord[]) {
    for (const call of calls) {
      if (call.completedAt === null) continue;
      this.completedAt.set(call.id, call.completedAt);
      const last = this.batchEnds.get(call.batch);
      if (!last || call.completedAt >= last.completedAt!) this.batchEnds.set(call.batch, call);
    }
  }

  /** When a call of the turn completed (`null` while it has not). */
  completionOf(id: string): number | null {
    return this.completedAt.get(id) ?? null;
  }

  lastOfBatch(batch: number): string | null {
    return this.batchEnds.get(batch)?.id ?? null;
  }

  /**
   * The calls a wait points at: its cause's blockers; for a cap wait, the cap while it goes on and
   * the call whose end freed the slot (the engine's `freedBy`) once the call started; the batch's
   * last call for a batch.
   */
  sources(wait: WaitRecord, waiting: CallRecord): readonly string[] {
    const cause: WaitCause = wait.cause;
    switch (cause.kind) {
      case 'cap':
        // Open: the cap holds it. Ended with the call's start: the call that freed the slot. Ended
        // otherwise: the call moved on to its next wait (another cap wait, a barrier), which says why.
        if (wait.to === null) return [CAP_SOURCE];
        if (wait.to !== waiting.executingAt) return [];
        return [waiting.freedBy ?? CAP_SOURCE];
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
function turnLinks(turn: TurnRecord, links: Map<string, CauseLink>, streamOwner: string, only: ReadonlySet<string> | undefined): void {
  const index = new TurnIndex(turn.calls);
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
      const failed = cancelledBy(call);
      if (failed !== null && call.completedAt !== null) add({ kind: 'cancelled', from: failed, to: call.id, at: call.completedAt, open: false, fromAt: index.completionOf(failed) ?? call.completedAt });
    }
    for (const child of call.children ?? []) turnLinks(child, links, call.id, only);
  }
}

/**
 * Every cause of the run, one link per (kind, blocker, waiting call): waits, cancellations and
 * stream blocks. A sub-agent's blocks come from its Agent call's lane, where its stream is drawn.
 * With `only`, just the links into those calls (a long run draws the causes of the lanes in view).
 */
export function causeLinks(record: RunRecord, only?: ReadonlySet<string>): CauseLink[] {
  const links = new Map<string, CauseLink>();
  for (const turn of record.turns) turnLinks(turn, links, STREAM_SOURCE, only);
  return [...links.values()];
}

/** The links into `id` (what held it up), waits first, the stream's arrival last. */
export function linksInto(links: readonly CauseLink[], id: string): CauseLink[] {
  return links.filter((link) => link.to === id).sort((a, b) => Number(a.kind === 'stream-block') - Number(b.kind === 'stream-block') || a.at - b.at);
}

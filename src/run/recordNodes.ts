import type { BatchRecord, CallRecord, ModelNoticeRecord, ProgressRecord, StreamBlockRecord, TurnRecord, WaitRecord } from './record';

/*
 * The mutable nodes of a `RecordTree` and their plain snapshots. A snapshot is cached on its node
 * until the node changes (the tree clears it, and its ancestors'), so unchanged turns and calls are
 * shared between the records read one after another.
 */

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
/** A call's fields but its growing lists, writable while the tree folds. */
export type CallFields = Mutable<Omit<CallRecord, 'progress' | 'children'>>;
/** A turn's scalar fields, writable while the tree folds. */
export type TurnHead = Mutable<Omit<TurnRecord, 'blocks' | 'batches' | 'yieldOrder' | 'calls' | 'notices'>>;

/** One call in the tree. */
export interface CallNode {
  readonly fields: CallFields;
  readonly progress: ProgressRecord[];
  /** A sub-agent's turns (Agent calls only). */
  children: TurnNode[] | null;
  readonly turn: TurnNode;
  /** The plain call, built on demand and dropped when the call changes. */
  snapshot: CallRecord | undefined;
}

/** One turn in the tree (of the main agent, or of a sub-agent under its Agent call). */
export interface TurnNode {
  readonly head: TurnHead;
  /** Block records are replaced, never changed, so a snapshot may share them. */
  readonly blocks: StreamBlockRecord[];
  readonly batches: { index: number; concurrent: boolean; toolUseIds: string[] }[];
  readonly yieldOrder: string[];
  readonly calls: CallNode[];
  /** The model source's notices; the snapshot carries them only when there are any. */
  readonly notices: ModelNoticeRecord[];
  /** The Agent call whose sub-agent this turn is; `null` for the main agent. */
  readonly owner: CallNode | null;
  snapshot: TurnRecord | undefined;
}

/** The plain turn of a node (cached until the turn or anything in it changes). */
export function snapshotTurn(turn: TurnNode): TurnRecord {
  turn.snapshot ??= {
    ...turn.head,
    blocks: turn.blocks.slice(),
    batches: turn.batches.map((batch): BatchRecord => ({ ...batch, toolUseIds: batch.toolUseIds.slice() })),
    yieldOrder: turn.yieldOrder.slice(),
    calls: turn.calls.map(snapshotCall),
    ...(turn.notices.length > 0 ? { notices: turn.notices.slice() } : {}),
  };
  return turn.snapshot;
}

function snapshotCall(call: CallNode): CallRecord {
  call.snapshot ??= {
    ...call.fields,
    progress: call.progress.slice(),
    ...(call.children ? { children: call.children.map(snapshotTurn) } : {}),
  };
  return call.snapshot;
}

/** Nodes holding a plain turn; `register` sees every call, sub-agents' included. */
export function adoptTurn(record: TurnRecord, owner: CallNode | null, register: (call: CallNode) => void): TurnNode {
  const { blocks, batches, yieldOrder, calls, notices, ...head } = record;
  const turn: TurnNode = {
    head: { ...head },
    blocks: blocks.slice(),
    batches: batches.map((batch) => ({ ...batch, toolUseIds: batch.toolUseIds.slice() })),
    yieldOrder: yieldOrder.slice(),
    calls: [],
    notices: notices?.slice() ?? [],
    owner,
    snapshot: undefined,
  };
  for (const callRecord of calls) {
    const { progress, children, ...fields } = callRecord;
    const call: CallNode = { fields: { ...fields }, progress: progress.slice(), children: null, turn, snapshot: undefined };
    turn.calls.push(call);
    register(call);
    if (children) call.children = children.map((child) => adoptTurn(child, call, register));
  }
  return turn;
}

/** The waits with the open one (if any) closed at `at`. */
export function closeWait(waits: readonly WaitRecord[], at: number): readonly WaitRecord[] {
  const last = waits[waits.length - 1];
  if (!last || last.to !== null) return waits;
  return [...waits.slice(0, -1), { ...last, to: at }];
}

import type { RunEvent } from '../tools/events';
import type { ExpectationReport, RunRecord, StreamBlockRecord, TurnRecord } from './record';
import { adoptTurn, closeWait, snapshotTurn, type CallFields, type CallNode, type TurnNode } from './recordNodes';

/** A step of the record's log: a run event, or the checker's verdict attached afterwards. */
export type RecordStep = RunEvent | { type: 'expectations_checked'; report: ExpectationReport };

/** The record without its turns and its moving end (kept apart: nearly every event moves it). */
export type RecordMeta = Omit<RunRecord, 'turns' | 'endedAt'>;

const MAX_ANOMALIES = 100;

/** The record's meta before any event. */
export const EMPTY_META: RecordMeta = {
  version: 1,
  scenario: '',
  sandbox: '',
  strategy: 'streaming',
  schedule: null,
  settings: {},
  status: 'idle',
  startedAt: 0,
  files: {},
  pool: null,
  todos: [],
  permissionModeChanges: [],
  background: [],
  expectations: null,
  anomalies: [],
};

/**
 * The fold of a run's log, kept mutable so that each event costs O(1): calls are found through an
 * id map, lists grow in place. Plain, immutable snapshots of the turns are built on demand and
 * cached per node until that node changes (a change marks the node and its ancestors dirty), so
 * reading the record after each event rebuilds only what changed. `meta` is replaced, never changed.
 * Only `reduceRun.ts` drives this; everyone else sees the immutable `RunRecord`.
 */
export class RecordTree {
  meta: RecordMeta = EMPTY_META;
  endedAt = 0;
  private readonly turns: TurnNode[] = [];
  private readonly calls = new Map<string, CallNode>();
  private turnsSnapshot: readonly TurnRecord[] | undefined;

  /** A tree holding a plain record (one read from JSON, or a copy made outside the reducer). */
  static from(record: RunRecord): RecordTree {
    const tree = new RecordTree();
    const { turns, endedAt, ...meta } = record;
    // A record written before background shells were recorded has none.
    tree.meta = { ...meta, background: (meta as Partial<RecordMeta>).background ?? [] };
    tree.endedAt = endedAt;
    for (const turn of turns) tree.turns.push(adoptTurn(turn, null, (call) => tree.calls.set(call.fields.id, call)));
    return tree;
  }

  /** Applies one step of the log. */
  apply(step: RecordStep): void {
    if (step.type === 'expectations_checked') {
      this.setMeta({ expectations: step.report });
      return;
    }
    if (this.meta.status !== 'ended' && step.at > this.endedAt) this.endedAt = step.at;
    switch (step.type) {
      case 'run_started': {
        const { scenario, sandbox, strategy, settings, at } = step;
        this.setMeta({ scenario, sandbox, strategy, schedule: step.schedule ?? null, settings, status: 'running', startedAt: at });
        this.endedAt = at;
        return;
      }
      case 'turn_started':
        return this.startTurn(step);
      case 'block_started': {
        const { index, kind, at, id, name } = step;
        const block: StreamBlockRecord = {
          index,
          kind,
          ...(id !== undefined ? { id } : {}),
          ...(name !== undefined ? { name } : {}),
          startedAt: at,
          stoppedAt: null,
          ...(kind === 'text' ? { text: '' } : {}),
        };
        return this.changeTurn(step, (turn) => void turn.blocks.push(block));
      }
      case 'block_delta':
        return this.changeBlock(step, (block) => ({ ...block, text: (block.text ?? '') + step.text }));
      case 'block_stopped':
        return this.changeBlock(step, (block) => ({ ...block, stoppedAt: step.at }));
      case 'stream_ended':
        return this.changeTurn(step, ({ head }) => {
          head.streamEndedAt = step.at;
          head.streamEndReason = step.reason;
          if (step.message !== undefined) head.streamEndMessage = step.message;
        });
      case 'turn_ended':
        return this.changeTurn(step, ({ head }) => void (head.endedAt = step.at));
      case 'model_notice': {
        const { at, kind, message, attempt, delayMs } = step;
        const notice = { at, kind, message, ...(attempt !== undefined ? { attempt } : {}), ...(delayMs !== undefined ? { delayMs } : {}) };
        return this.changeTurn(step, (turn) => void turn.notices.push(notice));
      }
      case 'call_queued':
        return this.queueCall(step);
      case 'call_waiting':
        return this.changeCall(step, ({ fields }) => {
          fields.waits = [...closeWait(fields.waits, step.at), { from: step.at, to: null, cause: step.cause, reason: step.reason }];
        });
      case 'call_started':
        return this.changeCall(step, ({ fields }) => {
          fields.executingAt = step.at;
          fields.waits = closeWait(fields.waits, step.at);
          if (step.freedBy !== undefined) fields.freedBy = step.freedBy;
        });
      case 'permission_asked':
        return this.changeCall(step, ({ fields }) => {
          fields.permission = { askedAt: step.at, answeredAt: null, reason: step.reason, answer: null };
        });
      case 'permission_answered':
        return this.changeCall(step, ({ fields }) => {
          if (fields.permission) fields.permission = { ...fields.permission, answeredAt: step.at, answer: step.answer };
          fields.waits = closeWait(fields.waits, step.at);
        });
      case 'call_running':
        return this.changeCall(step, ({ fields }) => {
          fields.runStartedAt = step.at;
          fields.waits = closeWait(fields.waits, step.at);
        });
      case 'call_progress':
        return this.changeCall(step, (call) => void call.progress.push({ at: step.at, data: step.data }));
      case 'call_completed':
        return this.changeCall(step, ({ fields }) => {
          fields.waits = closeWait(fields.waits, step.at);
          // A call that finished before a streaming fallback is discarded afterwards: it keeps when
          // it finished, but its result is dropped with the failed response.
          fields.completedAt = step.outcome === 'discarded' ? (fields.completedAt ?? step.at) : step.at;
          fields.outcome = step.outcome;
          fields.result = step.outcome === 'discarded' ? null : step.result;
          fields.display = step.display ?? null;
          if (step.cancelledBy !== undefined) fields.cancelledBy = step.cancelledBy;
        });
      case 'call_yielded':
        return this.changeCall(step, (call) => {
          call.fields.waits = closeWait(call.fields.waits, step.at);
          call.fields.yieldedAt = step.at;
          call.turn.yieldOrder.push(step.id);
        });
      case 'pool_ready':
        return this.setMeta({ pool: step.report });
      case 'todos_changed':
        return step.agent === undefined ? this.setMeta({ todos: step.todos }) : undefined;
      case 'permission_mode_changed': {
        const change = { at: step.at, mode: step.mode, by: step.by, ...(step.agent !== undefined ? { agent: step.agent } : {}) };
        return this.setMeta({ permissionModeChanges: [...this.meta.permissionModeChanges, change] });
      }
      case 'background_started': {
        const { id, command, startedBy, agent, at } = step;
        const shell = { id, command, startedBy, ...(agent !== undefined ? { agent } : {}), startedAt: at, endedAt: null, how: null, exitCode: null };
        return this.setMeta({ background: [...this.meta.background, shell] });
      }
      case 'background_ended': {
        const index = this.meta.background.findIndex((shell) => shell.id === step.id);
        if (index < 0) return this.anomaly(`background_ended for unknown shell ${step.id}`);
        const ended = { ...this.meta.background[index]!, endedAt: step.at, how: step.how, exitCode: step.exitCode, ...(step.by !== undefined ? { stoppedBy: step.by } : {}) };
        return this.setMeta({ background: this.meta.background.map((shell, i) => (i === index ? ended : shell)) });
      }
      case 'run_ended':
        return this.setMeta({ status: 'ended', files: step.files, ...(step.error !== undefined ? { error: step.error } : {}) });
      default: {
        const _exhaustive: never = step;
        return _exhaustive;
      }
    }
  }

  /** The main agent's turns as plain records (cached until something in them changes). */
  snapshotTurns(): readonly TurnRecord[] {
    this.turnsSnapshot ??= this.turns.map(snapshotTurn);
    return this.turnsSnapshot;
  }

  private setMeta(changes: Partial<RecordMeta>): void {
    this.meta = { ...this.meta, ...changes };
  }

  private anomaly(message: string): void {
    if (this.meta.anomalies.length < MAX_ANOMALIES) this.setMeta({ anomalies: [...this.meta.anomalies, message] });
  }

  /*
   * Dirty marking keeps one invariant: a node without a snapshot has no ancestor with one (a
   * snapshot is built with all its children). So marking can stop at the first dirty node.
   */

  /** Marks a turn changed, and its ancestors. */
  private touchTurn(turn: TurnNode): void {
    if (turn.snapshot === undefined) return;
    turn.snapshot = undefined;
    this.touchOwner(turn);
  }

  /** Marks what holds `turn` changed (its Agent call, or the main turn list). */
  private touchOwner(turn: TurnNode): void {
    if (turn.owner) this.touchCall(turn.owner);
    else this.turnsSnapshot = undefined;
  }

  private touchCall(call: CallNode): void {
    if (call.snapshot === undefined) return;
    call.snapshot = undefined;
    this.touchTurn(call.turn);
  }

  private turnList(agent: string | undefined): TurnNode[] | undefined {
    return agent === undefined ? this.turns : this.calls.get(agent)?.children ?? undefined;
  }

  private findTurn(turn: number, agent: string | undefined): TurnNode | undefined {
    const list = this.turnList(agent);
    if (!list) return undefined;
    const guess = list[turn];
    return guess?.head.index === turn ? guess : list.findLast((node) => node.head.index === turn);
  }

  private startTurn(event: Extract<RunEvent, { type: 'turn_started' }>): void {
    const owner = event.agent === undefined ? null : this.calls.get(event.agent);
    if (owner === undefined) return this.anomaly(`turn_started for turn ${event.turn} of unknown agent call ${event.agent}`);
    const turn: TurnNode = {
      head: {
        index: event.turn,
        ...(event.agent !== undefined ? { agent: event.agent } : {}),
        startedAt: event.at,
        endedAt: null,
        streamStartedAt: event.at,
        streamEndedAt: null,
        streamEndReason: null,
      },
      blocks: [],
      batches: [],
      yieldOrder: [],
      calls: [],
      notices: [],
      owner,
      snapshot: undefined,
    };
    if (owner) (owner.children ??= []).push(turn);
    else this.turns.push(turn);
    this.touchOwner(turn);
  }

  private changeTurn(event: { type: string; turn: number; agent?: string }, change: (turn: TurnNode) => void): void {
    const turn = this.findTurn(event.turn, event.agent);
    if (!turn) return this.anomaly(`${event.type} for unknown turn ${event.turn}${event.agent !== undefined ? ` of agent ${event.agent}` : ''}`);
    change(turn);
    this.touchTurn(turn);
  }

  private changeBlock(event: { type: string; turn: number; index: number; agent?: string }, change: (block: StreamBlockRecord) => StreamBlockRecord): void {
    this.changeTurn(event, ({ blocks }) => {
      const position = blocks[event.index]?.index === event.index ? event.index : blocks.findLastIndex((block) => block.index === event.index);
      if (position < 0) return this.anomaly(`${event.type} for unknown block ${event.index} of turn ${event.turn}`);
      blocks[position] = change(blocks[position]!);
    });
  }

  private changeCall(event: { type: string; id: string }, change: (call: CallNode) => void): void {
    const call = this.calls.get(event.id);
    if (!call) return this.anomaly(`${event.type} for unknown call ${event.id}`);
    change(call);
    this.touchCall(call);
  }

  private queueCall(event: Extract<RunEvent, { type: 'call_queued' }>): void {
    if (this.calls.has(event.id)) return this.anomaly(`call ${event.id} queued twice`);
    const turn = this.findTurn(event.turn, event.agent);
    if (!turn) return this.anomaly(`call_queued (${event.id}) for unknown turn ${event.turn}${event.agent !== undefined ? ` of agent ${event.agent}` : ''}`);
    const fields: CallFields = {
      id: event.id,
      name: event.name,
      input: event.input,
      turn: event.turn,
      batch: event.batch,
      concurrencySafe: event.concurrencySafe,
      latencyMs: event.latencyMs,
      queuedAt: event.at,
      executingAt: null,
      runStartedAt: null,
      completedAt: null,
      yieldedAt: null,
      outcome: null,
      result: null,
      display: null,
      waits: [],
    };
    if (event.agent !== undefined) fields.agent = event.agent;
    const call: CallNode = { fields, progress: [], children: null, turn, snapshot: undefined };
    turn.calls.push(call);
    this.calls.set(event.id, call);
    const last = turn.batches[turn.batches.length - 1];
    if (last?.index === event.batch) last.toolUseIds.push(event.id);
    else {
      const earlier = turn.batches.find((batch) => batch.index === event.batch);
      if (earlier) earlier.toolUseIds.push(event.id);
      else turn.batches.push({ index: event.batch, concurrent: event.concurrentBatch, toolUseIds: [event.id] });
    }
    this.touchTurn(turn);
  }
}


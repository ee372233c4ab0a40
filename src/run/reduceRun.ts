import type { RunEvent } from '../tools/events';
import type { ExpectationReport, RunRecord, TurnRecord } from './record';
import { RecordTree, type RecordStep } from './recordTree';

/*
 * How records stay immutable and still cost O(1) per event: every record is a position in a log
 * (`RecordLog`: the steps so far and their fold, a mutable `RecordTree`). Reducing the newest
 * record of a log appends to it in place; the new record is the next position. A record keeps its
 * own copy of the few scalar fields, and reads `turns` from the tree while it is still the newest
 * position; an older record rebuilds its turns by replaying its prefix. Reducing an older record
 * again (a branch) forks the log the same way. So the record passed to `reduceRun` never changes,
 * however it is read, while the usual pattern (`record = reduceRun(record, event)`) never copies.
 */

class RecordLog {
  readonly steps: RecordStep[] = [];
  readonly tree: RecordTree;

  /** `base`: a plain record the log continues from (one made outside the reducer). */
  constructor(private readonly base: RunRecord | null) {
    this.tree = base ? RecordTree.from(base) : new RecordTree();
  }

  append(step: RecordStep): void {
    this.steps.push(step);
    this.tree.apply(step);
  }

  /** A new log holding this one's first `count` steps. */
  fork(count: number): RecordLog {
    const log = new RecordLog(this.base);
    for (let i = 0; i < count; i++) log.append(this.steps[i]!);
    return log;
  }
}

let positionOf: (record: RunRecord) => { log: RecordLog; count: number } | undefined;

/**
 * A record at one position of a log. Fields are plain own properties; `turns` is an own enumerable
 * getter (JSON, spreads and deep equality all see it) that builds the plain turns on first read.
 */
class RecordView implements RunRecord {
  declare readonly version: 1;
  declare readonly scenario: string;
  declare readonly sandbox: string;
  declare readonly strategy: RunRecord['strategy'];
  declare readonly schedule: RunRecord['schedule'];
  declare readonly settings: RunRecord['settings'];
  declare readonly status: RunRecord['status'];
  declare readonly startedAt: number;
  declare readonly endedAt: number;
  declare readonly turns: readonly TurnRecord[];
  declare readonly files: RunRecord['files'];
  declare readonly pool: RunRecord['pool'];
  declare readonly todos: RunRecord['todos'];
  declare readonly permissionModeChanges: RunRecord['permissionModeChanges'];
  declare readonly background: RunRecord['background'];
  declare readonly error?: string;
  declare readonly expectations: RunRecord['expectations'];
  declare readonly anomalies: RunRecord['anomalies'];
  readonly #log: RecordLog;
  readonly #count: number;
  #turns: readonly TurnRecord[] | undefined;

  static readonly #turnsProperty: PropertyDescriptor = {
    enumerable: true,
    get(this: RecordView): readonly TurnRecord[] {
      // Still the newest position: read the shared tree. Otherwise rebuild this position's own.
      this.#turns ??= (this.#log.steps.length === this.#count ? this.#log : this.#log.fork(this.#count)).tree.snapshotTurns();
      return this.#turns;
    },
  };

  static {
    positionOf = (record) => (#log in record ? { log: record.#log, count: record.#count } : undefined);
  }

  /** The record at the end of `log` as it is now. */
  constructor(log: RecordLog) {
    this.#log = log;
    this.#count = log.steps.length;
    const { meta, endedAt } = log.tree;
    const self = this as { -readonly [K in keyof RunRecord]: RunRecord[K] };
    self.version = meta.version;
    self.scenario = meta.scenario;
    self.sandbox = meta.sandbox;
    self.strategy = meta.strategy;
    self.schedule = meta.schedule;
    self.settings = meta.settings;
    self.status = meta.status;
    self.startedAt = meta.startedAt;
    self.endedAt = endedAt;
    Object.defineProperty(this, 'turns', RecordView.#turnsProperty);
    self.files = meta.files;
    self.pool = meta.pool;
    self.todos = meta.todos;
    self.permissionModeChanges = meta.permissionModeChanges;
    self.background = meta.background;
    if (meta.error !== undefined) self.error = meta.error;
    self.expectations = meta.expectations;
    self.anomalies = meta.anomalies;
  }
}

/** Logs started from plain records made elsewhere (parsed from JSON, spread copies). */
const adopted = new WeakMap<RunRecord, RecordLog>();

/** A log whose end is `record`, ready to append to. */
function logEndingAt(record: RunRecord): RecordLog {
  const position = positionOf(record);
  if (position) return position.log.steps.length === position.count ? position.log : position.log.fork(position.count);
  let log = adopted.get(record);
  if (!log) {
    log = new RecordLog(record);
    adopted.set(record, log);
  }
  return log.steps.length === 0 ? log : log.fork(0);
}

function next(record: RunRecord, step: RecordStep): RunRecord {
  const log = logEndingAt(record);
  log.append(step);
  return new RecordView(log);
}

/** A record before any event: what `reduceRun` starts from. */
export function createEmptyRecord(): RunRecord {
  return new RecordView(new RecordLog(null));
}

/**
 * The run record after `event`. Pure as far as any caller can tell: `record` reads the
 * same before and after, whatever is done with either. Folding record after record costs O(1) per
 * event; reducing an older record again first replays its log up to there.
 */
export function reduceRun(record: RunRecord, event: RunEvent): RunRecord {
  return next(record, event);
}

/** Folds a whole event log into its record (replaying the log rebuilds the run). */
export function buildRecord(events: Iterable<RunEvent>, from: RunRecord = createEmptyRecord()): RunRecord {
  const log = logEndingAt(from);
  for (const event of events) log.append(event);
  return new RecordView(log);
}

/** The record with the checker's verdict attached. */
export function withExpectations(record: RunRecord, report: ExpectationReport): RunRecord {
  return next(record, { type: 'expectations_checked', report });
}

import type { CallOutcome, ToolResultBlock } from '../tools/execution';
import type { PoolReport } from '../tools/filter';
import type { Schedule } from '../tools/orchestration/schedule';
import type { Strategy } from '../tools/orchestration/strategy';
import type { WaitCause } from '../tools/orchestration/waitCause';
import type { PermissionMode, TodoItem } from '../tools/types';
import type { ModelNoticeKind, StreamEnd } from '../tools/events';

/**
 * The run record (version 1): everything one run did, as plain JSON. The UI draws it, the
 * exporters write it, tests assert on it. It is a pure fold over the run's events
 * (`reduceRun`, `buildRecord` in `reduceRun.ts`), so any moment of a run can be rebuilt from a
 * prefix of its log.
 * Times are milliseconds from the run's start. Records are immutable: never mutate one (or any
 * array inside it, which later records may share); reduce a new event instead.
 */
export interface RunRecord {
  readonly version: 1;
  readonly scenario: string;
  readonly sandbox: string;
  readonly strategy: Strategy;
  /** The run's resolved scheduling, as the engine obeyed it; `null` in a record of a log that predates it. */
  readonly schedule: Schedule | null;
  readonly settings: Readonly<Record<string, unknown>>;
  /** `idle` before `run_started`, `running` until `run_ended`, then `ended`. */
  readonly status: 'idle' | 'running' | 'ended';
  readonly startedAt: number;
  /** When the run ended; while it runs, the time of the latest event (the extent drawn so far). */
  readonly endedAt: number;
  /** The main agent's turns. A sub-agent's turns sit under its Agent call (`CallRecord.children`). */
  readonly turns: readonly TurnRecord[];
  /** The workspace's final text files, relative to its root (set by `run_ended`). */
  readonly files: Readonly<Record<string, string>>;
  /** The tool pool's stages, deferred tools and token estimates; `null` until the pool is ready. */
  readonly pool: PoolReport | null;
  /** The main agent's todo list as its latest TodoWrite left it (a sub-agent's list is its own). */
  readonly todos: readonly TodoItem[];
  readonly permissionModeChanges: readonly PermissionModeChange[];
  /** Background shells (Bash with run_in_background): each outlives the call that started it. */
  readonly background: readonly BackgroundShellRecord[];
  /** Why the run failed, when it did (not a tool error: those are results). */
  readonly error?: string;
  /** Set by the expectation checker; `null` until the record has been checked. */
  readonly expectations: ExpectationReport | null;
  /**
   * Events the reducer could not place (e.g. a call event for an id never queued). Empty in a
   * healthy run; kept so that an emitter bug is visible instead of silently dropped.
   */
  readonly anomalies: readonly string[];
}

/** One model response and the tool calls it asked for. */
export interface TurnRecord {
  readonly index: number;
  /** The Agent call this sub-agent turn belongs to; absent for the main agent. */
  readonly agent?: string;
  readonly startedAt: number;
  readonly endedAt: number | null;
  readonly streamStartedAt: number;
  readonly streamEndedAt: number | null;
  readonly streamEndReason: StreamEnd | null;
  /** The message that came with a fallback or a stream error. */
  readonly streamEndMessage?: string;
  /** The content blocks of the response, in the order they started. */
  readonly blocks: readonly StreamBlockRecord[];
  readonly batches: readonly BatchRecord[];
  /** Call ids in the order their results were handed back. */
  readonly yieldOrder: readonly string[];
  /** Calls in arrival order. */
  readonly calls: readonly CallRecord[];
  /**
   * What the model source said about this turn's request (a live model's retries, fallback or
   * error), in order. Absent when it said nothing, as in every scenario replay.
   */
  readonly notices?: readonly ModelNoticeRecord[];
}

/** One notice of the model source (a `model_notice` event). */
export interface ModelNoticeRecord {
  readonly at: number;
  readonly kind: ModelNoticeKind;
  readonly message: string;
  /** Retries: which retry this is (1 for the first). */
  readonly attempt?: number;
  /** Retries: how long the source waits before sending the request again. */
  readonly delayMs?: number;
}

/** One content block of a streamed response. */
export interface StreamBlockRecord {
  readonly index: number;
  readonly kind: 'text' | 'tool_use';
  /** The tool_use id (tool blocks only). */
  readonly id?: string;
  /** The tool name (tool blocks only). */
  readonly name?: string;
  readonly startedAt: number;
  readonly stoppedAt: number | null;
  /** The streamed text (text blocks only). */
  readonly text?: string;
}

/** A group of calls of the partition: concurrent, or one unsafe call alone. */
export interface BatchRecord {
  readonly index: number;
  readonly concurrent: boolean;
  readonly toolUseIds: readonly string[];
}

/** One tool call, through `queued → executing → completed → yielded`. */
export interface CallRecord {
  readonly id: string;
  readonly name: string;
  /** The input as the model sent it (the raw text when it was not valid JSON). */
  readonly input: unknown;
  /** The turn it belongs to (of its agent). */
  readonly turn: number;
  /** The Agent call whose sub-agent made this call; absent for the main agent. */
  readonly agent?: string;
  readonly batch: number;
  readonly concurrencySafe: boolean;
  /** Simulated extra latency before the tool really runs (the scenario's `latencyMs`). */
  readonly latencyMs: number;
  readonly queuedAt: number;
  readonly executingAt: number | null;
  /** When the simulated latency (and any permission ask) ended and the tool really ran. */
  readonly runStartedAt: number | null;
  /** When the call got its outcome (also for calls settled without running). */
  readonly completedAt: number | null;
  readonly yieldedAt: number | null;
  /** `null` while the call is unfinished. */
  readonly outcome: CallOutcome | null;
  /** A call that waited for a slot under the cap: the call whose end freed the slot it started in. */
  readonly freedBy?: string;
  /** A `cancelled` call: the id of the sibling whose error cancelled it, as the engine decided. */
  readonly cancelledBy?: string;
  /** `null` while unfinished, and for good for a discarded call. */
  readonly result: ToolResultBlock | null;
  /**
   * The tool's own output as JSON-safe data for people (Bash: exit code, stdout, stderr, timed
   * out, interrupted; Edit: the file and the snippets; …), which the page's renderers, the
   * terminal and the exporters read. `{ error }` when the tool threw; `null` when the tool never ran.
   */
  readonly display: unknown;
  readonly progress: readonly ProgressRecord[];
  /** Why the call stayed queued, reason by reason; `to` is `null` while the wait goes on. */
  readonly waits: readonly WaitRecord[];
  readonly permission?: PermissionRecord;
  /** A sub-agent's turns, on the Agent call that ran it. */
  readonly children?: readonly TurnRecord[];
}

/** One progress value a tool streamed. */
export interface ProgressRecord {
  readonly at: number;
  readonly data: unknown;
}

/**
 * One explained wait: while queued (what blocks it), while asking for permission, or finished and
 * held back for an earlier call's result. `reason` is the sentence made from `cause`.
 */
export interface WaitRecord {
  readonly from: number;
  readonly to: number | null;
  readonly cause: WaitCause;
  readonly reason: string;
}

/** A permission ask and its answer. */
export interface PermissionRecord {
  readonly askedAt: number;
  readonly answeredAt: number | null;
  readonly reason: string;
  readonly answer: 'allow' | 'deny' | null;
}

/** A background shell, from its start to its end. */
export interface BackgroundShellRecord {
  /** Its id, e.g. `bash_1` (what BashOutput and KillBash name). */
  readonly id: string;
  readonly command: string;
  /** The Bash call that started it. */
  readonly startedBy: string;
  readonly agent?: string;
  readonly startedAt: number;
  /** `null` while it runs. */
  readonly endedAt: number | null;
  /** How it ended: it exited, a call stopped it, or the run ended first; `null` while it runs. */
  readonly how: 'exit' | 'kill' | 'run-end' | null;
  readonly exitCode: number | null;
  /** The call that stopped it (KillBash, TaskStop). */
  readonly stoppedBy?: string;
}

/** A change of the permission mode (EnterPlanMode, ExitPlanMode). */
export interface PermissionModeChange {
  readonly at: number;
  readonly mode: PermissionMode;
  /** The call that switched it. */
  readonly by: string;
  /** Set when a sub-agent switched its own mode. */
  readonly agent?: string;
}

/** Whether a run met its scenario's expectations, and what differed where it did not. */
export interface ExpectationReport {
  readonly passed: boolean;
  readonly failures: readonly string[];
}

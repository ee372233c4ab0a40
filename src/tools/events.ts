import type { CallOutcome, ToolResultBlock } from './execution';
import type { PoolReport } from './filter';
import type { PermissionMode, TodoItem } from './types';

import type { Schedule } from './orchestration/schedule';
import type { Strategy } from './orchestration/strategy';
import type { WaitCause } from './orchestration/waitCause';

export { STRATEGIES, type Strategy } from './orchestration/strategy';

/** Why a stream ended. */
export type StreamEnd = 'end' | 'fallback' | 'interrupt' | 'error';

/**
 * What a model notice tells the user about the model's request: a retry after a retriable error
 * (with its delay), a streaming fallback, or an error that ends the turn.
 */
export type ModelNoticeKind = 'retry' | 'fallback' | 'error';

/**
 * Everything that happens in a run, as data. The run record is a pure fold over these
 * (`reduceRun`), so the page can rebuild any moment of a run (step, pause, scrub) from the log.
 * `at` is milliseconds from the run's start. `agent` names the Agent call a sub-agent's event
 * belongs to (absent for the main agent).
 */
export type RunEvent =
  /** `schedule`: the run's resolved scheduling (absent from logs written before it was recorded). */
  | { type: 'run_started'; at: number; scenario: string; sandbox: string; strategy: Strategy; schedule?: Schedule; settings: Record<string, unknown> }
  /** The tool pool the run offers, with the report of each filter stage. */
  | { type: 'pool_ready'; at: number; report: PoolReport }
  | { type: 'turn_started'; at: number; turn: number; agent?: string }
  | { type: 'block_started'; at: number; turn: number; index: number; kind: 'text' | 'tool_use'; id?: string; name?: string; agent?: string }
  | { type: 'block_delta'; at: number; turn: number; index: number; text: string; agent?: string }
  | { type: 'block_stopped'; at: number; turn: number; index: number; agent?: string }
  | { type: 'stream_ended'; at: number; turn: number; reason: StreamEnd; message?: string; agent?: string }
  /**
   * The model source's word about its request (a live model: a rate-limit retry and its delay, a
   * streaming fallback, a refused key). `attempt` and `delayMs` are set for retries.
   */
  | { type: 'model_notice'; at: number; turn: number; kind: ModelNoticeKind; message: string; attempt?: number; delayMs?: number; agent?: string }
  | {
      type: 'call_queued';
      at: number;
      turn: number;
      id: string;
      name: string;
      input: unknown;
      concurrencySafe: boolean;
      batch: number;
      concurrentBatch: boolean;
      latencyMs: number;
      agent?: string;
    }
  /** The call waits (queued, asking, or finished and held for an earlier result) for `cause`; `reason` is its sentence. */
  | { type: 'call_waiting'; at: number; id: string; cause: WaitCause; reason: string }
  /** `freedBy`: a call that waited for a slot under the cap, the call whose end freed it. */
  | { type: 'call_started'; at: number; id: string; freedBy?: string }
  | { type: 'permission_asked'; at: number; id: string; reason: string }
  | { type: 'permission_answered'; at: number; id: string; answer: 'allow' | 'deny' }
  | { type: 'call_running'; at: number; id: string }
  | { type: 'call_progress'; at: number; id: string; data: unknown }
  /** `display`: the tool's output as data for people (`null` when the tool never ran). */
  | {
      type: 'call_completed';
      at: number;
      id: string;
      outcome: CallOutcome;
      result: ToolResultBlock | null;
      display: unknown;
      /** A cancelled call: the sibling whose error cancelled it. */
      cancelledBy?: string;
    }
  | { type: 'call_yielded'; at: number; id: string }
  | { type: 'turn_ended'; at: number; turn: number; agent?: string }
  /** The todo list after a TodoWrite call (`by`). */
  | { type: 'todos_changed'; at: number; todos: TodoItem[]; by: string; agent?: string }
  /** The permission mode after a call (`by`) switched it. */
  | { type: 'permission_mode_changed'; at: number; mode: PermissionMode; by: string; agent?: string }
  /** A Bash call started a background shell (`id`), which outlives the call. */
  | { type: 'background_started'; at: number; id: string; startedBy: string; command: string; agent?: string }
  /** A background shell ended: it exited (`exitCode`), a call stopped it (`by`), or the run ended. */
  | { type: 'background_ended'; at: number; id: string; how: 'exit' | 'kill' | 'run-end'; exitCode: number | null; by?: string }
  | { type: 'run_ended'; at: number; files: Record<string, string>; error?: string };

export type RunEventType = RunEvent['type'];

/** A sink for events. */
export type EventSink = (event: RunEvent) => void;

import type { ToolResultBlock, ToolUseBlock } from '../execution';
import type { CallTrackerOptions, TrackedCall } from './callTracker';
import type { StartTiming } from './startRule';

/** Which errors cancel a call's siblings: a Bash error (the seed's rule), any error, or none. */
export type CascadePolicy = 'bash' | 'any' | 'none';

/**
 * How calls are grouped: by the partition (each call's safety), `serial` (every call alone) or
 * `parallel` (every call together, ignoring safety: the unsafe baseline).
 */
export type Grouping = 'partition' | 'serial' | 'parallel';

export interface SchedulerOptions extends Omit<CallTrackerOptions, 'onCompleted'> {
  /** When tools may start: as each block closes, or once the response has streamed. */
  timing: StartTiming;
  grouping: Grouping;
  maxConcurrency: number;
  cascade: CascadePolicy;
  /** The turn's signal: aborting it is the user's interrupt, which reaches every call. */
  turnSignal: AbortSignal;
  /** Whether a block may run beside others (the partition's rule, with the Bash policy applied). */
  isConcurrencySafe: (block: ToolUseBlock) => boolean;
}


/**
 * What the agent loop asks of a scheduler, whatever its strategy: calls go in as their blocks
 * close, the end of the stream is announced, and results come out as they become due. The loop
 * never needs to know which scheduler it has.
 */
export interface ToolScheduler {
  /** A `tool_use` block closed in the stream (`latencyMs`: simulated latency before it really runs). */
  addTool(block: ToolUseBlock, latencyMs?: number): void;
  /** The stream has ended: no more calls come. */
  endStream(): void;
  /** The user's Stop: every call without a result gets one. */
  interrupt(): void;
  /** Streaming fallback: nothing more runs or is yielded; resolves once aborted calls have stopped. */
  discard(): Promise<void>;
  /** The results as they become due, in yield order; ends once every call has its result. */
  results(): AsyncIterable<ToolResultBlock>;
  /** Every call seen so far, in arrival order. */
  readonly calls: readonly TrackedCall[];
}

/**
 * The four strategies: `streaming` (tools start while the stream arrives), `batched` (wait for the
 * stream, then run the partition's batches), `serial` (wait, then one call at a time) and `parallel`
 * (wait, then every call at once, ignoring safety: the unsafe baseline that shows why the
 * partition exists).
 */
export type Strategy = 'streaming' | 'batched' | 'serial' | 'parallel';
export const STRATEGIES: readonly Strategy[] = ['streaming', 'batched', 'serial', 'parallel'];

/** How a strategy schedules: when tools start, how they are grouped, and whether errors may cascade. */
export interface StrategySchedule {
  timing: StartTiming;
  grouping: Grouping;
  /** Only the streaming path cancels siblings; the others run to the end, as the real agent's non-streaming path does. */
  cascades: boolean;
}

export const STRATEGY_SCHEDULES: Readonly<Record<Strategy, StrategySchedule>> = {
  streaming: { timing: 'during-stream', grouping: 'partition', cascades: true },
  batched: { timing: 'after-stream', grouping: 'partition', cascades: false },
  serial: { timing: 'after-stream', grouping: 'serial', cascades: false },
  parallel: { timing: 'after-stream', grouping: 'parallel', cascades: false },
};

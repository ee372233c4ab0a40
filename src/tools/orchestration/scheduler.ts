import type { ToolResultBlock, ToolUseBlock } from '../execution';
import type { CallTrackerOptions, TrackedCall } from './callTracker';
import type { StartTiming } from './startRule';
import type { CascadePolicy, Grouping } from './strategy';

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
  /** Whether a block only reads (the `every-error-but-read-only` cascade spares such calls' errors). */
  isReadOnly?: (block: ToolUseBlock) => boolean;
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


import type { ToolDisplay } from './display';
import { abortCauseOf, describeAbort, toolUseError } from './orchestration/abort';
import type { ContextModifier } from './types';

/**
 * The shapes a call passes through (design.md, One call): the block the executor receives, the
 * result that goes back, how the call ended, and what it reports while it runs. Both ways a call
 * can run (the pipeline in execution.ts, a recorded call in recordedCall.ts) speak them.
 */

/** A `tool_use` block as the executor receives it. `inputError` is set when its JSON did not parse. */
export interface ToolUseBlock {
  id: string;
  name: string;
  input: unknown;
  /** The raw input text, when it arrived as text that is not valid JSON (or was refused before parsing). */
  inputError?: string;
  /** Why `inputError`'s text was refused, when it was not for being invalid JSON. */
  inputErrorReason?: string;
}

/** What goes back to the model for one call. */
export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  is_error: boolean;
}

/** How a call ended . Only the pipeline's own outcomes come from `runToolCall`. */
export type CallOutcome = 'success' | 'error' | 'invalid' | 'denied' | 'cancelled' | 'interrupted' | 'discarded';

/** Things a call reports while it runs, besides its result. */
export interface CallObserver {
  /** A permission ask began (the call waits for an answer). */
  onPermissionAsked?(reason: string): void;
  onPermissionAnswered?(answer: 'allow' | 'deny'): void;
  /** The simulated latency is over and the tool really starts. */
  onRunStarted?(): void;
  onProgress?(data: unknown): void;
}

/** How a call ended: the model's result, and what people see of it. */
export interface CallSettlement {
  result: ToolResultBlock;
  outcome: CallOutcome;
  /**
   * The tool's own output, as JSON-safe data for people (the page's renderers, the terminal, the
   * exporters read it; nothing parses result text): `{ error }` when the tool threw, `null` when
   * the tool never ran.
   */
  display: ToolDisplay;
  contextModifier?: ContextModifier;
  /** A cancelled call: the id of the sibling whose error cancelled it (the engine's fact, never re-derived). */
  cancelledBy?: string;
}

/**
 * How an aborted call ends, whichever way it ran (the pipeline, a recorded call): cancelled by a
 * sibling (naming it), discarded with a failed response, or interrupted; `started` tells a call
 * that had begun from one that never did, and `display` is what the tool made of it by then.
 */
export function abortedSettlement(toolUseId: string, reason: unknown, started: boolean, display: ToolDisplay = null): CallSettlement {
  const cause = abortCauseOf(reason);
  const outcome: CallOutcome = cause.kind === 'sibling' ? 'cancelled' : cause.kind === 'discard' ? 'discarded' : 'interrupted';
  const result: ToolResultBlock = { type: 'tool_result', tool_use_id: toolUseId, content: toolUseError(describeAbort(cause, started)), is_error: true };
  return { result, outcome, display, ...(cause.kind === 'sibling' ? { cancelledBy: cause.failedId } : {}) };
}

/**
 * A call's display value as the record holds it (JSON): the tool's output, `{ error }` with the
 * message of the error it threw, a session log's `{ recorded }` text, or `null` when it never ran.
 * Read it tagged, through `callDisplay` (toolOutputs.ts): the call's tool names the output's type.
 */
export type ToolDisplay = unknown;

/** The display value of a call whose tool threw. */
export function thrownDisplay(message: string): { error: string } {
  return { error: message };
}

/** The message of a tool that threw, when `display` is the pipeline's `{ error }` (not a tool's output). */
export function thrownMessage(display: unknown): string | undefined {
  if (typeof display !== 'object' || display === null) return undefined;
  const keys = Object.keys(display);
  const { error } = display as { error?: unknown };
  return keys.length === 1 && typeof error === 'string' ? error : undefined;
}

/** The display value of a recorded call: the log's result, marked as such (nothing ran here). */
export interface RecordedDisplay {
  readonly recorded: string;
}

/** A display value is a recorded call's (the log's text, not its tool's output: no tool's view draws it). */
export function isRecordedDisplay(display: unknown): display is RecordedDisplay {
  return typeof display === 'object' && display !== null && Object.keys(display).length === 1 && typeof (display as { recorded?: unknown }).recorded === 'string';
}

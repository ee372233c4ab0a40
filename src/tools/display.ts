/**
 * A call's display value: the tool's output (plain JSON-safe data), `{ error }` with the message
 * of the error it threw, or `null` when it never ran.
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

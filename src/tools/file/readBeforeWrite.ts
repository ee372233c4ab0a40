import type { FileStat } from '../../sandbox/types';
import type { ToolUseContext, ValidationResult } from '../types';

/**
 * The read-before-write rule of Edit and Write (design.md, Permissions): an existing file may be changed only
 * when this session read it and it has not changed since. The cache holds the whole text seen at
 * read time, so "changed" is decided on the text: a newer modification time with the same text
 * (a `touch`) is not a change, and a write within the same millisecond as the read still is.
 */
export function checkReadBeforeWrite(
  context: ToolUseContext,
  absolutePath: string,
  current: { content: string; stat: FileStat },
): ValidationResult {
  const shown = context.sandbox.relative(absolutePath);
  const state = context.readFileState.get(absolutePath);
  if (!state) {
    return {
      ok: false,
      message: `${shown} has not been read in this session. Read it with the Read tool first, then change it.`,
    };
  }
  if (state.content !== current.content) {
    const when = state.mtimeMs !== current.stat.mtimeMs ? ' (its modification time moved on)' : '';
    return {
      ok: false,
      message: `${shown} was modified since it was last read${when}, by the user, a command or another tool. Read it again before changing it.`,
    };
  }
  return { ok: true };
}

/** Remembers what a tool just wrote, so the next edit of the same file needs no new Read. */
export async function recordWrite(context: ToolUseContext, absolutePath: string, content: string): Promise<void> {
  const stat = await context.sandbox.fs.stat(absolutePath);
  context.readFileState.set(absolutePath, { content, mtimeMs: stat?.mtimeMs ?? context.clock.now() });
}

/**
 * The same rule, checked again inside `call` on the text about to be changed: time may pass
 * between `validateInput` and `call` (a permission prompt, simulated latency). Throws, so the
 * pipeline turns it into an error result.
 */
export async function assertStillFresh(context: ToolUseContext, absolutePath: string): Promise<string> {
  const [content, stat] = await Promise.all([context.sandbox.fs.readFile(absolutePath), context.sandbox.fs.stat(absolutePath)]);
  if (!stat) throw new Error(`${context.sandbox.relative(absolutePath)} disappeared before it could be changed`);
  const check = checkReadBeforeWrite(context, absolutePath, { content, stat });
  if (!check.ok) throw new Error(check.message);
  return content;
}

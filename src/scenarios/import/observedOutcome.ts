import type { ExpectedOutcome, ObservedOutcome } from '../schema';
import type { LoggedCall } from './sessionLog';

/** How a call really ended, read from its result. */
export function observedOutcome(call: LoggedCall): ObservedOutcome {
  const result = call.result;
  if (!result) return 'unanswered';
  if (!result.isError) return 'success';
  const text = result.text;
  // Claude Code's, then Cline's (a call after one the user rejected in the same response).
  if (/Sibling tool call errored|Cancelled: parallel tool call|^Skipping tool .* due to user rejecting a previous tool/.test(text)) return 'cancelled';
  // Gemini CLI's: a call the user declined at its confirmation is cancelled, with this reason.
  if (/^\[Operation Cancelled\] (Reason: )?User did not allow tool call/.test(text)) return 'denied';
  // Claude Code's words, then Codex CLI's (an output cut off by the user's interrupt, a refused command or patch), then Gemini CLI's (any other cancellation).
  // OpenCode's: a call still running when the turn was aborted.
  if (/Request interrupted by user|^aborted(:|$)|^\[Operation Cancelled\]|^Tool execution aborted$/.test(text)) return 'interrupted';
  // Claude Code's, Codex CLI's, OpenCode's, then Cline's refusals.
  if (/doesn't want to proceed with this tool use|Permission to use .* (has been|was) denied|permission denied by the user|^(exec command|patch) rejected by user|^The user rejected permission to use this specific tool call|^The user denied this operation/i.test(text)) return 'denied';
  return 'error';
}

/** Messages of the real tools' input checks (Claude Code's, then Codex CLI's): the playground ends such a call as `invalid`, not `error`. */
const CHECK_FAILURES = [
  /InputValidationError/,
  /File does not exist/,
  /File has not been read yet/,
  /File has been (unexpectedly )?modified since (it was )?read/,
  /String to replace not found/,
  /Found \d+ matches of the string to replace/,
  /No changes to make: old_string and new_string are exactly the same/,
  /EISDIR|is a directory/,
  /No such tool available/,
  // Codex CLI's: arguments it could not parse, a tool it does not have, a patch that does not apply.
  /^failed to parse function arguments/,
  /^unsupported (custom tool )?call/,
  /^apply_patch verification failed/,
];

/**
 * The outcome a faithful replay gives a call that really ended as `observed` with `text`, in the
 * playground's words (its input checks end a call as `invalid`); `undefined` when there is none to
 * expect (the log holds no result).
 */
export function expectedOutcome(observed: ObservedOutcome, text: string): ExpectedOutcome | undefined {
  switch (observed) {
    case 'success':
    case 'cancelled':
    case 'interrupted':
    case 'denied':
      return observed;
    case 'error':
      return CHECK_FAILURES.some((pattern) => pattern.test(text)) ? 'invalid' : 'error';
    case 'unanswered':
      return undefined;
    default: {
      const exhaustive: never = observed;
      return exhaustive;
    }
  }
}

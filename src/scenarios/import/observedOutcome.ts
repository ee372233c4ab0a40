import type { ExpectedOutcome, ObservedOutcome } from '../schema';
import type { OutcomeWords } from './formatClaim';
import type { LoggedCall } from './sessionLog';

/**
 * How a call really ended, read from its result in the words of the agent that wrote it (its
 * format's `outcomeWords`): cancelled by a sibling, refused at a prompt, stopped by the user, else
 * an error or a success.
 */
export function observedOutcome(call: LoggedCall, words: OutcomeWords): ObservedOutcome {
  const result = call.result;
  if (!result) return 'unanswered';
  if (!result.isError) return 'success';
  const text = result.text;
  if (words.cancelled?.test(text)) return 'cancelled';
  // Before a refusal: Claude Code's interrupt tells the model the user does not want to proceed too.
  if (words.interrupted?.test(text)) return 'interrupted';
  if (words.denied?.test(text)) return 'denied';
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

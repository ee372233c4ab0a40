/**
 * Why a call's signal aborted. The executor aborts with one of these as the reason, so a call (and
 * the pipeline) can tell a user interrupt from a sibling's error or a streaming fallback.
 */
export type AbortCause =
  | { kind: 'interrupt' }
  /** A sibling's error cascaded: `failedCall` names it for the model, `failedId` is its id. */
  | { kind: 'sibling'; failedCall: string; failedId: string }
  | { kind: 'discard' };

/** An Error carrying an {@link AbortCause}, used as `AbortController.abort(reason)`. */
export class CallAbortedError extends Error {
  override readonly name = 'AbortError';
  readonly abortCause: AbortCause;
  constructor(cause: AbortCause) {
    super(describeAbort(cause, true));
    this.abortCause = cause;
  }
}

/** The cause behind an abort reason; an abort with any other reason counts as an interrupt. */
export function abortCauseOf(reason: unknown): AbortCause {
  return reason instanceof CallAbortedError ? reason.abortCause : { kind: 'interrupt' };
}

/** Wraps a message the way the model API expects tool errors to read. */
export function toolUseError(message: string): string {
  return `<tool_use_error>${message}</tool_use_error>`;
}

/**
 * The result text of an aborted call. `started` tells a call that was running (and may have been
 * about to write) from one that never began.
 */
export function describeAbort(cause: AbortCause, started: boolean): string {
  switch (cause.kind) {
    case 'interrupt':
      return started
        ? 'The user stopped this tool call while it ran and does not want to go on with it. ' +
            'Nothing it was about to write was written (for an edit, the new text is not in the file). ' +
            'Stop here and wait for the user to say how to continue.'
        : 'The user stopped the turn before this tool call began and does not want it done now. ' +
            'Stop here and wait for the user.';
    case 'sibling':
      return `Cancelled: parallel tool call ${cause.failedCall} errored`;
    case 'discard':
      return 'Error: Streaming fallback - tool execution discarded';
    default: {
      const exhaustive: never = cause;
      return exhaustive;
    }
  }
}

/** A controller linked to a parent signal; `detach` unlinks it once its call has ended. */
export interface LinkedController {
  controller: AbortController;
  signal: AbortSignal;
  detach: () => void;
}

/** A child controller that aborts when `parent` does (with the parent's reason). */
export function childController(parent: AbortSignal): LinkedController {
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { controller, signal: controller.signal, detach: () => {} };
  }
  const onAbort = () => controller.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return {
    controller,
    signal: controller.signal,
    detach: () => parent.removeEventListener('abort', onAbort),
  };
}

/** What a call's pipeline needs of its abort state: whether and why, and a real signal on demand. */
export interface CallSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  /** The call's own AbortSignal (for tools, sleeps and processes). */
  readonly signal: AbortSignal;
  /**
   * A signal that aborts when this call does, without making one of its own where none is made
   * yet: for a wait that only listens (a recorded call's duration).
   */
  readonly listenSignal: AbortSignal;
}

/**
 * A call's child controller, made only when something asks for its signal: most calls (a Read that
 * takes a millisecond) never need a real AbortController of their own, and creating and linking one
 * per call is a large share of the scheduler's overhead. Until then its state is the parent's,
 * which is exactly what a linked child would show.
 */
export class LazyChildSignal implements CallSignal {
  private controller: AbortController | undefined;
  private unlink: (() => void) | undefined;

  constructor(private readonly parent: AbortSignal) {}

  get aborted(): boolean {
    return this.controller ? this.controller.signal.aborted : this.parent.aborted;
  }

  get reason(): unknown {
    return (this.controller ? this.controller.signal.reason : this.parent.reason) as unknown;
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      const link = childController(this.parent);
      this.controller = link.controller;
      this.unlink = link.detach;
    }
    return this.controller.signal;
  }

  get listenSignal(): AbortSignal {
    return this.controller ? this.controller.signal : this.parent;
  }

  /** Aborts this call alone. */
  abort(reason?: unknown): void {
    void this.signal;
    this.controller!.abort(reason);
  }

  /** Unlinks from the parent once the call has ended. */
  detach(): void {
    this.unlink?.();
  }
}

/** A plain AbortSignal seen as a {@link CallSignal}. */
export function asCallSignal(signal: AbortSignal | CallSignal): CallSignal {
  return signal instanceof AbortSignal ? { get aborted() { return signal.aborted; }, get reason(): unknown { return signal.reason as unknown; }, signal, listenSignal: signal } : signal;
}

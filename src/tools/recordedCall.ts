import type { Clock } from '../time/clock';
import type { RecordedDisplay } from './display';
import { abortedSettlement, type CallObserver, type CallOutcome, type CallSettlement, type ToolUseBlock } from './callTypes';
import { asCallSignal, type CallSignal } from './orchestration/abort';

/**
 * What a session log recorded of one call, replayed instead of running the tool (design.md,
 * Recorded effects): the outcome, the result text the model got, and how long the call took.
 */
export interface RecordedEffect {
  readonly outcome: Exclude<CallOutcome, 'discarded'>;
  readonly content: string;
  readonly durationMs: number;
  /**
   * Of `durationMs`, how long the call waited before its tool ran (its hooks, a person's answer to
   * a permission prompt), where the log shows it: the call holds its place meanwhile.
   */
  readonly waitMs?: number;
  /**
   * An Agent call whose sub-agent's own calls the log holds: the sub-agent replays, call by call,
   * and the call then ends as recorded, no sooner than its recorded time.
   */
  readonly replaysSubAgent?: boolean;
}

/** The recorded effects of a run's calls, by tool_use id; a call not named here runs for real. */
export type RecordedEffects = ReadonlyMap<string, RecordedEffect>;


/**
 * Replays a call from its record: nothing is looked up, checked, asked, executed or fetched. The
 * call takes its recorded time on the run's clock (the scheduler has already decided when it
 * starts, so a policy still holds, reorders or cancels it), then ends as the log says. Aborted
 * while it "runs", it ends as any aborted call does: cancelled by a sibling, or interrupted.
 */
export async function runRecordedCall(
  block: ToolUseBlock,
  effect: RecordedEffect,
  env: { readonly clock: Clock },
  callSignal: AbortSignal | CallSignal,
  observer?: CallObserver,
  runSubAgent?: () => Promise<CallSettlement>,
): Promise<CallSettlement> {
  const signal = asCallSignal(callSignal);
  const aborted = (started: boolean): CallSettlement => abortedSettlement(block.id, signal.reason, started);
  if (signal.aborted) return aborted(false);
  const startedAt = env.clock.now();
  let ran: CallSettlement | undefined;
  if (effect.replaysSubAgent && runSubAgent) {
    ran = await runSubAgent();
    if (ran.outcome === 'cancelled' || ran.outcome === 'interrupted' || ran.outcome === 'discarded') return ran;
  } else {
    if (effect.waitMs !== undefined && effect.waitMs > 0) {
      try {
        await env.clock.sleep(Math.min(effect.waitMs, effect.durationMs), signal.listenSignal);
      } catch {
        return aborted(false);
      }
      if (signal.aborted) return aborted(false);
    }
    observer?.onRunStarted?.();
  }
  const left = effect.durationMs - (env.clock.now() - startedAt);
  if (left > 0) {
    try {
      // Listening on the turn's signal: thousands of recorded calls need no controller of their own.
      await env.clock.sleep(left, signal.listenSignal);
    } catch {
      return aborted(true);
    }
  }
  if (signal.aborted) return aborted(true);
  // The sub-agent's own view stays its display; the model gets the answer the log recorded.
  const display = ran ? ran.display : ({ recorded: effect.content } satisfies RecordedDisplay);
  return {
    result: { type: 'tool_result', tool_use_id: block.id, content: effect.content, is_error: effect.outcome !== 'success' },
    outcome: effect.outcome,
    display,
  };
}

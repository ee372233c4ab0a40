import type { StartTiming } from './startRule';

/**
 * The yield policies: `request` hands results back in request order (the seed's rule);
 * `completion` lets a finished call pass a slower safe sibling, keeping order only around unsafe
 * calls (what the real agent's code does).
 */
export type ResultOrder = 'request' | 'completion';

/**
 * Which failing calls cancel their siblings: a Bash error (the seed's rule), an error of any tool,
 * every error result (failed validation and denials too), every error result but a read-only
 * call's, every error result unless every call of the turn so far edits a file (Claude Code
 * 2.1.47), any error result of a shell call (2.1.72), of a shell call that is not read-only
 * (2.1.128), or none.
 */
export type CascadePolicy =
  | 'bash'
  | 'any'
  | 'every-error'
  | 'every-error-but-read-only'
  | 'every-error-unless-all-edits'
  | 'any-bash-error'
  | 'any-bash-error-but-read-only'
  | 'none';

/**
 * How calls are grouped: by the partition (each call's safety), `serial` (every call alone) or
 * `parallel` (every call together, ignoring safety: the unsafe baseline).
 */
export type Grouping = 'partition' | 'serial' | 'parallel';

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
  /**
   * Whether this strategy, run as a baseline, cancels siblings: only streaming does; the others run
   * every call to its end, as the real agent's non-streaming path does.
   */
  cascades: boolean;
}

export const STRATEGY_SCHEDULES: Readonly<Record<Strategy, StrategySchedule>> = {
  streaming: { timing: 'during-stream', grouping: 'partition', cascades: true },
  batched: { timing: 'after-stream', grouping: 'partition', cascades: false },
  serial: { timing: 'after-stream', grouping: 'serial', cascades: false },
  parallel: { timing: 'after-stream', grouping: 'parallel', cascades: false },
};

import type { StartTiming } from './startRule';
import type { CascadePolicy, Grouping, ResultOrder, Strategy } from './strategy';

/**
 * A run's scheduling, resolved once from its policy, its scenario's settings and the strategy
 * asked for (`resolveSchedule` in `run/scheduling.ts`): what every scheduler of the run (the main
 * agent's and its sub-agents') obeys, and what the run record carries, so nothing downstream
 * resolves it again.
 */
export interface Schedule {
  readonly strategy: Strategy;
  /** When calls may start: while the stream arrives, or once it has ended. */
  readonly timing: StartTiming;
  /** How calls are grouped: by each call's safety, one at a time, or all together. */
  readonly grouping: Grouping;
  /** At most this many calls at once; `null`: no cap. */
  readonly cap: number | null;
  readonly resultOrder: ResultOrder;
  /** Which failures cancel their siblings (`none` for a baseline strategy that runs every call to its end). */
  readonly cascade: CascadePolicy;
}

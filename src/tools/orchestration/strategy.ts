import type { StartTiming } from './startRule';

/** Which errors cancel a call's siblings: a Bash error (the seed's rule), any error, or none. */
export type CascadePolicy = 'bash' | 'any' | 'none';

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
  /** Only the streaming path cancels siblings; the others run to the end, as the real agent's non-streaming path does. */
  cascades: boolean;
}

export const STRATEGY_SCHEDULES: Readonly<Record<Strategy, StrategySchedule>> = {
  streaming: { timing: 'during-stream', grouping: 'partition', cascades: true },
  batched: { timing: 'after-stream', grouping: 'partition', cascades: false },
  serial: { timing: 'after-stream', grouping: 'serial', cascades: false },
  parallel: { timing: 'after-stream', grouping: 'parallel', cascades: false },
};

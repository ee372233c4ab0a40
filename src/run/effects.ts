/** What an imported session's tools do in a replay: replay the log's record, or run again here (design.md, Recorded effects). */
export const EFFECTS = ['recorded', 'rerun'] as const;
export type Effects = (typeof EFFECTS)[number];

/** The user's choice for an imported session: `effects` (by default `recorded`) and, under `rerun`, the network. */
export interface EffectsChoice {
  effects?: Effects;
  /** Under `rerun`, let WebFetch, WebSearch and MCP calls go out; without it they keep their recorded results. */
  network?: boolean;
}

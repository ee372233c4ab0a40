/** The live timeline of a run and its text alternative, the result list. */
export { Timeline, type TimelineProps } from './Timeline';
export type { LaneGuess } from './TimelineLane';
export { ResultList, type ResultListProps } from './ResultList';
export { useToolFinder } from './useToolFinder';
export * from './layout';
export { callAriaLabel, callLabel, inputSummary } from './callText';
export { callView, groupView, resultEntries, type CallView, type ResultEntry } from './resultEntries';
export { FOLD_TURNS_ABOVE } from './turnFolds';

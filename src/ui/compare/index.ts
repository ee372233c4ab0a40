/** The compare view's parts: a run's lane set on a shared axis, its facts, and the final files as diffs. */
export { CompareChart } from './CompareChart';
export { CompareSubjectPicker } from './CompareSubjectPicker';
export { CompareSummary, type SummaryRun } from './CompareSummary';
export { FinalFiles } from './FinalFiles';
export { compareFacts, factSentences, type CompareFacts } from './compareFacts';
export { formatDuration, niceTicks, type Tick } from './niceTicks';
export { lineDiff, type DiffLine } from './lineDiff';
import './compare.css';

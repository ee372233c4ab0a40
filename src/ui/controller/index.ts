/**
 * What the page does, as actions on the store: open scenarios from anywhere (`opening`) and edit
 * them (`scenarioEditing`), start, stop and reset runs of any kind (`runs`),
 * pace a replay and scrub its log (`playback`), the sandbox the page runs on (`sandbox`), the
 * workspace that follows it (`workspace`), and the strategies or policies compared (`compare`).
 * Components render the store and call these; they do not orchestrate.
 */
export { changedPaths, dispatchRun, resetRun, startLive, startRun, stopRun, whyNoRun, type RunRequest } from './runs';
export { applyScenarioText, importScenario, importScenarioFiles, loadScenario, openBuiltIn, openScenario, openSession, startOpening, whenOpeningStarted, type ImportedSession } from './opening';
export { deleteMine, editScenarioText, flushDrafts, notify, revertEdits, saveAsMine, undoDelete, updatePanel } from './scenarioEditing';
export { playbackNow, scrub, setSpeed, step, togglePause } from './playback';
export { beginPageLoad, PAGE_PART_NAMES, partLoaded, whenPageLoaded } from './pageLoad';
export { afterWarmingUp, warmUpForRuns } from './warmUp';
export { prepareWorkspace, setSandboxChoice, snapshotCurrentFiles } from './sandbox';
export { editWorkspaceFile, keepWorkspaceForNextRun, noteShellActivity, sameFiles, syncWorkspace } from './workspace';
export { chooseSandbox, virtualChoice, type SandboxChoice } from './sandboxChoice';
export { LESSON_COMPARISONS, lessonComparison, runCompare, setCompareSubject } from './compare';
export { resetOverrides, runStrategy, setEffects, setOverrides, setPolicy, setStrategy } from './settings';
export { guessBatch, moveGuess, resetGuess } from './predict';

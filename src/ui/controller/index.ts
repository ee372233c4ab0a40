/**
 * What the page does, as actions on the store: start, stop and reset runs of any kind (`runs`),
 * pace a replay and scrub its log (`playback`), the sandbox the page runs on (`sandbox`), and the
 * strategies compared (`compare`). Components render the store and call these; they do not
 * orchestrate.
 */
export { dispatchRun, openEntry, openScenario, resetRun, setStrategy, startLive, startRun, stopRun, whyNoRun, type RunRequest } from './runs';
export { playbackNow, scrub, setSpeed, step, togglePause } from './playback';
export { editWorkspaceFile, prepareWorkspace, setSandboxChoice, snapshotCurrentFiles } from './sandbox';
export { chooseSandbox, virtualChoice, type SandboxChoice } from './sandboxChoice';
export { runCompare } from './compare';

/** The scenarios pane and the pure pieces the app may use beside it (the URL contract above all). */
export { ScenarioPanel, type ScenarioPanelProps } from './ScenarioPanel';
export type { ScenarioEntry, EntrySource } from './entries';
export { parseUrl, shareUrl, builtInUrl, type UrlState, type UrlLocation, type LinkOptions, type SharedScenario } from './urlState';
export { BUILT_IN_ENTRIES, BUILT_IN_IDS, type BuiltInEntry } from './library';
export { checkScenarioText, type LocatedError, type ScenarioTextResult } from './scenarioText';
export { importScenarioFile, exportScenarioFile, type ImportResult, type ExportFile, type TakenIds } from './importExport';
export { openScenarioStore, browserStorage, memoryStorage, STORAGE_KEY, type ScenarioStore, type StorageLike, type UserScenario, type WriteResult } from './storage';

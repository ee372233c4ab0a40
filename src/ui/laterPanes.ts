import { lazy, memo } from 'react';

/**
 * The panes and dialogs that are not on the page's first screen: a side tab not yet opened, the
 * Predict tab, the dialogs. They are left out of its first paint (docs/performance.md) and loaded
 * right after it, when the page is idle ({@link preloadLaterPanes}), so each is there by the time
 * a person opens it. Each is memoised as the App's other panes are: the App draws on every frame of a run.
 */
const LOADS = {
  settings: () => import('./app/SettingsTab'),
  pool: () => import('./app/PoolPanel'),
  predict: () => import('./predict/PredictPanel'),
  permission: () => import('./app/PermissionDialog'),
  question: () => import('./app/QuestionDialog'),
  shortcuts: () => import('./app/ShortcutsDialog'),
  folderReport: () => import('./sessions/FolderReportDialog'),
};

export const SettingsTab = memo(lazy(() => LOADS.settings().then((module) => ({ default: module.SettingsTab }))));
export const PoolPanel = memo(lazy(() => LOADS.pool().then((module) => ({ default: module.PoolPanel }))));
export const PredictPanel = memo(lazy(() => LOADS.predict().then((module) => ({ default: module.PredictPanel }))));
export const PermissionDialog = memo(lazy(() => LOADS.permission().then((module) => ({ default: module.PermissionDialog }))));
export const QuestionDialog = memo(lazy(() => LOADS.question().then((module) => ({ default: module.QuestionDialog }))));
export const ShortcutsDialog = memo(lazy(() => LOADS.shortcuts().then((module) => ({ default: module.ShortcutsDialog }))));
export const FolderReportDialog = memo(lazy(() => LOADS.folderReport().then((module) => ({ default: module.FolderReportDialog }))));

/** Loads every later pane's code (each once; a failed load is tried again when the pane is opened). */
export async function preloadLaterPanes(): Promise<void> {
  await Promise.all(Object.values(LOADS).map((load) => load().catch(() => undefined)));
}

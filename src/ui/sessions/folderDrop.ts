import { usePlayground } from '../store';
import type { FolderSession } from './sessionFiles';

let stop: AbortController | undefined;

/**
 * Reports a dropped folder of sessions across them, in this page: the engine loads with the first
 * folder, each session is replayed in turn, and the report grows as they come.
 */
export async function reportFolderSessions(sessions: readonly FolderSession[]): Promise<void> {
  stop?.abort();
  const controller = new AbortController();
  stop = controller;
  usePlayground.setState({ folderReport: { total: sessions.length, done: 0, running: true, report: null } });
  const { reportSessions } = await import('./folderSessions');
  const report = await reportSessions(
    sessions,
    (done, sofar) => {
      if (!controller.signal.aborted) usePlayground.setState({ folderReport: { total: sessions.length, done, running: true, report: sofar } });
    },
    controller.signal,
  );
  if (!controller.signal.aborted) usePlayground.setState({ folderReport: { total: sessions.length, done: sessions.length, running: false, report } });
}

/** Closes the report (and stops one still being made). */
export function closeFolderReport(): void {
  stop?.abort();
  usePlayground.setState({ folderReport: null });
}

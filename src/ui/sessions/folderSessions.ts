import { FolderReportBuilder, type FolderReport } from '../../run/folderReport';
import { sessionStats } from '../../run/sessionStats';
import { importSessionLog } from '../../scenarios/import/importSessionLog';
import type { LogFile } from '../../scenarios/import/logFile';
import { formatLogProblems } from '../../scenarios/import/logProblems';
import { replayRecorded } from '../controller/engineRuns';
import { breathe } from '../controller/sandbox';
import { pathOf } from './dropPath';
import type { FolderSession } from './sessionFiles';

/**
 * The folder's report, made in this page as the command line makes it (`npm run replay -- FOLDER`):
 * each session imported and replayed with recorded effects under every preset, one at a time, its
 * figures kept and its log let go. Nothing is stored or sent. `progress` hears after each session.
 */
export async function reportSessions(sessions: readonly FolderSession[], progress: (done: number, report: FolderReport) => void, signal: AbortSignal): Promise<FolderReport> {
  const builder = new FolderReportBuilder();
  for (const [index, session] of sessions.entries()) {
    if (signal.aborted) break;
    const name = pathOf(session.main);
    try {
      const files: LogFile[] = await Promise.all([session.main, ...session.subAgents].map(async (file) => ({ name: pathOf(file), text: await file.text() })));
      const imported = importSessionLog(files);
      if (!imported.ok) builder.unreadable(name, formatLogProblems(imported.problems).split('\n')[0] ?? 'it could not be read');
      else {
        const { scenario } = imported;
        const stats = await sessionStats(name, { ...scenario, observed: scenario.observed! }, (policy) => replayRecorded(scenario, policy, signal));
        builder.add(stats);
      }
    } catch (error: unknown) {
      builder.unreadable(name, error instanceof Error ? error.message : String(error));
    }
    progress(index + 1, builder.build());
    await breathe();
  }
  return builder.build();
}

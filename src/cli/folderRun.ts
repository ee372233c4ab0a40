/**
 * `npm run replay -- FOLDER` of session logs: every log in it (found at any depth, any of the
 * agents the importer reads) replayed with recorded effects under every preset, on lanes, and one
 * report across them (design.md, A folder of sessions). Each session's figures come back small;
 * the logs themselves are read and let go one by one.
 */
import { FolderReportBuilder } from '../run/folderReport';
import { formatFolderReport } from '../run/folderReportText';
import type { SessionStats } from '../run/sessionStats';
import { runOnLanes } from './lanes';
import type { CliArgs, CliIo, SessionGroups } from './replayIo';

export async function reportFolder(
  folder: string,
  logs: readonly string[],
  args: CliArgs,
  io: CliIo,
  survey: Partial<Pick<SessionGroups, 'companions' | 'unread' | 'others'>> = {},
): Promise<number> {
  const { companions, unread = [], others = [] } = survey;
  // A folder is a long run: the young generation may grow again as it does by default. The
  // loader keeps it at its first size for a short run's sake (dist-cli/replay.js); over a thousand
  // sessions that made a third of the time garbage collection (docs/performance.md).
  (await import('node:v8')).setFlagsFromString('--semi-space-growth-factor=2');
  const builder = new FolderReportBuilder();
  for (const file of unread) builder.unreadable(file.path, file.why);
  builder.otherFiles(others);
  const { lanes, wallMs } = await runOnLanes(logs, { ...args, sessionStats: true }, io, {
    label: 'sessions',
    ...(companions ? { companions } : {}),
    verdict: (result) => (result.code === 0 ? `${result.calls ?? 0} calls` : 'NOT READ'),
    onResult: (result) => {
      if (result.code === 0 && result.output !== undefined) builder.add(JSON.parse(result.output) as SessionStats);
      else builder.unreadable(result.name, whyUnread(result.name, result.summary));
    },
  });
  const report = builder.build();
  const output =
    args.format === 'json'
      ? `${JSON.stringify(report, null, 2)}\n`
      : args.format === 'html'
        ? (await import('../run/report/folderHtml')).folderHtmlReport(report, `Sessions in ${folder}`)
        : formatFolderReport(report);
  if (args.out !== undefined) await io.writeFile(args.out, output);
  else io.stdout(output);
  io.stderr(`${report.sessions} of ${logs.length + unread.length} session log(s) replayed in ${(wallMs / 1000).toFixed(1)} s on ${lanes} lane(s)${report.unreadable.length > 0 ? `; ${report.unreadable.length} could not be read` : ''}\n`);
  return report.sessions > 0 ? 0 : 2;
}

/** Why a log did not replay, from its run's summary: its first lines, without the command's own heading or the file's name again. */
export function whyUnread(file: string, summary: string): string {
  const lines = summary
    .trim()
    .split('\n')
    .filter((line) => !/^replay: .* could not be replayed$/.test(line))
    .map((line) => (line.startsWith(`${file}: `) ? line.slice(file.length + 2) : line));
  return lines.slice(0, 3).join(' ').slice(0, 400) || 'it could not be replayed';
}

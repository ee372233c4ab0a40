import { agentAndVersion } from '../scenarios/import/sessionAgents';
import type { FolderReport, VersionRow } from './folderReport';
import { secondsText } from './timeText';

/** The report in words, as the command line prints it. */
export function formatFolderReport(report: FolderReport): string {
  const lines = [`${report.sessions} session(s), ${report.calls} call(s)`];
  for (const agent of report.agents) lines.push(`  ${agentAndVersion(agent).padEnd(34)} ${String(agent.sessions).padStart(5)} session(s) ${String(agent.calls).padStart(7)} call(s)`);
  lines.push('', `tool time, as it ran and under each preset (recorded effects; per session: 10th / 50th / 90th percentile of the ratio)`);
  lines.push(`  ${'as it ran'.padEnd(20)} ${secondsText(report.realToolMs).padStart(10)}           cancelled ${report.realCancelled}  results passing an earlier one ${report.realPassing}`);
  for (const preset of report.presets) {
    const ratio = preset.ratio === null ? '' : `(${preset.ratio.toFixed(2)}×)`;
    const spreadText = preset.perSession ? `  ${preset.perSession.p10.toFixed(2)} / ${preset.perSession.median.toFixed(2)} / ${preset.perSession.p90.toFixed(2)}` : '';
    lines.push(`  ${preset.policy.padEnd(20)} ${secondsText(preset.toolMs).padStart(10)} ${ratio.padEnd(9)} cancelled ${preset.cancelled}  passing ${preset.passing}${spreadText}`);
  }
  if (report.slowestTools.length > 0) {
    lines.push('', 'the slowest tools, as they ran');
    for (const tool of report.slowestTools) lines.push(`  ${tool.name.padEnd(24)} ${secondsText(tool.ms).padStart(10)} in ${tool.calls} call(s), longest ${secondsText(tool.maxMs)}`);
  }
  if (report.waits.length > 0) {
    lines.push('', 'what calls waited for, under their own agent’s preset');
    for (const wait of report.waits) lines.push(`  ${wait.cause.padEnd(24)} ${secondsText(wait.ms).padStart(10)}`);
  }
  if (report.versions.length > 0) lines.push('', ...versionTable(report.versions));
  if (report.rows.length > 0) {
    lines.push('', 'each session (calls, tool time as it ran, its own preset’s tool time over the real one, outcomes and starts as they really were)');
    for (const row of report.rows) {
      const own = row.ratios[row.preset];
      const fidelity = row.fidelity ? `${row.fidelity.sameOutcome}/${row.fidelity.calls} outcomes, ${share(row.fidelity.startsWithin, row.fidelity.timed)} of starts` : 'not replayed';
      lines.push(`  ${row.file}`);
      lines.push(`    ${agentAndVersion(row).padEnd(30)} ${String(row.calls).padStart(5)} call(s) ${secondsText(row.realToolMs).padStart(9)}  ${row.preset} ${own === null || own === undefined ? '—' : `${own.toFixed(2)}×`}  ${fidelity}`);
    }
  }
  if (report.unreadable.length > 0) {
    lines.push('', `${report.unreadable.length} file(s) not read:`);
    for (const each of report.unreadable) lines.push(`  ${each.file}: ${each.why}`);
  }
  if (report.otherFiles.length > 0) lines.push('', otherFilesText(report.otherFiles));
  return `${lines.join('\n')}\n`;
}

/** A share as a percentage with one decimal, or "—" of nothing. */
export function share(part: number, whole: number): string {
  return whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`;
}

/** The fidelity of each agent version's replays and what its logs say of themselves, one line each. */
function versionTable(versions: readonly VersionRow[]): string[] {
  const lines = ['by agent version: replayed under its own preset (outcomes as they were; starts within 50 ms, of all and of those the log itself says), and what the logs say of themselves'];
  lines.push(`  ${'agent version'.padEnd(30)} ${'sessions'.padStart(8)} ${'outcomes'.padStart(14)} ${'starts'.padStart(8)} ${'logged'.padStart(8)}  unanswered  out of order  split  cancelled  hooks          permission waits  ran sooner`);
  for (const version of versions) {
    const { fidelity: f, audit: a } = version;
    lines.push(
      `  ${agentAndVersion(version).padEnd(30)} ${String(version.sessions).padStart(8)} ${`${f.sameOutcome}/${f.calls}`.padStart(14)} ${share(f.startsWithin, f.timed).padStart(8)} ${share(f.logStartsWithin, f.logTimed).padStart(8)}  ${String(a.unanswered).padStart(10)}  ${String(a.resultsOutOfOrder).padStart(12)}  ${String(a.resultsSplit).padStart(5)}  ${String(a.cancelledBySibling).padStart(9)}  ${`${a.hooks.runs} · ${secondsText(a.hooks.ms)}`.padEnd(13)}  ${`${a.permissionWaits.calls} · ${secondsText(a.permissionWaits.ms)}`.padEnd(16)}  ${String(a.ranSooner).padStart(10)}`,
    );
  }
  return lines;
}

/** The folder's files that are no session log, in one line: "12 other file(s), no session log: *.png 9, *.json, opened 3". */
export function otherFilesText(kinds: FolderReport['otherFiles']): string {
  const count = kinds.reduce((sum, each) => sum + each.count, 0);
  return `${count} other file(s), no session log (by name, or opened and claimed by no format): ${kinds.map((each) => `${each.kind} ${each.count}`).join('; ')}`;
}

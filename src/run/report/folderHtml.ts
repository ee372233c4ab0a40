import { agentAndVersion } from '../../scenarios/import/sessionAgents';
import { byAgentVersion, type FolderReport, type SessionRow } from '../folderReport';
import { otherFilesText, share } from '../folderReportText';
import { escapeMarkup, reportHead } from './markup';
import { secondsText } from '../timeText';


/** A bar per row, as inline SVG: the widest value fills the width. */
function bars(rows: readonly { label: string; value: number; text: string; accent?: boolean }[]): string {
  const rowHeight = 22;
  const labelWidth = 190;
  const width = 720;
  const max = Math.max(1, ...rows.map((row) => row.value));
  const body = rows
    .map((row, index) => {
      const y = index * rowHeight;
      const w = Math.max(1, ((width - labelWidth - 120) * row.value) / max);
      return `<text x="0" y="${y + 15}">${escapeMarkup(row.label)}</text><rect x="${labelWidth}" y="${y + 4}" width="${w.toFixed(1)}" height="14" fill="${row.accent ? '#8250df' : '#2da44e'}"><title>${escapeMarkup(`${row.label}: ${row.text}`)}</title></rect><text x="${(labelWidth + w + 6).toFixed(1)}" y="${y + 15}">${escapeMarkup(row.text)}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${width}" height="${rows.length * rowHeight}" font-size="12" font-family="system-ui,sans-serif">${body}</svg>`;
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  return `<table><tr>${head.map((cell) => `<th>${escapeMarkup(cell)}</th>`).join('')}</tr>${rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeMarkup(cell)}</td>`).join('')}</tr>`).join('')}</table>`;
}

/** How the sessions' table can be sorted: each a copy of it, shown by its radio button (CSS alone: the file runs no script). */
const SORTS: readonly { id: string; label: string; compare: (a: SessionRow, b: SessionRow) => number }[] = [
  { id: 'file', label: 'file', compare: (a, b) => a.file.localeCompare(b.file) },
  { id: 'agent', label: 'agent version', compare: (a, b) => byAgentVersion(a, b) || a.file.localeCompare(b.file) },
  { id: 'calls', label: 'calls', compare: (a, b) => b.calls - a.calls },
  { id: 'time', label: 'tool time', compare: (a, b) => b.realToolMs - a.realToolMs },
  { id: 'ratio', label: 'own preset over the real run', compare: (a, b) => (b.ratios[b.preset] ?? -1) - (a.ratios[a.preset] ?? -1) },
  { id: 'fidelity', label: 'starts within 50 ms', compare: (a, b) => startShare(a) - startShare(b) },
];

function startShare(row: SessionRow): number {
  return row.fidelity && row.fidelity.timed > 0 ? row.fidelity.startsWithin / row.fidelity.timed : 2;
}

/** The sessions' table, once per way to sort it, with the radio buttons that pick which shows. */
function sessionTables(rows: readonly SessionRow[]): string {
  const policies = rows.length > 0 ? Object.keys(rows[0]!.ratios) : [];
  const head = ['file', 'agent version', 'calls', 'tool time as it ran', 'own preset', 'outcomes as they were', 'starts within 50 ms', ...policies];
  const cells = (row: SessionRow) => [
    row.file,
    agentAndVersion(row),
    String(row.calls),
    secondsText(row.realToolMs),
    row.preset,
    row.fidelity ? `${row.fidelity.sameOutcome} of ${row.fidelity.calls}` : 'not replayed',
    row.fidelity ? share(row.fidelity.startsWithin, row.fidelity.timed) : '—',
    ...policies.map((policy) => (row.ratios[policy] === null || row.ratios[policy] === undefined ? '—' : `${row.ratios[policy].toFixed(2)}×`)),
  ];
  const radios = SORTS.map((sort, index) => `<input type="radio" name="sort" id="sort-${sort.id}" class="sort-radio"${index === 0 ? ' checked' : ''}>`).join('');
  const labels = `<p class="sort-by">Sort by: ${SORTS.map((sort) => `<label for="sort-${sort.id}">${escapeMarkup(sort.label)}</label>`).join(' · ')}</p>`;
  const copies = SORTS.map((sort) => `<div class="sorted sorted-${sort.id}">${table(head, [...rows].sort(sort.compare).map(cells))}</div>`).join('');
  return `<div class="sessions">${radios}${labels}${copies}</div>`;
}

/** The folder's report as one HTML file: charts as inline SVG, no script, nothing loaded. */
export function folderHtmlReport(report: FolderReport, title: string): string {
  const presetRows = [
    { label: 'as it ran', value: report.realToolMs, text: secondsText(report.realToolMs), accent: true },
    ...report.presets.map((preset) => ({ label: preset.policy, value: preset.toolMs, text: `${secondsText(preset.toolMs)}${preset.ratio === null ? '' : ` (${preset.ratio.toFixed(2)}×)`}` })),
  ];
  const spreadRows = report.presets.map((preset) => [
    preset.policy,
    preset.perSession ? preset.perSession.p10.toFixed(2) : '—',
    preset.perSession ? preset.perSession.median.toFixed(2) : '—',
    preset.perSession ? preset.perSession.p90.toFixed(2) : '—',
    String(preset.cancelled),
    String(preset.passing),
  ]);
  return `${reportHead(title, STYLE)}
<p class="meta">${report.sessions} sessions · ${report.calls} calls · each replayed with recorded effects (nothing ran) under every preset</p>
${table(['agent', 'sessions', 'calls'], report.agents.map((agent) => [agentAndVersion(agent), String(agent.sessions), String(agent.calls)]))}
<h2>Tool time, as it ran and under each preset</h2>
${bars(presetRows)}
<h2>Per session: the preset's tool time over the real one</h2>
${table(['preset', '10th percentile', 'median', '90th percentile', 'cancelled by a sibling', 'results passing an earlier one'], [['as it ran', '1.00', '1.00', '1.00', String(report.realCancelled), String(report.realPassing)], ...spreadRows])}
<h2>The slowest tools, as they ran</h2>
${bars(report.slowestTools.map((tool) => ({ label: tool.name, value: tool.ms, text: `${secondsText(tool.ms)} in ${tool.calls} calls, longest ${secondsText(tool.maxMs)}` })))}
<h2>What calls waited for, under their own agent’s preset</h2>
${report.waits.length > 0 ? bars(report.waits.map((wait) => ({ label: wait.cause, value: wait.ms, text: secondsText(wait.ms) }))) : '<p>Nothing waited.</p>'}
<h2>By agent version: how faithful the replays were, and what the logs say of themselves</h2>
${table(
  ['agent version', 'sessions', 'outcomes as they were', 'starts within 50 ms', 'of those the log says', 'unanswered', 'results out of order', 'results split', 'cancelled by a sibling', 'hooks', 'permission waits', 'ran sooner than its rules'],
  report.versions.map((version) => {
    const { fidelity: f, audit: a } = version;
    return [agentAndVersion(version), String(version.sessions), `${f.sameOutcome} of ${f.calls}`, share(f.startsWithin, f.timed), share(f.logStartsWithin, f.logTimed), String(a.unanswered), String(a.resultsOutOfOrder), String(a.resultsSplit), String(a.cancelledBySibling), `${a.hooks.runs} · ${secondsText(a.hooks.ms)}`, `${a.permissionWaits.calls} · ${secondsText(a.permissionWaits.ms)}`, String(a.ranSooner)];
  }),
)}
<h2>Each session</h2>
${sessionTables(report.rows)}
${report.unreadable.length > 0 ? `<h2>Files not read</h2><ul>${report.unreadable.map((each) => `<li><code>${escapeMarkup(each.file)}</code>: ${escapeMarkup(each.why)}</li>`).join('')}</ul>` : ''}
${report.otherFiles.length > 0 ? `<p>${escapeMarkup(otherFilesText(report.otherFiles))}</p>` : ''}
<footer>Made by the Tool System Playground from the session logs of a folder. This file runs no script and loads nothing.</footer>
</body>
</html>
`;
}

const SORT_STYLE = SORTS.map((sort) => `#sort-${sort.id}:checked~.sorted-${sort.id}{display:block}#sort-${sort.id}:checked~.sort-by label[for="sort-${sort.id}"]{font-weight:600;text-decoration:underline}`).join('');

const STYLE = `.sorted{display:none;overflow-x:auto}.sort-radio{position:absolute;opacity:0;width:1px;height:1px}.sort-by label{cursor:pointer;color:#0969da}${SORT_STYLE}
body{font:14px/1.45 system-ui,sans-serif;color:#24292f;margin:24px auto;max-width:1040px;padding:0 12px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}.meta{color:#57606a;margin:0 0 12px}
table{border-collapse:collapse;margin:8px 0}th,td{text-align:left;padding:3px 14px 3px 0;border-bottom:1px solid #d0d7de}th{font-weight:600}
svg{max-width:100%;height:auto}footer{color:#57606a;margin-top:32px;font-size:12px}`;

import { agentAndVersion } from '../../scenarios/import/sessionAgents';
import type { FolderReport } from '../folderReport';
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
${report.unreadable.length > 0 ? `<h2>Logs that could not be read</h2><ul>${report.unreadable.map((each) => `<li><code>${escapeMarkup(each.file)}</code>: ${escapeMarkup(each.why)}</li>`).join('')}</ul>` : ''}
<footer>Made by the Tool System Playground from the session logs of a folder. This file runs no script and loads nothing.</footer>
</body>
</html>
`;
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;color:#24292f;margin:24px auto;max-width:1040px;padding:0 12px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}.meta{color:#57606a;margin:0 0 12px}
table{border-collapse:collapse;margin:8px 0}th,td{text-align:left;padding:3px 14px 3px 0;border-bottom:1px solid #d0d7de}th{font-weight:600}
svg{max-width:100%;height:auto}footer{color:#57606a;margin-top:32px;font-size:12px}`;

import { labelCall } from '../../tools/orchestration/callLabel';
import { causeLinks } from '../causeLinks';
import type { CallRecord, RunRecord } from '../record';
import { allCalls, runFacts } from '../runFacts';
import { formatMs } from '../timeText';
import { escapeMarkup, reportHead } from './markup';
import { OUTCOME_FILL, PHASE_FILL, svgTimeline, type ReportLink } from './svgTimeline';

/** Longest result text kept per call; a report is meant to be attached to an issue. */
const RESULT_CHARS = 20_000;

/** What a report may say beside the record: fidelity, a real-vs-policies summary, … */
export interface ReportSection {
  readonly title: string;
  readonly text: string;
}

export interface ReportOptions {
  /** The causes to draw; by default the record's own cause links. */
  readonly links?: readonly ReportLink[];
  readonly sections?: readonly ReportSection[];
  /** Title of the report; the scenario's id when absent. */
  readonly title?: string;
  /** Another record of the same calls to draw below, e.g. an imported session as it really ran. */
  readonly alongside?: { readonly label: string; readonly record: RunRecord };
}

/**
 * A run as one self-contained HTML file: the timeline with its causes, the facts a comparison is
 * about, every call with its input, waits and result, and any sections given. No script, no
 * stylesheet or font from elsewhere, and a content security policy that forbids fetching
 * anything, so it opens the same attached to a pull request, mailed, or offline.
 */
export function htmlReport(record: RunRecord, options: ReportOptions = {}): string {
  const facts = runFacts(record);
  const calls = allCalls(record.turns);
  const policy = typeof record.settings.policy === 'string' ? record.settings.policy : undefined;
  const asItRan = typeof record.settings.asItRan === 'string' ? record.settings.asItRan : undefined;
  const title = options.title ?? record.scenario;
  const expectations = record.expectations === null ? 'not checked' : record.expectations.passed ? 'met' : 'not met';
  const failures = record.expectations?.failures ?? [];
  const meta = [
    asItRan ?? `sandbox ${record.sandbox}`,
    `strategy ${record.strategy}`,
    ...(policy !== undefined ? [`policy ${policy}`] : []),
    `makespan ${formatMs(record.endedAt - record.startedAt)}`,
    `${calls.length} calls`,
  ];
  const factRows: [string, string][] = [
    ['expectations', expectations],
    ['cancelled by a sibling', String(facts.cancelled)],
    ['results that passed an earlier one', String(facts.outOfOrder)],
    ['edits lost', facts.lostEdits.length === 0 ? 'none' : facts.lostEdits.map((edit) => `${edit.id} (${edit.path})`).join(', ')],
    ...(record.error !== undefined ? [['run failed', record.error] as [string, string]] : []),
  ];
  return `${reportHead(title, STYLE)}
<p class="meta">${meta.map(escapeMarkup).join(' · ')}</p>
<table class="facts">${factRows.map(([key, value]) => `<tr><th>${escapeMarkup(key)}</th><td>${escapeMarkup(value)}</td></tr>`).join('')}</table>
${failures.length > 0 ? `<ul class="failures">${failures.map((failure) => `<li>${escapeMarkup(failure)}</li>`).join('')}</ul>` : ''}
<h2>Timeline</h2>
<p class="legend">${legend()}</p>
<div class="timeline">${svgTimeline(record, options.links ?? causeLinks(record))}</div>
${options.alongside ? `<h2>${escapeMarkup(options.alongside.label)}</h2>\n<div class="timeline">${svgTimeline(options.alongside.record, causeLinks(options.alongside.record))}</div>` : ''}
${(options.sections ?? []).map((section) => `<h2>${escapeMarkup(section.title)}</h2>\n<pre>${escapeMarkup(section.text)}</pre>`).join('\n')}
<h2>Calls</h2>
${calls.map(callDetails).join('\n')}
<footer>Made by the Tool System Playground from a run record (version ${record.version}). This file runs no script and loads nothing.</footer>
</body>
</html>
`;
}

function legend(): string {
  const swatch = (fill: string, text: string): string => `<span class="swatch" style="background:${fill}"></span>${escapeMarkup(text)}`;
  return [
    swatch(PHASE_FILL.queued, 'queued'),
    swatch(`repeating-linear-gradient(45deg, ${PHASE_FILL.latency} 0 3px, #f3effc 3px 6px)`, 'simulated latency'),
    swatch(`repeating-linear-gradient(45deg, ${PHASE_FILL.asking} 0 2px, #fdf6dc 2px 5px)`, 'asking permission'),
    swatch(OUTCOME_FILL.success!, 'executing (colour of its outcome)'),
    swatch(PHASE_FILL['completed-awaiting-yield'], 'completed, awaiting its yield'),
    '<span class="swatch frame"></span>a batch (tinted blue: concurrent)',
    '<span class="arrow">↓</span> a cause: the lane it starts on held up, cancelled or brought the lane it points at',
  ].join(' ');
}

function callDetails(call: CallRecord): string {
  const outcome = call.outcome ?? 'unfinished';
  const took = call.runStartedAt !== null && call.completedAt !== null ? formatMs(call.completedAt - call.runStartedAt) : '—';
  const content = call.result?.content ?? '';
  const kept = content.length > RESULT_CHARS ? `${content.slice(0, RESULT_CHARS)}\n… (${content.length - RESULT_CHARS} more characters)` : content;
  const waits = call.waits.map((wait) => `<li>${formatMs(wait.from)}–${wait.to === null ? '…' : formatMs(wait.to)}: ${escapeMarkup(wait.reason)}</li>`).join('');
  return `<details class="call"><summary><span class="outcome" style="border-color:${OUTCOME_FILL[outcome] ?? '#8c959f'}">${escapeMarkup(outcome)}</span> ${escapeMarkup(labelCall(call))} <small>${escapeMarkup(call.id)}${call.agent !== undefined ? ` · sub-agent of ${escapeMarkup(call.agent)}` : ''} · ran ${took}</small></summary>
<h3>Input</h3><pre>${escapeMarkup(JSON.stringify(call.input, null, 2) ?? '')}</pre>
${waits ? `<h3>Waits</h3><ul>${waits}</ul>` : ''}
<h3>Result${call.result?.is_error ? ' (error)' : ''}</h3><pre>${escapeMarkup(kept) || '<i>none</i>'}</pre></details>`;
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;color:#24292f;margin:24px auto;max-width:1040px;padding:0 12px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}h3{font-size:13px;margin:10px 0 4px}
.meta{color:#57606a;margin:0 0 12px}.facts th{text-align:left;font-weight:600;padding:2px 16px 2px 0}.facts td{padding:2px 0}.failures{color:#cf222e;margin:4px 0}
.timeline{overflow-x:auto;border:1px solid #d0d7de;border-radius:6px;padding:4px}
.legend{font-size:12px;color:#57606a}.swatch{display:inline-block;width:12px;height:10px;margin:0 4px 0 10px;vertical-align:-1px;border-radius:2px}.frame{border:1px solid #2f81f7;background:#2f81f70d}.arrow{color:#d1242f;margin-left:10px}
pre{background:#f6f8fa;padding:8px;border-radius:6px;overflow:auto;max-height:360px;white-space:pre-wrap;word-break:break-word}
details.call{border-bottom:1px solid #eaeef2;padding:4px 0}summary{cursor:pointer}summary small{color:#57606a}
.outcome{display:inline-block;min-width:80px;border-left:4px solid;padding-left:6px;font-weight:600}
footer{margin-top:32px;color:#57606a;font-size:12px}`;

import { agentAndVersion } from '../scenarios/import/sessionAgents';
import type { SessionStats } from './sessionStats';
import { secondsText } from './timeText';

/** A folder of sessions in figures (`npm run replay -- FOLDER`): one report across every log in it. */
export interface FolderReport {
  readonly sessions: number;
  readonly calls: number;
  /** Sessions and calls per agent and version. */
  readonly agents: readonly { readonly agent: string; readonly version: string; readonly sessions: number; readonly calls: number }[];
  readonly realToolMs: number;
  readonly realCancelled: number;
  readonly realPassing: number;
  /** Each preset over every session: tool time (and over the real one), cancellations, results passing an earlier one, and the spread of the ratio per session. */
  readonly presets: readonly {
    readonly policy: string;
    readonly toolMs: number;
    readonly ratio: number | null;
    readonly cancelled: number;
    readonly passing: number;
    /** The ratio of this preset's tool time to the real one, per session: 10th, 50th and 90th percentile. */
    readonly perSession: { readonly p10: number; readonly median: number; readonly p90: number } | null;
  }[];
  /** As they ran, the tools that took the most time in all. */
  readonly slowestTools: readonly { readonly name: string; readonly calls: number; readonly ms: number; readonly maxMs: number }[];
  /** What calls waited for under their own agent's preset, longest first. */
  readonly waits: readonly { readonly cause: string; readonly ms: number }[];
  /** Logs that could not be read, each with why. */
  readonly unreadable: readonly { readonly file: string; readonly why: string }[];
}

/**
 * Gathers the sessions of a folder one by one (each session's figures are small; the logs
 * themselves are never held), then makes the report.
 */
export class FolderReportBuilder {
  #sessions = 0;
  #calls = 0;
  #realToolMs = 0;
  #realCancelled = 0;
  #realPassing = 0;
  readonly #agents = new Map<string, { agent: string; version: string; sessions: number; calls: number }>();
  readonly #presets = new Map<string, { toolMs: number; cancelled: number; passing: number; ratios: number[] }>();
  readonly #tools = new Map<string, { calls: number; ms: number; maxMs: number }>();
  readonly #waits = new Map<string, number>();
  readonly #unreadable: { file: string; why: string }[] = [];

  add(stats: SessionStats): void {
    this.#sessions++;
    this.#calls += stats.calls;
    this.#realToolMs += stats.realToolMs;
    this.#realCancelled += stats.realCancelled;
    this.#realPassing += stats.realPassing;
    const key = `${stats.agent}\u0000${stats.version}`;
    const agent = this.#agents.get(key) ?? { agent: stats.agent, version: stats.version, sessions: 0, calls: 0 };
    agent.sessions++;
    agent.calls += stats.calls;
    this.#agents.set(key, agent);
    for (const preset of stats.presets) {
      const entry = this.#presets.get(preset.policy) ?? { toolMs: 0, cancelled: 0, passing: 0, ratios: [] };
      entry.toolMs += preset.toolMs;
      entry.cancelled += preset.cancelled;
      entry.passing += preset.passing;
      if (stats.realToolMs > 0) entry.ratios.push(preset.toolMs / stats.realToolMs);
      this.#presets.set(preset.policy, entry);
    }
    for (const [name, tool] of Object.entries(stats.tools)) {
      const entry = this.#tools.get(name) ?? { calls: 0, ms: 0, maxMs: 0 };
      entry.calls += tool.calls;
      entry.ms += tool.ms;
      entry.maxMs = Math.max(entry.maxMs, tool.maxMs);
      this.#tools.set(name, entry);
    }
    for (const [cause, ms] of Object.entries(stats.waits)) this.#waits.set(cause, (this.#waits.get(cause) ?? 0) + ms);
  }

  unreadable(file: string, why: string): void {
    this.#unreadable.push({ file, why });
  }

  build(): FolderReport {
    return {
      sessions: this.#sessions,
      calls: this.#calls,
      agents: [...this.#agents.values()].sort((a, b) => a.agent.localeCompare(b.agent) || a.version.localeCompare(b.version, undefined, { numeric: true })),
      realToolMs: this.#realToolMs,
      realCancelled: this.#realCancelled,
      realPassing: this.#realPassing,
      presets: [...this.#presets].map(([policy, entry]) => ({
        policy,
        toolMs: entry.toolMs,
        ratio: this.#realToolMs > 0 ? entry.toolMs / this.#realToolMs : null,
        cancelled: entry.cancelled,
        passing: entry.passing,
        perSession: spread(entry.ratios),
      })),
      slowestTools: [...this.#tools]
        .map(([name, tool]) => ({ name, ...tool }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 10),
      waits: [...this.#waits].map(([cause, ms]) => ({ cause, ms })).sort((a, b) => b.ms - a.ms),
      unreadable: [...this.#unreadable],
    };
  }
}

function spread(values: readonly number[]): { p10: number; median: number; p90: number } | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p10: at(0.1), median: at(0.5), p90: at(0.9) };
}


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
  if (report.unreadable.length > 0) {
    lines.push('', `${report.unreadable.length} log(s) could not be read:`);
    for (const each of report.unreadable) lines.push(`  ${each.file}: ${each.why}`);
  }
  return `${lines.join('\n')}\n`;
}

import type { LogAudit } from '../scenarios/schema';
import type { SessionStats } from './sessionStats';

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
  /** The folder's files that are no session log, by kind (`*.png`; `*.json, opened` for one no format claims). */
  readonly otherFiles: readonly { readonly kind: string; readonly count: number }[];
  /** One row per session, by file path, so two runs of one folder print the same report whichever lane finished first. */
  readonly rows: readonly SessionRow[];
  /** Per agent version: how faithful the replays were, and what the logs say of themselves. */
  readonly versions: readonly VersionRow[];
}

/** One session of the folder, as its row: its stats' own figures, and what the report makes of them. */
export interface SessionRow extends Pick<SessionStats, 'file' | 'agent' | 'version' | 'preset' | 'calls' | 'realToolMs'> {
  /** Each preset's tool time over the real one (`null` where the session's tools took no time). */
  readonly ratios: Readonly<Record<string, number | null>>;
  readonly fidelity: Fidelity | null;
  readonly audit: LogAudit | null;
}

/** Outcomes and starts held to the real run: how many of how many. */
export interface Fidelity {
  readonly sameOutcome: number;
  readonly calls: number;
  readonly startsWithin: number;
  readonly timed: number;
  /** Of the starts, those the log itself says (the rest the agent's rules give). */
  readonly logStartsWithin: number;
  readonly logTimed: number;
}

/** One agent version across the folder's sessions of it. */
export interface VersionRow {
  readonly agent: string;
  readonly version: string;
  readonly sessions: number;
  readonly fidelity: Fidelity;
  /** The logs' audits summed. */
  readonly audit: LogAudit;
}

const NO_AUDIT: LogAudit = { unanswered: 0, cancelledBySibling: 0, resultsOutOfOrder: 0, resultsSplit: 0, hooks: { runs: 0, ms: 0 }, permissionWaits: { calls: 0, ms: 0 }, ranSooner: 0 };
const NO_FIDELITY: Fidelity = { sameOutcome: 0, calls: 0, startsWithin: 0, timed: 0, logStartsWithin: 0, logTimed: 0 };

/** Two counts of one shape added field by field, nested counts too (an audit, a fidelity): a field added to either is summed with no change here. */
function addCounts<T extends object>(a: T, b: T): T {
  const sum = (x: unknown, y: unknown): unknown =>
    typeof x === 'number' ? x + (y as number) : Object.fromEntries(Object.entries(x as object).map(([key, value]) => [key, sum(value, (y as Record<string, unknown>)[key])]));
  return sum(a, b) as T;
}

/** A session's fidelity in the report's terms. */
function fidelityOf(stats: SessionStats): Fidelity | null {
  const totals = stats.fidelity;
  if (!totals) return null;
  const log = totals.byWitness.log;
  return { sameOutcome: totals.sameOutcome, calls: totals.calls, startsWithin: totals.startsWithin, timed: totals.timed, logStartsWithin: log.startsWithin, logTimed: log.timed };
}

/** Agent by agent, and each agent's versions in their numeric order ("2.1.9" before "2.1.47"). */
export function byAgentVersion(a: { readonly agent: string; readonly version: string }, b: { readonly agent: string; readonly version: string }): number {
  return a.agent.localeCompare(b.agent) || a.version.localeCompare(b.version, undefined, { numeric: true });
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
  #otherFiles: readonly { kind: string; count: number }[] = [];
  readonly #rows: SessionRow[] = [];
  readonly #versions = new Map<string, { agent: string; version: string; sessions: number; fidelity: Fidelity; audit: LogAudit }>();

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
    const fidelity = fidelityOf(stats);
    this.#rows.push({
      file: stats.file,
      agent: stats.agent,
      version: stats.version,
      preset: stats.preset,
      calls: stats.calls,
      realToolMs: stats.realToolMs,
      ratios: Object.fromEntries(stats.presets.map((preset) => [preset.policy, stats.realToolMs > 0 ? preset.toolMs / stats.realToolMs : null])),
      fidelity,
      audit: stats.audit ?? null,
    });
    const version = this.#versions.get(key) ?? { agent: stats.agent, version: stats.version, sessions: 0, fidelity: NO_FIDELITY, audit: NO_AUDIT };
    version.sessions++;
    if (fidelity) version.fidelity = addCounts(version.fidelity, fidelity);
    if (stats.audit) version.audit = addCounts(version.audit, stats.audit);
    this.#versions.set(key, version);
  }

  unreadable(file: string, why: string): void {
    this.#unreadable.push({ file, why });
  }

  otherFiles(kinds: readonly { kind: string; count: number }[]): void {
    this.#otherFiles = [...kinds];
  }

  build(): FolderReport {
    return {
      sessions: this.#sessions,
      calls: this.#calls,
      agents: [...this.#agents.values()].sort(byAgentVersion),
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
      otherFiles: this.#otherFiles,
      rows: [...this.#rows].sort((a, b) => a.file.localeCompare(b.file)),
      versions: [...this.#versions.values()].sort(byAgentVersion),
    };
  }
}

function spread(values: readonly number[]): { p10: number; median: number; p90: number } | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p10: at(0.1), median: at(0.5), p90: at(0.9) };
}



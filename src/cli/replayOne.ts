import type { RunRecord } from '../run/record';
import { settingsProblems } from '../run/runScenario';
import type { ReportOptions } from '../run/report/htmlReport';
import { formatSummary, formatTimeline } from '../run/timelineText';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import type { LogFile } from '../scenarios/import/logFile';
import { HEAD_BYTES, isScenarioHead } from '../scenarios/import/formatClaim';
import { storageFileOf } from '../scenarios/import/opencode/storagePath';
import type { Scenario } from '../scenarios/schema';
import { formatErrors, parseScenario, validateScenario } from '../scenarios/validate';
import { runRecord, underPolicy } from './runRecord';
import type { Format, ReplayOptions } from './replayOptions';

export { FORMAT_SUFFIX, FORMATS, type Format, type ReplayOptions } from './replayOptions';

/** One scenario's replay, as plain data (it crosses from a worker thread). */
export interface ReplayResult {
  /** The name it was given by: a built-in id or a path. */
  name: string;
  /** The scenario's id, once it was read. */
  id?: string;
  /** 0 met, 1 not met (or the run failed), 2 invalid. */
  code: 0 | 1 | 2;
  /** The record in the asked format (absent when invalid). */
  output?: string;
  /** `formatSummary` of the record, or why the scenario is invalid. */
  summary: string;
  /** The expectations that were not met, or the run's error. */
  failures: string[];
  makespanMs?: number;
  calls?: number;
  /** Real time the replay took, in milliseconds. */
  wallMs: number;
}

/** What loading a scenario reads: files, and (for a session log) the log with its sub-agents' logs. */
export interface ScenarioReader {
  readFile(path: string): Promise<string>;
  readSessionFiles?(path: string): Promise<LogFile[]>;
}

/**
 * Finds a built-in scenario by id, or reads and validates a file. A session log of any format the
 * table knows is imported first, told by what the file holds, not by its name (sessionFormats.ts):
 * a `.jsonl` file always goes to the importer, which says what it is or why it is none; any other
 * file does when a format claims it (a Cline `ui_messages.json` alone or renamed, a Gemini chat, an
 * OpenCode export, an Aider history, to be refused with why); the rest is read as a scenario.
 */
export async function loadScenario(name: string, io: ScenarioReader, companions: readonly string[] = []): Promise<{ ok: true; scenario: Scenario } | { ok: false; message: string }> {
  if (name.endsWith('.jsonl') || storageFileOf(name)?.kind === 'session') return loadSession(name, io, companions);
  const builtIn = BUILT_IN_SCENARIOS.find((raw) => (raw as { id?: unknown }).id === name);
  if (builtIn !== undefined) {
    const result = validateScenario(builtIn);
    return result.ok ? result : { ok: false, message: formatErrors(result.errors, `built-in ${name}`) };
  }
  let text: string;
  try {
    text = await io.readFile(name);
  } catch (error: unknown) {
    const code = (error as { code?: string }).code;
    const why = code === 'ENOENT' ? 'no such file, and no built-in scenario has that id' : error instanceof Error ? error.message : String(error);
    return { ok: false, message: `${name}: ${why}` };
  }
  if (await isSessionLog(name, text)) return loadSession(name, io, companions);
  const result = parseScenario(text, name);
  return result.ok ? result : { ok: false, message: formatErrors(result.errors, name) };
}

/**
 * Whether a file's text is a session log of a format the table knows. A scenario (a JSON object
 * with its `turns`) is none, and is told without loading the formats.
 */
async function isSessionLog(name: string, text: string): Promise<boolean> {
  const head = text.slice(0, HEAD_BYTES);
  if (isScenarioHead(head)) return false;
  const { formatOfFile } = await import('../scenarios/import/sessionFormats');
  return formatOfFile({ name, head, text }) !== undefined;
}

/**
 * Imports a session log (the importer loads only for one), with the `companions` a folder's search
 * put with it (a Codex session's sub-agents' rollouts); its problems go to the summary's reader as
 * notes when a scenario came of it.
 */
async function loadSession(name: string, io: ScenarioReader, companions: readonly string[]): Promise<{ ok: true; scenario: Scenario } | { ok: false; message: string }> {
  let files: LogFile[];
  try {
    files = io.readSessionFiles ? await io.readSessionFiles(name) : [{ name, text: await io.readFile(name) }];
    for (const companion of companions) files.push({ name: companion, text: await io.readFile(companion) });
  } catch (error: unknown) {
    return { ok: false, message: `${name}: ${error instanceof Error ? error.message : String(error)}` };
  }
  return importLog(files);
}

/** Imports a session log's files as a scenario, or says why none came of them. */
async function importLog(files: LogFile[]): Promise<{ ok: true; scenario: Scenario } | { ok: false; message: string }> {
  const [{ importSessionLog }, { formatLogProblems }] = await Promise.all([import('../scenarios/import/importSessionLog'), import('../scenarios/import/logProblems')]);
  const imported = importSessionLog(files);
  if (!imported.ok) return { ok: false, message: formatLogProblems(imported.problems) };
  return { ok: true, scenario: imported.scenario };
}

/** The record in `format`; the trace exporters load only when asked for. */
export async function formatRecord(record: RunRecord, format: Format, includeContent: boolean, report: ReportOptions = {}): Promise<string> {
  switch (format) {
    case 'html':
      return (await import('../run/report/htmlReport')).htmlReport(record, report);
    case 'json':
      return `${JSON.stringify(record, null, 2)}\n`;
    case 'chrome-trace':
      return `${JSON.stringify((await import('../run/chromeTrace')).toChromeTrace(record))}\n`;
    case 'otlp':
      return `${JSON.stringify((await import('../run/otlp')).toOtlp(record, { includeContent }), null, 1)}\n`;
    case 'timeline':
      return formatTimeline(record);
    case 'summary':
    case 'text':
      return formatSummary(record);
    case 'fidelity':
      // Only an imported session has a real run to hold the replay to (replayOne writes its own).
      return `${JSON.stringify({ error: 'the scenario was not imported from a session log: it has no real run to compare with' })}\n`;
    default: {
      const exhaustive: never = format;
      return exhaustive;
    }
  }
}

function countCalls(turns: RunRecord['turns']): number {
  return turns.reduce((sum, turn) => sum + turn.calls.reduce((n, call) => n + 1 + countCalls(call.children ?? []), 0), 0);
}

/** Loads, checks and replays one scenario; never throws for a bad scenario (that is `code: 2`). */
export async function replayOne(name: string, options: ReplayOptions, io: ScenarioReader): Promise<ReplayResult> {
  const started = performance.now();
  const invalid = (message: string, id?: string): ReplayResult => ({ name, ...(id ? { id } : {}), code: 2, summary: message, failures: [message], wallMs: performance.now() - started });
  const loaded = await loadScenario(name, io, options.companions);
  if (!loaded.ok) return invalid(loaded.message);
  const scenario = loaded.scenario;
  const unsupported = settingsProblems(scenario.settings);
  if (unsupported.length > 0) return invalid(formatErrors(unsupported, name), scenario.id);

  if (options.sessionStats) return statsOf(name, scenario, options, started);
  const record = await runRecord(options.policy ? underPolicy(scenario, options.policy) : scenario, options);
  const { observed } = scenario;
  const { sections, alongside } = observed ? await (await import('./sessionSections')).sessionSections({ ...scenario, observed }, record, options) : { sections: [], alongside: undefined };
  const fidelity = sections.map((section) => section.text).join('');
  const output =
    options.format === 'fidelity' && observed
      ? `${JSON.stringify((await import('../run/fidelity')).fidelityData(record, observed, options.policy ?? scenario.settings.policy), null, 2)}\n`
      : (await formatRecord(record, options.format, options.includeContent, { sections, ...(alongside ? { alongside } : {}) })) + (options.format === 'summary' ? fidelity : '');
  const failures = record.error !== undefined ? [`run failed: ${record.error}`] : [...(record.expectations?.failures ?? [])];
  return {
    name,
    id: scenario.id,
    code: record.error !== undefined || record.expectations?.passed === false ? 1 : 0,
    output,
    summary: formatSummary(record) + fidelity,
    failures,
    makespanMs: record.endedAt - record.startedAt,
    calls: countCalls(record.turns),
    wallMs: performance.now() - started,
  };
}

/** A session's figures for a folder's report: it is replayed under each group of presets that replay alike. */
async function statsOf(name: string, scenario: Scenario, options: ReplayOptions, started: number): Promise<ReplayResult> {
  const { observed } = scenario;
  const wallMs = () => performance.now() - started;
  if (!observed) return { name, id: scenario.id, code: 2, summary: `${name}: a scenario, not a session log`, failures: ['a scenario, not a session log'], wallMs: wallMs() };
  const { sessionStats } = await import('../run/sessionStats');
  // The figures hold each call's outcome beside the real one (fidelity), not the expectations' verdict: left unchecked, they cost nothing.
  const unchecked = withoutExpectations(scenario);
  const stats = await sessionStats(name, { ...scenario, observed }, (policy) => runRecord(underPolicy(unchecked, policy), options), { recorded: options.effects !== 'rerun' });
  return { name, id: scenario.id, code: 0, output: JSON.stringify(stats), summary: '', failures: [], calls: stats.calls, wallMs: wallMs() };
}

/** A scenario as it replays, without what it expects of the run. */
function withoutExpectations(scenario: Scenario): Scenario {
  const bare = (turns: Scenario['turns']) => turns.map(({ expect: _expect, ...turn }) => turn);
  const agents = scenario.agents && Object.fromEntries(Object.entries(scenario.agents).map(([id, agent]) => [id, { ...agent, turns: bare(agent.turns) }]));
  const { expect: _expect, ...rest } = scenario;
  return { ...rest, turns: bare(scenario.turns), ...(agents ? { agents } : {}) };
}

import type { Strategy } from '../run/events';
import type { RunRecord } from '../run/record';
import { runScenario, settingsProblems } from '../run/runScenario';
import { formatSummary, formatTimeline } from '../run/timelineText';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import type { PolicyName } from '../scenarios/policies';
import type { Scenario } from '../scenarios/schema';
import { formatErrors, parseScenario, validateScenario } from '../scenarios/validate';
import { createRealClock } from '../time/clock';
import { createVirtualClock } from '../time/virtualClock';
import { createSandbox, type CliSandboxKind } from './sandboxes';

/** What `--format` may ask for. */
export const FORMATS = ['json', 'timeline', 'chrome-trace', 'otlp', 'summary'] as const;
export type Format = (typeof FORMATS)[number];

/** The file name ending of each format, for a folder of outputs. */
export const FORMAT_SUFFIX: Record<Format, string> = {
  json: '.record.json',
  timeline: '.timeline.txt',
  'chrome-trace': '.trace.json',
  otlp: '.otlp.json',
  summary: '.summary.txt',
};

/** How to replay: the same for every scenario of a command. */
export interface ReplayOptions {
  sandbox: CliSandboxKind;
  /** The strategy; by default each scenario's policy's own. */
  strategy?: Strategy;
  /** A policy preset to run every scenario under, instead of its own. */
  policy?: PolicyName;
  format: Format;
  realtime: boolean;
  /** OTLP: put the calls' arguments and results in the trace. */
  includeContent: boolean;
}

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

/** Finds a built-in scenario by id, or reads and validates a file. */
export async function loadScenario(name: string, io: { readFile(path: string): Promise<string> }): Promise<{ ok: true; scenario: Scenario } | { ok: false; message: string }> {
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
  const result = parseScenario(text, name);
  return result.ok ? result : { ok: false, message: formatErrors(result.errors, name) };
}

/** The record in `format`; the trace exporters load only when asked for. */
export async function formatRecord(record: RunRecord, format: Format, includeContent: boolean): Promise<string> {
  switch (format) {
    case 'json':
      return `${JSON.stringify(record, null, 2)}\n`;
    case 'chrome-trace':
      return `${JSON.stringify((await import('../run/chromeTrace')).toChromeTrace(record))}\n`;
    case 'otlp':
      return `${JSON.stringify((await import('../run/otlp')).toOtlp(record, { includeContent }), null, 1)}\n`;
    case 'timeline':
      return formatTimeline(record);
    case 'summary':
      return formatSummary(record);
    default: {
      const exhaustive: never = format;
      return exhaustive;
    }
  }
}

/** The scenario with its policy replaced (its own explicit scheduling settings still override). */
export function underPolicy(scenario: Scenario, policy: PolicyName): Scenario {
  return { ...scenario, settings: { ...scenario.settings, policy } };
}

/** Runs a valid scenario on a fresh sandbox of the asked kind, on the virtual clock or (`realtime`) the wall clock. */
export async function runRecord(scenario: Scenario, options: Pick<ReplayOptions, 'sandbox' | 'strategy' | 'realtime'>): Promise<RunRecord> {
  const sandbox = await createSandbox(options.sandbox);
  const strategy = options.strategy ? { strategy: options.strategy } : {};
  // URL and stdio servers need this machine (a process to start, variables to fill in): loaded only for them.
  const remote = scenario.settings.mcpServers.some((server) => typeof server !== 'string');
  const host = remote ? { mcpHost: (await import('./mcpHost')).createCliMcpHost(process.env) } : {};
  try {
    if (options.realtime) return await runScenario({ scenario, sandbox, ...strategy, ...host, clock: createRealClock() });
    const clock = createVirtualClock();
    return await clock.runUntil(runScenario({ scenario, sandbox, ...strategy, ...host, clock }));
  } finally {
    await sandbox.dispose();
  }
}

function countCalls(turns: RunRecord['turns']): number {
  return turns.reduce((sum, turn) => sum + turn.calls.reduce((n, call) => n + 1 + countCalls(call.children ?? []), 0), 0);
}

/** Loads, checks and replays one scenario; never throws for a bad scenario (that is `code: 2`). */
export async function replayOne(name: string, options: ReplayOptions, io: { readFile(path: string): Promise<string> }): Promise<ReplayResult> {
  const started = performance.now();
  const invalid = (message: string, id?: string): ReplayResult => ({ name, ...(id ? { id } : {}), code: 2, summary: message, failures: [message], wallMs: performance.now() - started });
  const loaded = await loadScenario(name, io);
  if (!loaded.ok) return invalid(loaded.message);
  const scenario = loaded.scenario;
  const unsupported = settingsProblems(scenario.settings);
  if (unsupported.length > 0) return invalid(formatErrors(unsupported, name), scenario.id);

  const record = await runRecord(options.policy ? underPolicy(scenario, options.policy) : scenario, options);
  const failures = record.error !== undefined ? [`run failed: ${record.error}`] : [...(record.expectations?.failures ?? [])];
  return {
    name,
    id: scenario.id,
    code: record.error !== undefined || record.expectations?.passed === false ? 1 : 0,
    output: await formatRecord(record, options.format, options.includeContent),
    summary: formatSummary(record),
    failures,
    makespanMs: record.endedAt - record.startedAt,
    calls: countCalls(record.turns),
    wallMs: performance.now() - started,
  };
}

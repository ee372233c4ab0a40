import { runAgentLoop, type ModelSource } from '../model/loop';
import { withClockTracking } from '../sandbox/clockTracking';
import type { Sandbox } from '../sandbox/types';
import { effectiveSettings } from '../scenarios/effectiveSettings';
import type { ScenarioSettings } from '../scenarios/schema';
import type { Clock } from '../time/clock';
import type { DetachedRuns, SessionEnvironment } from '../tools/execution';
import { assemblePool, type PoolReport } from '../tools/filter';
import type { McpHost, McpSession } from '../tools/mcp/servers';
import { redactServerSettings } from '../tools/mcp/settings';
import { parseRuleSet, type RuleSet } from '../tools/permissions/rules';
import { FileStateCache } from '../tools/file/fileState';
import { ToolPool } from '../tools/pool';
import { getAllBaseTools } from '../tools/registry';
import { BackgroundShells } from '../tools/bash/backgroundShells';
import type { RecordedEffects } from '../tools/recordedCall';
import type { AnyTool, AskUser, CanUseTool, SubAgentRequest } from '../tools/types';
import type { EventSink, RunEvent, Strategy } from '../tools/events';
import { scriptedAnswers, scriptedQuestionAnswers } from './scriptedAnswers';
import { resolveSchedule } from './schedule';
import { concurrencyRule, readOnlyRule } from '../tools/orchestration/concurrencyRule';
import { createSubAgentRunner, type SharedLoopOptions } from './subAgents';
import { createEmptyRecord, reduceRun } from './reduceRun';
import { type RunRecord } from './record';

/** What a model source of a session may depend on: the agent's own pool (ToolSearch changes it) and the time. */
export interface SourceContext {
  pool: ToolPool;
  clock: Clock;
}

/** One run of the agent over a workspace, whatever its model is (a scenario's script or a live API). */
export interface SessionOptions {
  /** What the record names the run after (`scenario`): a scenario's id, or `live`. */
  name: string;
  /** The files the sandbox starts with, relative to its root. */
  workspace: Readonly<Record<string, string>>;
  settings: ScenarioSettings;
  /** A fresh sandbox; the workspace is written into it first. */
  sandbox: Sandbox;
  /** The strategy to run under; by default the policy's own. */
  strategy?: Strategy;
  clock: Clock;
  /** Every event as it happens. */
  onEvent?: EventSink;
  /** The user's Stop: aborting it interrupts the run. */
  signal?: AbortSignal;
  /** Answers permission asks; by default the settings' scripted answers. */
  canUseTool?: CanUseTool;
  /** Answers AskUserQuestion; by default the settings' scripted answers. */
  askUser?: AskUser;
  /** The tools to offer; by default the built-in registry. */
  tools?: readonly AnyTool[];
  /** The main agent's model, made once the pool is ready. */
  source(context: SourceContext): ModelSource;
  /** A sub-agent's model, or a message saying why that Agent call has none. */
  subAgentSource(request: SubAgentRequest, context: SourceContext): ModelSource | string;
  /** The first user message (a live run's prompt). */
  prompt?: string;
  /** At most this many turns per agent. */
  maxTurns?: number;
  /** Where MCP servers come from: the command line's (stdio, variables) or the page's (its connections). */
  mcpHost?: McpHost;
  /**
   * Waited on between slices of the workspace's files, as they are written in and read back at
   * the end: the page passes a macrotask hop, so a session's thousand files are not one long task.
   */
  pause?: () => Promise<void>;
  /**
   * An imported session's calls replayed from its log rather than run, and how the record names
   * that (`effects`: `recorded`, `rerun` or `rerun with network`); `runsNothing`: no call touches
   * the sandbox, so the workspace is neither written in nor read back (see recordedEffects.ts).
   */
  effects?: { mode: string; recorded: RecordedEffects; runsNothing: boolean };
}

/** How a long pass over a workspace's files lets its host breathe: `pause` every `pauseEvery` files. */
export interface FileSlices {
  pause?: () => Promise<void>;
  pauseEvery?: number;
}

/** Files handled between two pauses: an in-memory sandbox writes or reads some 200 in 10 ms. */
const FILES_PER_SLICE = 200;

/** Waits on `slices.pause` before the file at `index` when a new slice starts there. */
async function sliceBoundary(slices: FileSlices, index: number): Promise<void> {
  const { pause, pauseEvery = FILES_PER_SLICE } = slices;
  if (pause && index > 0 && index % pauseEvery === 0) await pause();
}

/**
 * Settings that cannot be honoured (a malformed rule, or a feature this build does not have yet):
 * refused with a message naming the setting, never silently ignored.
 */
export function settingsProblems(settings: ScenarioSettings): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const rules = parseRuleSet(settings);
  if (!rules.ok) problems.push(...rules.errors);
  return problems;
}

/**
 * The sub-agents of a run that outlive the calls that started them: the run waits for each to end
 * (a Stop of the run stops them) and fails with the first one's error, as a sub-agent's error
 * inside its call would.
 */
function detachedRuns(signal: AbortSignal): DetachedRuns & { settled(): Promise<void> } {
  const running = new Set<Promise<void>>();
  let failure: Error | undefined;
  return {
    signal,
    add(run) {
      const ended = run.then(
        () => undefined,
        (error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(String(error));
        },
      );
      running.add(ended);
      void ended.then(() => running.delete(ended));
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
      if (failure !== undefined) throw failure;
    },
  };
}

/** The run's tool pool and its report, from the scenario's settings. */
export function poolFor(settings: ScenarioSettings, builtIn: readonly AnyTool[], rules: RuleSet, mcp: readonly AnyTool[] = []): { pool: ToolPool; report: PoolReport } {
  return assemblePool({
    builtIn,
    mcp,
    rules,
    settings: {
      toolMode: settings.toolMode,
      deferTools: settings.deferTools,
      ...(settings.deferThresholdTokens !== undefined ? { deferThresholdTokens: settings.deferThresholdTokens } : {}),
    },
  });
}

/**
 * Reads every text file of the workspace, keyed by path relative to the root; with `pause`, waits
 * on it every `pauseEvery` files (the page passes a macrotask hop, so a large workspace is read in
 * short tasks).
 */
export async function snapshotFiles(sandbox: Sandbox, slices: FileSlices = {}): Promise<Record<string, string>> {
  const entries = await sandbox.fs.walk(sandbox.root);
  // Null-prototype: a file named `__proto__` is kept as a file like any other.
  const files: Record<string, string> = Object.create(null) as Record<string, string>;
  const paths = entries.filter((entry) => entry.type === 'file').map((entry) => entry.path).sort();
  for (const [index, path] of paths.entries()) {
    // An in-memory read never leaves the task; a page reading thousands of files lets it breathe.
    await sliceBoundary(slices, index);
    const rel = sandbox.relative(path);
    if (rel.startsWith('.git/') || rel.includes('/.git/')) continue;
    try {
      files[rel] = await sandbox.fs.readFile(path);
    } catch {
      // A file removed between the listing and the read is simply not in the snapshot.
    }
  }
  return files;
}

/** Writes a scenario's workspace into the sandbox; with `pause`, waits on it every `pauseEvery` files. */
export async function mountWorkspace(sandbox: Sandbox, files: Readonly<Record<string, string>>, slices: FileSlices = {}): Promise<void> {
  for (const [index, [path, content]] of Object.entries(files).entries()) {
    // Each write resolves the path link by link: thousands of them are a long task in a page.
    await sliceBoundary(slices, index);
    const resolved = await sandbox.resolve(path);
    if (!resolved.ok) throw new Error(`workspace.files["${path}"]: ${resolved.error}`);
    const dir = resolved.path.slice(0, resolved.path.lastIndexOf('/'));
    if (dir) await sandbox.fs.mkdir(dir);
    await sandbox.fs.writeFile(resolved.path, content);
  }
}

/**
 * Runs one session end to end and returns its run record (expectations unchecked): mounts the
 * workspace, connects the MCP servers, assembles the pool (`pool_ready`), builds the session
 * environment and the sub-agent runner, runs the agent loop over `source`, and snapshots the
 * files (`run_ended`). Every failure of the setup ends the run with `error`; it never throws.
 */
export async function runSession(options: SessionOptions): Promise<RunRecord> {
  const { clock } = options;
  // The policy's scheduling, with the scenario's own settings on top: what the record shows.
  const settings = effectiveSettings(options.settings);
  const schedule = resolveSchedule(settings, options.strategy);
  const sandbox = withClockTracking(options.sandbox, clock);
  // The run's time starts when the session is set up (files mounted, servers connected, pool
  // assembled): that is the playground's work, not the agent's. The end is read before the final
  // snapshot of the files for the same reason.
  let origin = clock.now();
  const now = () => Math.max(0, clock.now() - origin);
  let record = createEmptyRecord();
  const emit: EventSink = (event: RunEvent) => {
    record = reduceRun(record, event);
    options.onEvent?.(event);
  };

  // Server headers and environments may hold credentials: the record names them, never their values.
  const recorded = { ...settings, mcpServers: redactServerSettings(settings.mcpServers), ...(options.effects ? { effects: options.effects.mode } : {}) };
  emit({ type: 'run_started', at: now(), scenario: options.name, sandbox: sandbox.kind, strategy: schedule.strategy, schedule, settings: recorded });
  let error: string | undefined;
  let mcp: McpSession | undefined;
  // Background shells run on the sandbox itself, not the tracked one: a server left running must
  // not hold simulated time to the wall clock's pace.
  const background = new BackgroundShells(options.sandbox, {
    started: (shell) => emit({ type: 'background_started', at: now(), id: shell.id, startedBy: shell.startedBy, command: shell.command }),
    ended: (shell, how, by) => emit({ type: 'background_ended', at: now(), id: shell.id, how, exitCode: shell.exitCode, ...(by !== undefined ? { by } : {}) }),
  });
  try {
    const problems = settingsProblems(settings);
    if (problems.length > 0) throw new Error(`the scenario's settings cannot be honoured: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
    const parsedRules = parseRuleSet(settings);
    const rules: RuleSet = parsedRules.ok ? parsedRules.rules : { allow: [], ask: [], deny: [] };
    // A run whose every call replays its record never touches the files: they are not written in.
    if (!options.effects?.runsNothing) await mountWorkspace(sandbox, options.workspace, { pause: options.pause });
    // The MCP SDK loads only for a run that names a server (it is most of a replay's start-up
    // otherwise); the clock tracks the load, so a virtual clock waits for it.
    if (settings.mcpServers.length > 0 || (options.mcpHost?.shared?.().length ?? 0) > 0) {
      const { connectMcpServers } = await clock.track(import('../tools/mcp/servers'));
      mcp = await clock.track(connectMcpServers(settings.mcpServers, { clock, ...(options.mcpHost ? { host: options.mcpHost } : {}) }));
    }
    const { pool, report } = poolFor(settings, [...(options.tools ?? getAllBaseTools()), ...(mcp?.resourceTools ?? [])], rules, mcp?.tools ?? []);
    origin = clock.now();
    emit({ type: 'pool_ready', at: now(), report: mcp ? { ...report, mcpServers: mcp.report } : report });
    const env: SessionEnvironment = {
      sandbox,
      clock,
      pool,
      readFileState: new FileStateCache(),
      shared: { permissionMode: settings.permissionMode, todos: [] },
      canUseTool: options.canUseTool ?? scriptedAnswers(settings),
      askUser: options.askUser ?? scriptedQuestionAnswers(settings),
      background,
      rules,
      ...(options.effects ? { recorded: options.effects.recorded } : {}),
    };
    const loop: SharedLoopOptions = {
      schedule,
      emit,
      now,
      ...(options.maxTurns !== undefined ? { maxTurns: options.maxTurns } : {}),
    };
    env.subAgents = createSubAgentRunner({
      parent: env,
      loop,
      sourceFor: (request, subPool) => options.subAgentSource(request, { pool: subPool, clock }),
      concurrencyRule: (subPool) => concurrencyRule(subPool, settings),
      readOnlyRule,
    });
    const signal = options.signal ?? new AbortController().signal;
    const detached = detachedRuns(signal);
    env.detached = detached;
    await runAgentLoop({
      ...loop,
      source: options.source({ pool, clock }),
      env,
      isConcurrencySafe: concurrencyRule(pool, settings),
      isReadOnly: readOnlyRule(pool),
      signal,
      ...(options.prompt !== undefined ? { prompt: options.prompt } : {}),
    });
    await detached.settled();
  } catch (caught: unknown) {
    error = caught instanceof Error ? caught.message : String(caught);
  } finally {
    await background.stopAll().catch(() => undefined);
    await mcp?.close().catch(() => undefined);
  }
  const endedAt = now();
  const files = options.effects?.runsNothing ? { ...options.workspace } : await snapshotFiles(sandbox, { pause: options.pause }).catch(() => ({}));
  emit({ type: 'run_ended', at: endedAt, files, ...(error !== undefined ? { error } : {}) });
  return record;
}

import { runAgentLoop, type ModelSource, type SourceItem } from '../model/loop';
import { compileTurn, replayTurn } from '../model/replaySource';
import { withClockTracking } from '../sandbox/clockTracking';
import type { Sandbox } from '../sandbox/types';
import type { Scenario, ScenarioSettings, ScenarioTurn } from '../scenarios/schema';
import type { Clock } from '../time/clock';
import { isBlockConcurrencySafe, parseToolInput, type SessionEnvironment, type ToolUseBlock } from '../tools/execution';
import { isReadOnlyBashCommand } from '../tools/permissions/bashAnalysis';
import { assemblePool, type PoolReport } from '../tools/filter';
import { connectMcpServers, type McpSession } from '../tools/mcp/servers';
import { parseRuleSet, type RuleSet } from '../tools/permissions/rules';
import { FileStateCache } from '../tools/file/fileState';
import { ToolPool } from '../tools/pool';
import { getAllBaseTools } from '../tools/registry';
import type { AnyTool, CanUseTool } from '../tools/types';
import type { EventSink, RunEvent, Strategy } from './events';
import { applyExpectations } from './expectations';
import { scriptedAnswers } from './scriptedAnswers';
export { scriptedAnswers } from './scriptedAnswers';
import { createSubAgentRunner, scriptedSubAgentSources, type SharedLoopOptions } from './subAgents';
import { createEmptyRecord, reduceRun, type RunRecord } from './record';

export interface RunScenarioOptions {
  scenario: Scenario;
  /** A fresh sandbox; the scenario's workspace is written into it first. */
  sandbox: Sandbox;
  strategy: Strategy;
  clock: Clock;
  /** Every event as it happens (the page draws from these). */
  onEvent?: EventSink;
  /** The user's Stop: aborting it interrupts the run. */
  signal?: AbortSignal;
  /** Answers permission asks; by default the scenario's scripted answers. */
  canUseTool?: CanUseTool;
  /** The tools to offer; by default the built-in registry. */
  tools?: readonly AnyTool[];
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
 * The partition's safety rule under the scenario's Bash policy: under `bashConcurrency: read-only`
 * a Bash call whose command the AST analysis finds read-only is concurrency-safe (the real agent's
 * rule); under `never` every Bash call is unsafe (the seed's).
 */
export function concurrencyRule(pool: ToolPool, settings: ScenarioSettings): (block: ToolUseBlock) => boolean {
  if (settings.bashConcurrency === 'never') return (block) => isBlockConcurrencySafe(pool, block);
  return (block) => {
    if (isBlockConcurrencySafe(pool, block)) return true;
    if (pool.find(block.name)?.name !== 'Bash') return false;
    const parsed = parseToolInput(pool.find(block.name)!, block);
    return parsed.ok && isReadOnlyBashCommand((parsed.input as { command: string }).command).readOnly;
  };
}


/** The run's tool pool and its report (SPEC §3.7), from the scenario's settings. */
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

/** A model source that replays a scenario's scripted turns at their recorded times. */
export function scenarioSource(turns: readonly ScenarioTurn[], clock: Clock): ModelSource {
  return {
    openTurn({ index, signal }) {
      const turn = turns[index];
      if (!turn) return null;
      return replayItems(turn, clock, signal);
    },
  };
}

async function* replayItems(turn: ScenarioTurn, clock: Clock, signal: AbortSignal): AsyncGenerator<SourceItem> {
  const cutAt = turn.fallbackAt ?? turn.interruptAt;
  const replay = replayTurn(compileTurn(turn), clock, signal, cutAt);
  for (;;) {
    const next = await replay.next();
    if (next.done) {
      if (next.value.cut) {
        yield turn.fallbackAt !== undefined
          ? { kind: 'fallback', message: `the stream failed at ${turn.fallbackAt} ms (scripted); retrying without streaming` }
          : { kind: 'interrupt' };
      }
      return;
    }
    yield { kind: 'event', event: next.value.event, ...(next.value.latencyMs !== undefined ? { latencyMs: next.value.latencyMs } : {}) };
  }
}

/** Reads every text file of the workspace, keyed by path relative to the root. */
export async function snapshotFiles(sandbox: Sandbox): Promise<Record<string, string>> {
  const entries = await sandbox.fs.walk(sandbox.root);
  const files: Record<string, string> = {};
  const paths = entries.filter((entry) => entry.type === 'file').map((entry) => entry.path).sort();
  for (const path of paths) {
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

/** Writes a scenario's workspace into the sandbox. */
export async function mountWorkspace(sandbox: Sandbox, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const resolved = await sandbox.resolve(path);
    if (!resolved.ok) throw new Error(`workspace.files["${path}"]: ${resolved.error}`);
    const dir = resolved.path.slice(0, resolved.path.lastIndexOf('/'));
    if (dir) await sandbox.fs.mkdir(dir);
    await sandbox.fs.writeFile(resolved.path, content);
  }
}

/**
 * Runs a scenario end to end and returns its run record, with the expectations checked. The
 * same function serves the command line, the tests and the page (which passes `onEvent`).
 */
export async function runScenario(options: RunScenarioOptions): Promise<RunRecord> {
  const { scenario, strategy, clock } = options;
  const sandbox = withClockTracking(options.sandbox, clock);
  const settings = scenario.settings;
  const origin = clock.now();
  const now = () => clock.now() - origin;
  let record = createEmptyRecord();
  const emit: EventSink = (event: RunEvent) => {
    record = reduceRun(record, event);
    options.onEvent?.(event);
  };

  emit({ type: 'run_started', at: now(), scenario: scenario.id, sandbox: sandbox.kind, strategy, settings: { ...settings } });
  let error: string | undefined;
  let mcp: McpSession | undefined;
  try {
    const problems = settingsProblems(settings);
    if (problems.length > 0) throw new Error(`the scenario's settings cannot be honoured: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
    const parsedRules = parseRuleSet(settings);
    const rules: RuleSet = parsedRules.ok ? parsedRules.rules : { allow: [], ask: [], deny: [] };
    await mountWorkspace(sandbox, scenario.workspace.files);
    mcp = await connectMcpServers(settings.mcpServers, { clock });
    const { pool, report } = poolFor(settings, [...(options.tools ?? getAllBaseTools()), ...mcp.resourceTools], rules, mcp.tools);
    emit({ type: 'pool_ready', at: now(), report });
    const env: SessionEnvironment = {
      sandbox,
      clock,
      pool,
      readFileState: new FileStateCache(),
      shared: { permissionMode: settings.permissionMode, todos: [] },
      canUseTool: options.canUseTool ?? scriptedAnswers(settings),
      rules,
    };
    const loop: SharedLoopOptions = {
      strategy,
      maxConcurrency: settings.maxConcurrency,
      resultOrder: settings.resultOrder,
      cascade: settings.cascade,
      emit,
      now,
    };
    env.subAgents = createSubAgentRunner({
      parent: env,
      loop,
      sourceFor: scriptedSubAgentSources(scenario.agents, (turns) => scenarioSource(turns, clock)),
      concurrencyRule: (subPool) => concurrencyRule(subPool, settings),
    });
    await runAgentLoop({
      ...loop,
      source: scenarioSource(scenario.turns, clock),
      env,
      isConcurrencySafe: concurrencyRule(pool, settings),
      signal: options.signal ?? new AbortController().signal,
    });
  } catch (caught: unknown) {
    error = caught instanceof Error ? caught.message : String(caught);
  } finally {
    await mcp?.close().catch(() => undefined);
  }
  const files = await snapshotFiles(sandbox).catch(() => ({}));
  emit({ type: 'run_ended', at: now(), files, ...(error !== undefined ? { error } : {}) });
  return applyExpectations(record, scenario);
}

import type { z } from 'zod';
import type { Sandbox } from '../sandbox/types';
import type { Clock } from '../time/clock';
import { RESULT_CAP_CHARS } from './buildTool';
import { kindOfToolName } from './builtInKinds';
import type { ToolKind } from './kinds';
import { thrownDisplay, type ToolDisplay } from './display';
import type { FileStateCache } from './file/fileState';
import { asCallSignal, toolUseError, type CallSignal } from './orchestration/abort';
import { combineDecisions, decideByMode } from './permissions/modes';
import { decideByRules, pathDenial, ruleSubjectPath, type RuleSet } from './permissions/rules';
import type { ToolPool } from './pool';
import type { BackgroundShells } from './bash/backgroundShells';
import { abortedSettlement, type CallObserver, type CallOutcome, type CallSettlement, type ToolUseBlock } from './callTypes';
import { runRecordedCall, type RecordedEffects } from './recordedCall';

export type { CallObserver, CallOutcome, CallSettlement, ToolResultBlock, ToolUseBlock } from './callTypes';
import type {
  AnyTool,
  AskUser,
  CanUseTool,
  ParentMessage,
  PermissionDecision,
  SharedToolContext,
  SubAgentRunner,
  ToolUseContext,
} from './types';




/** The session state every call of a run shares. */
export interface SessionEnvironment {
  sandbox: Sandbox;
  clock: Clock;
  pool: ToolPool;
  readFileState: FileStateCache;
  shared: SharedToolContext;
  canUseTool: CanUseTool;
  /** The scenario's allow / ask / deny rules, when it has any. */
  rules?: RuleSet;
  /** Runs the Agent tool's sub-agents, where the session can. */
  subAgents?: SubAgentRunner;
  /** The session's background shells. */
  background?: BackgroundShells;
  /** Answers AskUserQuestion. */
  askUser?: AskUser;
  /** Calls replayed from a session log's record instead of run (design.md, Recorded effects). */
  recorded?: RecordedEffects;
  /** Sub-agents that run on after the call that started them has its result; the run ends after them. */
  detached?: DetachedRuns;
}

/** Where a sub-agent that outlives its call (a Codex `spawn_agent`'s thread) is left to finish. */
export interface DetachedRuns {
  /** The run's own signal: only a Stop of the whole run stops such a sub-agent, not its turn's end or a sibling's error. */
  readonly signal: AbortSignal;
  add(run: Promise<unknown>): void;
}




/** Finds the tool of a block in the pool, or `undefined`. */
export function lookupTool(pool: ToolPool, name: string): AnyTool | undefined {
  return pool.find(name);
}

/**
 * What a call's tool does: the kind of its tool in the pool, or, for a tool a session log names
 * that the playground lacks, the kind it is declared with (builtInKinds.ts); `other` for any
 * other name, which every question answers as the most dangerous kind.
 */
export function kindOfCall(pool: ToolPool, name: string): ToolKind {
  return lookupTool(pool, name)?.kind ?? kindOfToolName(name) ?? 'other';
}

/**
 * Parses a block's input with its tool's schema. Returns the parsed input or the validation
 * message. Never throws: model output is untrusted.
 */
export function parseToolInput(
  tool: AnyTool,
  block: ToolUseBlock,
): { ok: true; input: unknown } | { ok: false; message: string } {
  if (block.inputError !== undefined) {
    return {
      ok: false,
      message: `InputValidationError: ${tool.name} received ${block.inputErrorReason ?? 'input that is not valid JSON'}: ${truncate(block.inputError, 200)}`,
    };
  }
  let parsed;
  try {
    parsed = tool.inputSchema.safeParse(block.input);
  } catch (error: unknown) {
    // A schema can throw rather than refuse: an MCP server's whose $refs go round without end
    // overflows the stack. The call fails its input check, and says why, like any bad input.
    return { ok: false, message: `InputValidationError: ${tool.name}'s input could not be checked against its schema (${error instanceof Error ? error.message : String(error)})` };
  }
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, message: `InputValidationError: ${tool.name} failed: ${formatIssues(parsed.error)}` };
}

/** Whether a block may run in parallel: its tool exists, its input parses, and the tool says so. */
export function isBlockConcurrencySafe(pool: ToolPool, block: ToolUseBlock): boolean {
  const tool = lookupTool(pool, block.name);
  if (!tool) return false;
  const parsed = parseToolInput(tool, block);
  if (!parsed.ok) return false;
  try {
    return tool.isConcurrencySafe(parsed.input) === true;
  } catch {
    return false;
  }
}

/**
 * Runs one call through the pipeline (design.md, One call): lookup → abort check → parse → validateInput →
 * permissions → simulated latency → call → result. Every path ends in exactly one result; a throw
 * from the tool becomes an error result. `signal` is the call's own (child) signal.
 */
export async function runToolCall(
  block: ToolUseBlock,
  env: SessionEnvironment,
  callSignal: AbortSignal | CallSignal,
  options: { latencyMs?: number; parentMessage: ParentMessage; observer?: CallObserver },
): Promise<CallSettlement> {
  // 0. A recorded call: the log is the oracle, nothing runs (the tool need not exist here), but for
  // a sub-agent the log holds, which replays through the pipeline below.
  const effect = env.recorded?.get(block.id);
  if (effect) return runRecordedCall(block, effect, env, callSignal, options.observer, nestedCalls(block, env, callSignal, options));
  return runPipeline(block, env, callSignal, options);
}

/**
 * How a recorded call replays the calls the log holds under it: an Agent call through its tool
 * (the sub-agent), any other by running the scripted calls under it directly, the tool itself
 * never looked up: a sub-agent's whose tool the playground lacks (a Codex `spawn_agent`) as a
 * sub-agent's, detached from the call where the run can wait for it, a Codex code-mode `exec`'s
 * each response's calls at once as its code started them; none inside a sub-agent.
 */
function nestedCalls(
  block: ToolUseBlock,
  env: SessionEnvironment,
  callSignal: AbortSignal | CallSignal,
  options: { latencyMs?: number; parentMessage: ParentMessage; observer?: CallObserver },
): (() => Promise<CallSettlement>) | undefined {
  if (lookupTool(env.pool, block.name)?.kind === 'agent') return () => runPipeline(block, env, callSignal, options);
  const runner = env.subAgents;
  if (!runner) return undefined;
  // A sub-agent the playground has no tool for (Codex's `collaboration.spawn_agent`) schedules its
  // calls as any sub-agent does; the calls under any other call were started by its code.
  const startsAgent = kindOfToolName(block.name) === 'agent';
  const { detached } = env;
  return async () => {
    const signal = asCallSignal(callSignal);
    options.observer?.onRunStarted?.();
    if (startsAgent && detached) {
      // Codex's spawn returns once the thread is made, and the thread runs on beside its parent
      // (whose wait_agent waits for it): the call keeps its recorded time, the sub-agent its own.
      detached.add(runner.run({ toolUseId: block.id, description: block.name, prompt: '', signal: detached.signal, allAtOnce: false }));
      return { result: { type: 'tool_result', tool_use_id: block.id, content: '', is_error: false }, outcome: 'success', display: null };
    }
    const ran = await runner.run({ toolUseId: block.id, description: block.name, prompt: '', signal: signal.listenSignal, allAtOnce: !startsAgent });
    if (ran.interrupted) return abortedSettlement(block.id, signal.reason, true);
    return { result: { type: 'tool_result', tool_use_id: block.id, content: ran.text, is_error: false }, outcome: 'success', display: null };
  };
}

/** The pipeline of one call that really runs (see runToolCall). */
async function runPipeline(
  block: ToolUseBlock,
  env: SessionEnvironment,
  callSignal: AbortSignal | CallSignal,
  options: { latencyMs?: number; parentMessage: ParentMessage; observer?: CallObserver },
): Promise<CallSettlement> {
  const signal = asCallSignal(callSignal);
  const settle = (content: string, outcome: CallOutcome, isError = true, display: ToolDisplay = null): CallSettlement => ({
    result: { type: 'tool_result', tool_use_id: block.id, content, is_error: isError },
    outcome,
    display,
  });
  /** The call was aborted; `display` is what the tool made of it, when it had begun. */
  const aborted = (started: boolean, display: ToolDisplay = null): CallSettlement => abortedSettlement(block.id, signal.reason, started, display);

  // 1. Lookup
  const tool = lookupTool(env.pool, block.name);
  if (!tool) return settle(toolUseError(`Error: No such tool available: ${block.name}`), 'invalid');
  // 2. Abort check
  if (signal.aborted) return aborted(false);
  // A deferred tool is callable only once ToolSearch has loaded its schema.
  if (env.pool.isUndiscovered(tool.name)) {
    const parsed = parseToolInput(tool, block);
    const problem = parsed.ok ? `${tool.name} has not been loaded yet.` : `${parsed.message}.`;
    return settle(
      toolUseError(`${problem} ${tool.name} is a deferred tool whose schema has not been loaded: call ToolSearch with query "select:${tool.name}" first, then call it again.`),
      'invalid',
    );
  }
  // 3. Schema
  const parsed = parseToolInput(tool, block);
  if (!parsed.ok) return settle(toolUseError(parsed.message), 'invalid');
  const input = parsed.input;
  const denial = env.rules ? pathDenial(tool, env.rules, env.sandbox.root) : undefined;
  const context: ToolUseContext = {
    toolUseId: block.id,
    sandbox: env.sandbox,
    clock: env.clock,
    get abortSignal() {
      return signal.signal;
    },
    readFileState: env.readFileState,
    shared: env.shared,
    pool: env.pool,
    ...(env.subAgents ? { subAgents: env.subAgents } : {}),
    ...(env.background ? { background: env.background } : {}),
    ...(env.askUser ? { askUser: env.askUser } : {}),
    ...(denial ? { deniedPath: (path: string) => denial(path)?.source } : {}),
  };

  let ran = false;
  try {
    // 4. validateInput
    const validation = await tool.validateInput(input, context);
    if (!validation.ok) return settle(toolUseError(validation.message), 'invalid');
    if (signal.aborted) return aborted(false);

    // 5. Permissions: the mode (and, later, the rules), then the tool's own check.
    const mode = env.shared.permissionMode;
    const byRules = env.rules ? decideByRules(tool, input, env.rules, env.sandbox.root, mode, await realPathOf(tool, input, env)) : undefined;
    const byMode = decideByMode(tool, input, mode);
    // A deny rule always holds; plan mode's deny of a change beats an allow rule; else rules, then mode.
    const general = byRules?.behavior === 'deny' ? byRules : byMode.behavior === 'deny' ? byMode : (byRules ?? byMode);
    const own: PermissionDecision = general.behavior === 'deny' ? general : await tool.checkPermissions(input, context);
    // An allow rule answers the tool's own ask (WebFetch(domain:…), ExitPlanMode); never its deny.
    const specific: PermissionDecision = byRules?.behavior === 'allow' && own.behavior === 'ask' ? byRules : own;
    const decision = combineDecisions(general, specific, mode);
    if (decision.behavior === 'deny') return settle(toolUseError(`Permission denied: ${decision.reason}`), 'denied');
    if (decision.behavior === 'ask') {
      options.observer?.onPermissionAsked?.(decision.reason);
      const answer = await env.canUseTool({ toolUseId: block.id, toolName: tool.name, input, reason: decision.reason });
      options.observer?.onPermissionAnswered?.(answer);
      if (signal.aborted) return aborted(false);
      if (answer === 'deny') {
        return settle(toolUseError(`Permission denied: the user refused ${tool.userFacingName(input)} (${decision.reason})`), 'denied');
      }
    }

    // Simulated latency, shown as such; abortable like the call itself.
    if (options.latencyMs && options.latencyMs > 0) {
      try {
        await env.clock.sleep(options.latencyMs, signal.signal);
      } catch {
        return aborted(true);
      }
    }
    if (signal.aborted) return aborted(false);
    options.observer?.onRunStarted?.();

    // 6. call
    ran = true;
    const outcome = await tool.call(input, context, env.canUseTool, options.parentMessage, (progress: unknown) => {
      if (!signal.aborted) options.observer?.onProgress?.(progress);
    });
    const display: ToolDisplay = outcome.output;
    if (signal.aborted) return aborted(true, display);
    // 7. Map and cap
    const content = capResult(tool.mapResult(outcome.output, input), tool.maxResultSizeChars);
    const settlement = settle(content, outcome.isError ? 'error' : 'success', outcome.isError === true, display);
    return outcome.contextModifier ? { ...settlement, contextModifier: outcome.contextModifier } : settlement;
  } catch (error: unknown) {
    const display = ran ? thrownDisplay(errorMessage(error)) : null;
    if (signal.aborted) return aborted(true, display);
    return settle(toolUseError(errorMessage(error)), 'error', true, display);
  }
}

/** Where a file tool's path (its path field) really leads when a symbolic link is on the way, for the rules. */
async function realPathOf(tool: AnyTool, input: unknown, env: SessionEnvironment): Promise<string | undefined> {
  const raw = ruleSubjectPath(tool, input);
  if (raw === undefined) return undefined;
  const resolved = await env.sandbox.resolve(raw);
  return resolved.ok ? resolved.real : undefined;
}

/** Keeps results within `min(limit, 50,000)` characters: a size note and a 2,000-character preview. */
export function capResult(content: string, limit: number): string {
  const cap = Math.min(limit, RESULT_CAP_CHARS);
  if (content.length <= cap) return content;
  return (
    `Output too large: ${content.length.toLocaleString('en-US')} characters, over the ${cap.toLocaleString('en-US')}-character limit. ` +
    `The first 2,000 characters follow.\n\n${content.slice(0, 2000)}\n\n[… ${(content.length - 2000).toLocaleString('en-US')} more characters cut]`
  );
}

/** Names every bad field of a Zod error and what was expected there. */
export function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'input';
      if (issue.code === 'unrecognized_keys') return `${where}: unexpected field(s) ${issue.keys.map((k) => `\`${k}\``).join(', ')}`;
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

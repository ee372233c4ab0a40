import type { RunEvent } from '../src/tools/events';
import { createVirtualSandbox } from '../src/sandbox/virtualSandbox';
import { createVirtualClock } from '../src/time/virtualClock';
import { isBlockConcurrencySafe, type CallOutcome, type SessionEnvironment, type ToolResultBlock, type ToolUseBlock } from '../src/tools/execution';
import { FileStateCache } from '../src/tools/file/fileState';
import { CallAbortedError } from '../src/tools/orchestration/abort';
import type { ResultOrder } from '../src/tools/orchestration/callTracker';
import { STRATEGY_SCHEDULES, type CascadePolicy, type Strategy } from '../src/tools/orchestration/strategy';
import { createScheduler } from '../src/tools/orchestration/StreamingToolExecutor';
import type { WaitCause } from '../src/tools/orchestration/waitCause';
import { ToolPool } from '../src/tools/pool';
import type { AnyTool, PermissionAnswer, PermissionMode } from '../src/tools/types';
import { FakeBashSleep, SafeSleep, UnsafeSleep } from './testTools';

/** A call arriving at `at` ms (its block's close in the stream). */
export interface ScriptedCall extends ToolUseBlock {
  at: number;
  latencyMs?: number;
}

export interface HarnessOptions {
  tools?: AnyTool[];
  maxConcurrency?: number;
  resultOrder?: ResultOrder;
  cascade?: CascadePolicy;
  interruptAt?: number;
  discardAt?: number;
  permissionMode?: PermissionMode;
  answer?: (toolUseId: string) => PermissionAnswer;
  isConcurrencySafe?: (block: ToolUseBlock) => boolean;
  /** The strategy whose scheduler runs the calls (default `streaming`). */
  strategy?: Strategy;
  /** When the stream ends (default: at the last arrival). */
  streamEnd?: number;
}

/** What happened to one call, read from the event log. */
export interface CallView {
  id: string;
  batch: number;
  safe: boolean;
  queuedAt: number;
  startedAt: number | null;
  completedAt: number | null;
  yieldedAt: number | null;
  outcome: CallOutcome | null;
  result: ToolResultBlock | null;
  waits: string[];
  causes: WaitCause[];
  /** When each wait began. */
  waitTimes: number[];
  progressAt: number[];
}

export interface HarnessRun {
  events: RunEvent[];
  yielded: readonly ToolResultBlock[];
  calls: Map<string, CallView>;
  yieldOrder: string[];
}

export function makeEnv(tools: AnyTool[], options: { permissionMode?: PermissionMode; answer?: (id: string) => PermissionAnswer } = {}) {
  const clock = createVirtualClock();
  const env: SessionEnvironment = {
    sandbox: createVirtualSandbox({}),
    clock,
    pool: new ToolPool(tools),
    readFileState: new FileStateCache(),
    shared: { permissionMode: options.permissionMode ?? 'bypassPermissions', todos: [] },
    canUseTool: (request) => Promise.resolve(options.answer?.(request.toolUseId) ?? 'allow'),
  };
  return { env, clock };
}

/**
 * Feeds scripted arrivals to the real scheduler of a strategy (through the one scheduler interface
 * the agent loop uses) on a virtual clock, ends the stream at `streamEnd`, and collects the results.
 * The strategy decides when tools start, how they group and whether errors cascade, exactly as
 * in a run.
 */
export async function runScripted(script: readonly ScriptedCall[], options: HarnessOptions = {}): Promise<HarnessRun> {
  const tools = options.tools ?? [SafeSleep, UnsafeSleep, FakeBashSleep];
  const { env, clock } = makeEnv(tools, options);
  const events: RunEvent[] = [];
  const turn = new AbortController();
  const schedule = STRATEGY_SCHEDULES[options.strategy ?? 'streaming'];
  const scheduler = createScheduler({
    env,
    turn: 0,
    resultOrder: options.resultOrder ?? 'request',
    emit: (event) => events.push(event),
    now: () => clock.now(),
    parentMessage: { turn: 0, toolUseIds: script.map((call) => call.id) },
    maxConcurrency: options.maxConcurrency ?? 10,
    timing: schedule.timing,
    grouping: schedule.grouping,
    cascade: schedule.cascades ? (options.cascade ?? 'bash') : 'none',
    turnSignal: turn.signal,
    isConcurrencySafe: options.isConcurrencySafe ?? ((block) => isBlockConcurrencySafe(env.pool, block)),
  });

  const drive = async () => {
    const arrivals = [...script].sort((a, b) => a.at - b.at);
    const cuts: { at: number; act: () => Promise<void> }[] = [];
    if (options.interruptAt !== undefined) {
      cuts.push({ at: options.interruptAt, act: async () => turn.abort(new CallAbortedError({ kind: 'interrupt' })) });
    }
    if (options.discardAt !== undefined) cuts.push({ at: options.discardAt, act: () => scheduler.discard() });
    const cut: (typeof cuts)[number] | undefined = cuts[0];
    const streamEnd = options.streamEnd ?? arrivals.at(-1)?.at ?? 0;
    for (const call of arrivals) {
      if (cut && cut.at <= call.at) break;
      await clock.sleep(call.at - clock.now());
      const { at: _at, latencyMs, ...block } = call;
      scheduler.addTool(block, latencyMs ?? 0);
    }
    if (cut && cut.at <= streamEnd) {
      await clock.sleep(Math.max(0, cut.at - clock.now()));
      await cut.act();
      scheduler.endStream();
    } else {
      await clock.sleep(Math.max(0, streamEnd - clock.now()));
      scheduler.endStream();
      if (cut) {
        void clock.sleep(Math.max(0, cut.at - clock.now())).then(cut.act);
      }
    }
    const results: ToolResultBlock[] = [];
    for await (const result of scheduler.results()) results.push(result);
    return results;
  };
  const yielded = await clock.runUntil(drive());
  return { events, yielded, ...summarise(events) };
}

/** Folds the event log into per-call views (independent of the run record's reducer). */
export function summarise(events: readonly RunEvent[]): { calls: Map<string, CallView>; yieldOrder: string[] } {
  const calls = new Map<string, CallView>();
  const yieldOrder: string[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'call_queued':
        calls.set(event.id, {
          id: event.id,
          batch: event.batch,
          safe: event.concurrencySafe,
          queuedAt: event.at,
          startedAt: null,
          completedAt: null,
          yieldedAt: null,
          outcome: null,
          result: null,
          waits: [],
          causes: [],
          waitTimes: [],
          progressAt: [],
        });
        break;
      case 'call_waiting':
        calls.get(event.id)!.waits.push(event.reason);
        calls.get(event.id)!.causes.push(event.cause);
        calls.get(event.id)!.waitTimes.push(event.at);
        break;
      case 'call_started':
        calls.get(event.id)!.startedAt = event.at;
        break;
      case 'call_progress':
        calls.get(event.id)!.progressAt.push(event.at);
        break;
      case 'call_completed': {
        const view = calls.get(event.id)!;
        view.completedAt ??= event.at;
        view.outcome = event.outcome;
        view.result = event.result;
        break;
      }
      case 'call_yielded':
        calls.get(event.id)!.yieldedAt = event.at;
        yieldOrder.push(event.id);
        break;
      default:
        break;
    }
  }
  return { calls, yieldOrder };
}

/** Shorthands for scripted calls. */
export const safe = (id: string, at: number, ms: number, extra: Record<string, unknown> = {}): ScriptedCall => ({
  id,
  name: 'SafeSleep',
  input: { ms, ...extra },
  at,
});
export const unsafe = (id: string, at: number, ms: number, extra: Record<string, unknown> = {}): ScriptedCall => ({
  id,
  name: 'UnsafeSleep',
  input: { ms, ...extra },
  at,
});
export const bash = (id: string, at: number, ms: number, extra: Record<string, unknown> = {}): ScriptedCall => ({
  id,
  name: 'Bash',
  input: { ms, command: `step ${id}`, ...extra },
  at,
});

/** The non-streaming path: the `batched` strategy (or `serial`, `parallel`) with its stream ending at `streamEnd`. */
export function runBatchedScripted(
  script: readonly ScriptedCall[],
  options: HarnessOptions & { strategy: Exclude<Strategy, 'streaming'>; streamEnd: number },
): Promise<HarnessRun> {
  return runScripted(script, options);
}

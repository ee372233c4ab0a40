import type { RunEvent } from '../src/run/events';
import { createVirtualSandbox } from '../src/sandbox/virtualSandbox';
import { createVirtualClock } from '../src/time/clock';
import { isBlockConcurrencySafe, type CallOutcome, type SessionEnvironment, type ToolResultBlock, type ToolUseBlock } from '../src/tools/execution';
import { FileStateCache } from '../src/tools/file/fileState';
import { CallAbortedError } from '../src/tools/orchestration/abort';
import type { ResultOrder } from '../src/tools/orchestration/callTracker';
import { BatchRunner, type BatchPlan } from '../src/tools/orchestration/runTools';
import { StreamingToolExecutor, type CascadePolicy } from '../src/tools/orchestration/StreamingToolExecutor';
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

/** Feeds scripted arrivals to a real StreamingToolExecutor on a virtual clock and drains it. */
export async function runScripted(script: readonly ScriptedCall[], options: HarnessOptions = {}): Promise<HarnessRun> {
  const tools = options.tools ?? [SafeSleep, UnsafeSleep, FakeBashSleep];
  const { env, clock } = makeEnv(tools, options);
  const events: RunEvent[] = [];
  const turn = new AbortController();
  const executor = new StreamingToolExecutor({
    env,
    turn: 0,
    resultOrder: options.resultOrder ?? 'request',
    emit: (event) => events.push(event),
    now: () => clock.now(),
    parentMessage: { turn: 0, toolUseIds: script.map((call) => call.id) },
    maxConcurrency: options.maxConcurrency ?? 10,
    cascade: options.cascade ?? 'bash',
    turnSignal: turn.signal,
    isConcurrencySafe: options.isConcurrencySafe ?? ((block) => isBlockConcurrencySafe(env.pool, block)),
  });

  const drive = async () => {
    const arrivals = [...script].sort((a, b) => a.at - b.at);
    const cuts: { at: number; act: () => Promise<void> }[] = [];
    if (options.interruptAt !== undefined) {
      cuts.push({ at: options.interruptAt, act: async () => turn.abort(new CallAbortedError({ kind: 'interrupt' })) });
    }
    if (options.discardAt !== undefined) cuts.push({ at: options.discardAt, act: () => executor.discard() });
    const cut: (typeof cuts)[number] | undefined = cuts[0];
    for (const call of arrivals) {
      if (cut && cut.at <= call.at) break;
      await clock.sleep(call.at - clock.now());
      const { at: _at, latencyMs, ...block } = call;
      executor.addTool(block, latencyMs ?? 0);
    }
    if (cut) {
      await clock.sleep(Math.max(0, cut.at - clock.now()));
      await cut.act();
    }
    executor.finishStream();
    return executor.drain();
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
          progressAt: [],
        });
        break;
      case 'call_waiting':
        calls.get(event.id)!.waits.push(event.reason);
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

/**
 * Feeds scripted arrivals to a real BatchRunner (the non-streaming path) on a virtual clock; the
 * stream ends at `streamEnd`, and only then do the batches run.
 */
export async function runBatchedScripted(
  script: readonly ScriptedCall[],
  options: HarnessOptions & { plan: BatchPlan; streamEnd: number },
): Promise<HarnessRun> {
  const tools = options.tools ?? [SafeSleep, UnsafeSleep, FakeBashSleep];
  const { env, clock } = makeEnv(tools, options);
  const events: RunEvent[] = [];
  const turn = new AbortController();
  const runner = new BatchRunner({
    env,
    turn: 0,
    resultOrder: options.resultOrder ?? 'request',
    emit: (event) => events.push(event),
    now: () => clock.now(),
    parentMessage: { turn: 0, toolUseIds: [] },
    maxConcurrency: options.maxConcurrency ?? 10,
    turnSignal: turn.signal,
    plan: options.plan,
    isConcurrencySafe: (block) => isBlockConcurrencySafe(env.pool, block),
  });
  const drive = async () => {
    if (options.interruptAt !== undefined) {
      void clock.sleep(options.interruptAt).then(() => turn.abort(new CallAbortedError({ kind: 'interrupt' })));
    }
    for (const call of [...script].sort((a, b) => a.at - b.at)) {
      await clock.sleep(call.at - clock.now());
      const { at: _at, latencyMs, ...block } = call;
      runner.addTool(block, latencyMs ?? 0);
    }
    await clock.sleep(Math.max(0, options.streamEnd - clock.now()));
    return runner.run();
  };
  const yielded = await clock.runUntil(drive());
  return { events, yielded, ...summarise(events) };
}

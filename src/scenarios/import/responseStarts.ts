import type { ToolUseBlock } from '../../tools/callTypes';
import { concurrencyRule } from '../../tools/orchestration/concurrencyRule';
import { STRATEGY_SCHEDULES } from '../../tools/orchestration/strategy';
import { ToolPool } from '../../tools/pool';
import { getAllBaseTools } from '../../tools/registry';
import { POLICIES, type PolicyName } from '../policies';
import { inferStarts, type StartWitness } from './callStarts';
import type { LoggedAgent, LoggedResponse } from './sessionLog';

/** When a call of a session started, how that is known, and when its tool itself began to run where the log bounds it. */
export interface CallTiming {
  readonly startedAt: number;
  readonly witness: StartWitness;
  /** When it ended: its result, or, where the log gives how long it ran, that long after its start. */
  readonly endedAt: number | undefined;
  /** When the tool began to run, where that is later than the start: hooks or a permission prompt came first. */
  readonly ranAt?: number;
}

/** How long before its tool runs a call must wait, at least, for the importer to say it waited (the log's own jitter is a few ms). */
const WAIT_BEFORE_RUN_MS = 50;

let pool: ToolPool | undefined;

/**
 * The rules of a preset for when a response's calls start: its timing, cap and grouping, and which
 * calls may run beside others (the registry's tools asked as a replay asks them, so the importer
 * and the replay judge a call alike).
 */
export function startRulesOf(policy: PolicyName): { timing: 'during-stream' | 'after-stream'; cap: number; concurrent: (block: ToolUseBlock) => boolean } {
  const preset = POLICIES[policy];
  const { timing, grouping } = STRATEGY_SCHEDULES[preset.strategy];
  pool ??= new ToolPool(getAllBaseTools());
  const rule = concurrencyRule(pool, preset.settings);
  const concurrent = grouping === 'parallel' ? () => true : grouping === 'serial' ? () => false : rule;
  const cap = grouping === 'parallel' || preset.settings.maxConcurrency === 'none' ? Infinity : preset.settings.maxConcurrency;
  return { timing, cap, concurrent };
}

/**
 * When each call of one response started (design.md, Sessions), by the preset's rules over what
 * the log says: witnessed starts stand, the rest are inferred (`inferStarts`). A tool that the
 * log shows began to run clearly later than its call started (Bash's progress, an MCP call's
 * "started" line) waited before it ran, for its hooks or a person's answer: `ranAt` says when,
 * the middle of what the log allows.
 */
export function responseStarts(response: LoggedResponse, agent: LoggedAgent, blockOf: (id: string) => ToolUseBlock, rules: ReturnType<typeof startRulesOf>): Map<string, CallTiming> {
  const calls = response.blocks.flatMap((block) => {
    const call = block.kind === 'tool_use' ? agent.calls.get(block.callId!) : undefined;
    return call ? [call] : [];
  });
  const streamEndedAt = response.blocks.at(-1)?.at ?? 0;
  const inferred = inferStarts(
    calls.map((call) => ({
      id: call.id,
      closedAt: call.closedAt,
      endedAt: call.endedAt,
      ...(call.ranForMs !== undefined ? { durationMs: call.ranForMs } : {}),
      startedAt: call.startedAt,
      concurrent: rules.concurrent(blockOf(call.id)),
    })),
    { timing: rules.timing, cap: rules.cap, streamEndedAt },
  );
  const timings = new Map<string, CallTiming>();
  for (const call of calls) {
    const start = inferred.get(call.id)!;
    const ran = call.ranAt;
    const waited = ran !== undefined && ran.earliest > start.startedAt + WAIT_BEFORE_RUN_MS;
    const ranAt = waited ? Math.min((Math.max(ran.earliest, start.startedAt) + ran.latest) / 2, start.endedAt ?? Infinity) : undefined;
    timings.set(call.id, { ...start, ...(ranAt !== undefined ? { ranAt: Math.round(ranAt) } : {}) });
  }
  return timings;
}

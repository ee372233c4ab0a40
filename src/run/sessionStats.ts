import { POLICIES, POLICY_NAMES, type PolicyName } from '../scenarios/policies';
import { callIdsOf, toolNamesById } from '../scenarios/scenarioCalls';
import { effectiveSettings } from '../scenarios/effectiveSettings';
import type { LogAudit, Observed, Scenario } from '../scenarios/schema';
import { fidelityData, type FidelityData } from './fidelity';
import type { CallRecord, RunRecord, TurnRecord } from './record';
import { allCalls } from './runFacts';
import { compareSession } from './sessionSummary';

/** One session of a folder, in figures: as it ran, and replayed with recorded effects under each preset. */
export interface SessionStats {
  readonly file: string;
  readonly agent: string;
  readonly version: string;
  /** The preset of the agent that wrote it. */
  readonly preset: string;
  readonly calls: number;
  /** Tool time as it ran: per response, from its first call starting to its last ending, summed. */
  readonly realToolMs: number;
  readonly realCancelled: number;
  /** Calls whose result came before the result of a call that arrived earlier in the same response. */
  readonly realPassing: number;
  readonly presets: readonly { readonly policy: string; readonly toolMs: number; readonly cancelled: number; readonly passing: number }[];
  /** As it ran, by tool: calls, total and longest duration. */
  readonly tools: Readonly<Record<string, { calls: number; ms: number; maxMs: number }>>;
  /** What calls waited for under the session's own preset: milliseconds by wait cause. */
  readonly waits: Readonly<Record<string, number>>;
  /** The replay under its own preset held to the real run (`--format fidelity`'s totals); absent where that replay failed. */
  readonly fidelity?: FidelityData['totals'];
  /** What the log says of itself (the importer's audit); absent for a scenario imported before there was one. */
  readonly audit?: LogAudit;
}

/**
 * Presets that would replay a session identically, grouped: a replay with recorded effects depends
 * only on the effective settings and the strategy, not on the preset's name, and the cascade rule
 * only where a call fails; each group is replayed once.
 */
export function presetGroups(scenario: Scenario, recorded: boolean, policies: readonly PolicyName[] = POLICY_NAMES): PolicyName[][] {
  // Only a call that fails cascades: with recorded effects, only the calls the log says failed.
  const fails = !recorded || Object.values(scenario.observed?.calls ?? {}).some((call) => call.outcome === 'error' || call.outcome === 'denied');
  const groups = new Map<string, PolicyName[]>();
  for (const policy of policies) {
    const settings = effectiveSettings({ ...scenario.settings, policy });
    const key = JSON.stringify({ ...settings, policy: POLICIES[policy].strategy, cascade: fails || !scenario.observed ? settings.cascade : 'none' });
    groups.set(key, [...(groups.get(key) ?? []), policy]);
  }
  return [...groups.values()];
}

/** A session replayed under every preset: the record of each, and that of the session's own preset. */
export interface PresetRuns {
  readonly runs: readonly { readonly policy: PolicyName; readonly record: RunRecord }[];
  readonly own: RunRecord | undefined;
}

/**
 * A record with what the figures read of it and no more: each call's times, outcome, waits and
 * place, without its input, result, display or progress, and no files. A session of thousands of
 * calls is replayed under every preset; only the figures of each replay are kept, not its texts.
 */
export function figuresOf(record: RunRecord): RunRecord {
  const slimCall = (call: CallRecord): CallRecord => ({ ...call, input: null, result: null, display: null, progress: [], ...(call.children ? { children: call.children.map(slimTurn) } : {}) });
  const slimTurn = (turn: TurnRecord): TurnRecord => ({ ...turn, blocks: turn.blocks.slice(0, 1).map((block) => ({ ...block, text: '' })), calls: turn.calls.map(slimCall) });
  return { ...record, turns: record.turns.map(slimTurn), files: {}, background: [], pool: null };
}

/** Replays `scenario` under every preset (`replay` runs it under one), each group of presets that replay alike once. */
export async function replayUnderPresets(scenario: Scenario, replay: (policy: PolicyName) => Promise<RunRecord>, recorded = true): Promise<PresetRuns> {
  const own = scenario.settings.policy;
  const runs: { policy: PolicyName; record: RunRecord }[] = [];
  let ownRecord: RunRecord | undefined;
  for (const group of presetGroups(scenario, recorded)) {
    const record = await replay(group.includes(own) ? own : group[0]!);
    if (group.includes(own)) ownRecord = record;
    for (const policy of group) runs.push({ policy, record });
  }
  return { runs, own: ownRecord };
}

/**
 * A session's figures (`replay` runs it with recorded effects under a preset). Each group of
 * presets that replay alike is run once; the session's own preset gives the waits.
 */
export async function sessionStats(
  file: string,
  scenario: Scenario & { observed: Observed },
  replay: (policy: PolicyName) => Promise<RunRecord>,
  options: { recorded: boolean } = { recorded: true },
): Promise<SessionStats> {
  const { observed } = scenario;
  const own = scenario.settings.policy;
  const { runs, own: ownRecord } = await replayUnderPresets(scenario, async (policy) => figuresOf(await replay(policy)), options.recorded);
  const turnIds = scenario.turns.map(callIdsOf);
  const comparison = compareSession(observed, turnIds, runs);
  return {
    file,
    agent: observed.agent,
    version: observed.version,
    preset: own,
    calls: Object.keys(observed.calls).length,
    realToolMs: comparison.totalRealMs,
    realCancelled: Object.values(observed.calls).filter((call) => call.outcome === 'cancelled').length,
    realPassing: turnIds.reduce((sum, ids) => sum + passing(ids, ids.map((id) => observed.calls[id]?.endedAt)), 0),
    presets: runs.map(({ policy, record }, index) => ({
      policy,
      toolMs: comparison.totals[index]!.toolMs,
      cancelled: comparison.totals[index]!.cancelled,
      passing: mainTurns(record).reduce((sum, turn) => sum + passing(turn.calls.map((call) => call.id), turn.calls.map((call) => yieldIndex(turn, call.id))), 0),
    })),
    tools: toolTimes(scenario, observed),
    waits: ownRecord ? waitTimes(ownRecord) : {},
    ...(ownRecord ? { fidelity: fidelityData(ownRecord, observed, own).totals } : {}),
    ...(observed.audit ? { audit: observed.audit } : {}),
  };
}

function mainTurns(record: RunRecord): readonly TurnRecord[] {
  return record.turns.filter((turn) => turn.agent === undefined);
}

function yieldIndex(turn: TurnRecord, id: string): number | undefined {
  const index = turn.yieldOrder.indexOf(id);
  return index < 0 ? undefined : index;
}

/** How many of `ids` (in arrival order) came back before one that arrived earlier; `at` is when each came back. */
function passing(ids: readonly string[], at: readonly (number | undefined)[]): number {
  let count = 0;
  let latest = -Infinity;
  for (let i = 0; i < ids.length; i++) {
    const each = at[i];
    if (each === undefined) continue;
    if (each < latest) count++;
    latest = Math.max(latest, each);
  }
  return count;
}

/** As it ran, per tool name: how many calls, their total and longest duration. */
function toolTimes(scenario: Scenario, observed: Observed): Record<string, { calls: number; ms: number; maxMs: number }> {
  const names = toolNamesById(scenario);
  const tools: Record<string, { calls: number; ms: number; maxMs: number }> = Object.create(null) as Record<string, { calls: number; ms: number; maxMs: number }>;
  for (const [id, call] of Object.entries(observed.calls)) {
    const name = names.get(id) ?? '?';
    const ms = call.startedAt !== undefined && call.endedAt !== undefined ? Math.max(0, call.endedAt - call.startedAt) : 0;
    const entry = (tools[name] ??= { calls: 0, ms: 0, maxMs: 0 });
    entry.calls++;
    entry.ms += ms;
    entry.maxMs = Math.max(entry.maxMs, ms);
  }
  return tools;
}

/** Milliseconds waited, by cause, over every call of a record. */
function waitTimes(record: RunRecord): Record<string, number> {
  const waits: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const call of allCalls(record.turns)) {
    for (const wait of call.waits) if (wait.to !== null) waits[wait.cause.kind] = (waits[wait.cause.kind] ?? 0) + Math.max(0, wait.to - wait.from);
  }
  return waits;
}

import { agentAndVersion } from '../scenarios/import/agentNames';
import { POLICIES } from '../scenarios/policies';
import type { Observed, ObservedOutcome, Scenario, ScenarioTurn } from '../scenarios/schema';
import type { CallOutcome } from '../tools/execution';
import type { CallRecord, RunRecord, StreamBlockRecord, TurnRecord } from './record';
import { EMPTY_META } from './recordTree';

/** The sandbox a record of a session as it really ran names: the user's own machine. */
export const AS_IT_RAN_SANDBOX = 'as it ran';

const OUTCOME: Record<ObservedOutcome, CallOutcome | null> = {
  success: 'success',
  error: 'error',
  cancelled: 'cancelled',
  interrupted: 'interrupted',
  denied: 'denied',
  // The log holds no result: the call never finished, as far as anyone can tell.
  unanswered: null,
};

/** The label of an imported session's real run, e.g. "as it ran: Claude Code 2.1.39" or "as it ran: Codex CLI 0.46.0". */
export function asItRanLabel(observed: Observed): string {
  return `as it ran: ${agentAndVersion(observed)}`;
}

/**
 * An imported session as it really ran, as a run record the timeline, the exporters and the
 * summaries read like any other: each call from its real start to its real result, each response's
 * blocks at their real offsets, results handed back in the order they really came. What the log
 * does not tell stays empty: no batches (the real agent's partition is not logged), no waits, no
 * final files. A call whose real start is unknown starts as its block closes; one without a result
 * stays open to the end. `null` when the scenario was not imported.
 */
export function observedRecord(scenario: Scenario): RunRecord | null {
  const { observed } = scenario;
  if (!observed) return null;
  const cursor = { end: 0 };
  const turns = scenario.turns.map((turn, index) => observedTurn(turn, index, undefined, scenario, observed, cursor));
  const endedAt = Math.max(cursor.end, ...turns.map((turn) => turn.endedAt ?? 0));
  return {
    ...EMPTY_META,
    scenario: scenario.id,
    sandbox: AS_IT_RAN_SANDBOX,
    strategy: POLICIES[scenario.settings.policy].strategy,
    settings: { policy: scenario.settings.policy, asItRan: asItRanLabel(observed) },
    status: 'ended',
    endedAt,
    turns,
  };
}

function observedTurn(turn: ScenarioTurn, index: number, agent: string | undefined, scenario: Scenario, observed: Observed, cursor: { end: number }): TurnRecord {
  // The response's start in session time: as early as its first known call allows, never before the previous one ended.
  const anchors = turn.stream.flatMap((block) => {
    const startedAt = block.type === 'tool_use' ? observed.calls[block.id]?.startedAt : undefined;
    return startedAt === undefined ? [] : [startedAt - block.at - block.durationMs];
  });
  const start = Math.max(0, anchors.length > 0 ? Math.min(...anchors) : cursor.end);
  const blocks: StreamBlockRecord[] = turn.stream.map((block, blockIndex) => ({
    index: blockIndex,
    kind: block.type,
    ...(block.type === 'tool_use' ? { id: block.id, name: block.name } : { text: block.text }),
    startedAt: start + block.at,
    stoppedAt: start + block.at + block.durationMs,
  }));
  const streamEnd = Math.max(start, ...blocks.map((block) => block.stoppedAt ?? start));
  cursor.end = Math.max(cursor.end, streamEnd);
  const calls: CallRecord[] = [];
  for (const block of turn.stream) {
    if (block.type !== 'tool_use') continue;
    const real = observed.calls[block.id];
    const closed = start + block.at + block.durationMs;
    const startedAt = Math.max(real?.startedAt ?? closed, start);
    const outcome = real ? OUTCOME[real.outcome] : null;
    const completedAt = outcome === null ? null : Math.max(real?.endedAt ?? startedAt, startedAt);
    const childTurns = scenario.agents?.[block.id]?.turns.map((child, childIndex) => observedTurn(child, childIndex, block.id, scenario, observed, { end: startedAt })) ?? [];
    calls.push({
      id: block.id,
      name: block.name,
      input: block.input,
      turn: index,
      ...(agent !== undefined ? { agent } : {}),
      batch: -1,
      concurrencySafe: false,
      latencyMs: 0,
      queuedAt: Math.min(closed, startedAt),
      executingAt: startedAt,
      runStartedAt: startedAt,
      completedAt,
      yieldedAt: completedAt,
      outcome,
      result: outcome === null ? null : { type: 'tool_result', tool_use_id: block.id, content: real?.result ?? '', is_error: outcome !== 'success' },
      display: null,
      progress: [],
      waits: [],
      ...(childTurns.length > 0 ? { children: childTurns } : {}),
    });
    cursor.end = Math.max(cursor.end, completedAt ?? startedAt, ...childTurns.map((child) => child.endedAt ?? 0));
  }
  const yieldOrder = calls
    .filter((call) => call.completedAt !== null)
    .sort((a, b) => a.completedAt! - b.completedAt!)
    .map((call) => call.id);
  return {
    index,
    ...(agent !== undefined ? { agent } : {}),
    startedAt: start,
    endedAt: Math.max(streamEnd, ...calls.map((call) => call.completedAt ?? call.executingAt ?? 0)),
    streamStartedAt: start,
    streamEndedAt: streamEnd,
    streamEndReason: 'end',
    blocks,
    batches: [],
    yieldOrder,
    calls,
  };
}

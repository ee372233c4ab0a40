import type { Observed } from '../scenarios/schema';
import type { RunRecord, TurnRecord } from './record';
import { secondsText } from './timeText';

/** One turn: how long its tools took really and under each policy, what was cancelled, whether results came back in the same order. */
export interface TurnComparison {
  readonly index: number;
  /** From the turn's first call starting to its last call ending, really (ms); `null` when the log does not tell. */
  readonly realMs: number | null;
  readonly realCancelled: number;
  readonly byPolicy: readonly { policy: string; toolMs: number; cancelled: number; sameOrder: boolean }[];
}

export interface SessionComparison {
  readonly turns: readonly TurnComparison[];
  readonly totalRealMs: number;
  readonly totals: readonly { policy: string; toolMs: number; cancelled: number; orderDiffers: number }[];
}

/** The tool time of a replayed turn: from its first call starting to its last ending. */
function toolSpan(turn: TurnRecord | undefined): number {
  const calls = turn?.calls.filter((call) => call.executingAt !== null && call.completedAt !== null) ?? [];
  if (calls.length === 0) return 0;
  return Math.max(...calls.map((call) => call.completedAt!)) - Math.min(...calls.map((call) => call.executingAt!));
}

/**
 * An imported session as it really ran against its replays under several policies: per turn and
 * in total, the tools' time, the calls cancelled by a sibling, and whether results came back in
 * the real order. `turnIds` are each scripted turn's call ids (the scenario's main turns).
 */
export function compareSession(observed: Observed, turnIds: readonly (readonly string[])[], runs: readonly { policy: string; record: RunRecord }[]): SessionComparison {
  const turns: TurnComparison[] = turnIds.map((ids, index) => {
    const real = ids.map((id) => observed.calls[id]).filter((call) => call !== undefined);
    const starts = real.map((call) => call.startedAt).filter((at): at is number => at !== undefined);
    const ends = real.map((call) => call.endedAt).filter((at): at is number => at !== undefined);
    const realOrder = ids.filter((id) => observed.calls[id]?.endedAt !== undefined).sort((a, b) => observed.calls[a]!.endedAt! - observed.calls[b]!.endedAt!);
    return {
      index,
      realMs: starts.length > 0 && ends.length > 0 ? Math.max(...ends) - Math.min(...starts) : null,
      realCancelled: real.filter((call) => call.outcome === 'cancelled').length,
      byPolicy: runs.map(({ policy, record }) => {
        const turn = record.turns.filter((each) => each.agent === undefined)[index];
        const replayed = (turn?.yieldOrder ?? []).filter((id) => realOrder.includes(id));
        return {
          policy,
          toolMs: toolSpan(turn),
          cancelled: turn?.calls.filter((call) => call.outcome === 'cancelled').length ?? 0,
          sameOrder: replayed.join(' ') === realOrder.filter((id) => replayed.includes(id)).join(' '),
        };
      }),
    };
  });
  return {
    turns,
    totalRealMs: turns.reduce((sum, turn) => sum + (turn.realMs ?? 0), 0),
    totals: runs.map(({ policy }, i) => ({
      policy,
      toolMs: turns.reduce((sum, turn) => sum + turn.byPolicy[i]!.toolMs, 0),
      cancelled: turns.reduce((sum, turn) => sum + turn.byPolicy[i]!.cancelled, 0),
      orderDiffers: turns.filter((turn) => !turn.byPolicy[i]!.sameOrder).length,
    })),
  };
}

/** The comparison as text: the totals by policy, then the turns where the policies differ from the real run. */
export function formatSessionComparison(comparison: SessionComparison, label: string): string {
  const width = Math.max(label.length, ...comparison.totals.map((total) => total.policy.length));
  const realCancelled = comparison.turns.reduce((sum, turn) => sum + turn.realCancelled, 0);
  const lines = [`tool time, as it ran and under each policy (${comparison.turns.length} turns)`];
  lines.push(`  ${label.padEnd(width)}  ${secondsText(comparison.totalRealMs).padStart(9)}  cancelled ${realCancelled}`);
  for (const total of comparison.totals) {
    const ratio = comparison.totalRealMs > 0 ? ` (${(total.toolMs / comparison.totalRealMs).toFixed(2)}×)` : '';
    lines.push(`  ${total.policy.padEnd(width)}  ${secondsText(total.toolMs).padStart(9)}${ratio.padEnd(9)}  cancelled ${total.cancelled}  result order differs in ${total.orderDiffers} turn(s)`);
  }
  const notable = comparison.turns.filter((turn) => turn.byPolicy.some((entry) => entry.cancelled !== turn.realCancelled || !entry.sameOrder));
  for (const turn of notable.slice(0, 12)) {
    const parts = turn.byPolicy.filter((entry) => entry.cancelled !== turn.realCancelled || !entry.sameOrder).map((entry) => `${entry.policy}: ${entry.cancelled} cancelled${entry.sameOrder ? '' : ', other order'}`);
    lines.push(`  turn ${turn.index}: really ${turn.realCancelled} cancelled; ${parts.join('; ')}`);
  }
  if (notable.length > 12) lines.push(`  … and ${notable.length - 12} more turns`);
  return `${lines.join('\n')}\n`;
}

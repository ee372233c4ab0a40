import { fidelityData, type FidelityData } from '../../run/fidelity';
import { asItRanLabel } from '../../run/observedRecord';
import { replayUnderPresets } from '../../run/sessionStats';
import { compareSession, type SessionComparison } from '../../run/sessionSummary';
import type { PolicyName } from '../../scenarios/policies';
import { callIdsOf } from '../../scenarios/scenarioCalls';
import type { LogAudit, Scenario } from '../../scenarios/schema';

/** What the page answers about an imported session, as `--format summary` prints it. */
export interface SessionAnswers {
  /** "as it ran: Claude Code 2.1.39". */
  readonly label: string;
  /** The preset of the agent that wrote the log. */
  readonly preset: PolicyName;
  readonly comparison: SessionComparison;
  /** The presets of `comparison.totals`, in the same order. */
  readonly policies: readonly PolicyName[];
  /** How faithfully the session's own preset replays it: outcomes and starts against the log's. */
  readonly fidelity: FidelityData['totals'] | null;
  /** What the log says of itself (its import's audit). */
  readonly audit: LogAudit | null;
}

// Worked out once per opened session: going to another tab and back does not replay it again.
const known = new WeakMap<Scenario, SessionAnswers>();

/** The answers already worked out for this session, if any. */
export function knownAnswers(scenario: Scenario): SessionAnswers | undefined {
  return known.get(scenario);
}

/**
 * Replays an imported session with recorded effects under every preset, on a virtual clock (at
 * once: nothing runs, is fetched or sent), and compares each with how it really ran.
 */
export async function sessionAnswers(scenario: Scenario, signal: AbortSignal): Promise<SessionAnswers> {
  const observed = scenario.observed;
  if (!observed) throw new Error('this scenario was not imported from a session log: it has no real run to compare with');
  const { replayRecorded } = await import('../controller/engineRuns');
  const { runs, own } = await replayUnderPresets(scenario, (policy) => replayRecorded(scenario, policy, signal));
  const answers: SessionAnswers = {
    label: asItRanLabel(observed),
    preset: scenario.settings.policy,
    comparison: compareSession(observed, scenario.turns.map(callIdsOf), runs),
    policies: runs.map((run) => run.policy),
    fidelity: own ? fidelityData(own, observed, scenario.settings.policy).totals : null,
    audit: observed.audit ?? null,
  };
  known.set(scenario, answers);
  return answers;
}

/** The turns where a preset's replay differs from the real run, each said in words (at most `limit`). */
export function differences(comparison: SessionComparison, limit = 12): { turn: number; text: string }[] {
  return comparison.turns
    .flatMap((turn) => {
      const differing = turn.byPolicy.filter((entry) => entry.cancelled !== turn.realCancelled || !entry.sameOrder);
      if (differing.length === 0) return [];
      const parts = differing.map((entry) => {
        const what: string[] = [];
        if (entry.cancelled !== turn.realCancelled) what.push(`cancels ${entry.cancelled} (really ${turn.realCancelled})`);
        if (!entry.sameOrder) what.push('hands results back in another order');
        return `${entry.policy} ${what.join(' and ')}`;
      });
      return [{ turn: turn.index, text: parts.join('; ') }];
    })
    .slice(0, limit);
}

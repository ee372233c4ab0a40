import type { RunRecord } from '../run/record';
import { runFacts, type RunFacts } from '../run/runFacts';
import { POLICIES, type PolicyName } from '../scenarios/policies';
import type { Scenario } from '../scenarios/schema';
import type { ReplayOptions } from './replayOptions';
import { runRecord, underPolicy } from './runRecord';

/** One policy's run of the scenario, and what it shows. */
export interface PolicyRun {
  policy: PolicyName;
  record: RunRecord;
  facts: RunFacts;
}

/** Runs one scenario under each policy, one after another, each on its own fresh sandbox. */
export async function comparePolicies(scenario: Scenario, policies: readonly PolicyName[], options: Pick<ReplayOptions, 'sandbox' | 'realtime' | 'effects' | 'network'>): Promise<PolicyRun[]> {
  const runs: PolicyRun[] = [];
  for (const policy of policies) {
    const record = await runRecord(underPolicy(scenario, policy), options);
    runs.push({ policy, record, facts: runFacts(record) });
  }
  return runs;
}

/** The comparison as a table: per policy its strategy, makespan, cancellations, result order and lost edits. */
export function formatComparison(scenario: Scenario, runs: readonly PolicyRun[]): string {
  const slowest = Math.max(...runs.map((run) => run.facts.makespan), 1);
  const rows = runs.map(({ policy, record, facts }) => ({
    policy,
    strategy: record.strategy,
    makespan: `${(facts.makespan / 1000).toFixed(2)} s ${bar(facts.makespan / slowest)}`,
    cancelled: String(facts.cancelled),
    order: facts.outOfOrder === 0 ? 'as requested' : `${facts.outOfOrder} passed an earlier one`,
    lost: facts.lostEdits.length === 0 ? 'none' : facts.lostEdits.map((edit) => `${edit.id} (${edit.path})`).join(', '),
  }));
  const header = { policy: 'policy', strategy: 'strategy', makespan: 'makespan', cancelled: 'cancelled', order: 'result order', lost: 'lost edits' };
  const widthOf = (key: keyof typeof header): number => Math.max(header[key].length, ...rows.map((row) => row[key].length));
  const format = (row: typeof header): string =>
    [row.policy.padEnd(widthOf('policy')), row.strategy.padEnd(widthOf('strategy')), row.makespan.padEnd(widthOf('makespan')), row.cancelled.padStart(widthOf('cancelled')), row.order.padEnd(widthOf('order')), row.lost].join('  ');
  const lines = [`${scenario.id}: one scenario under ${runs.length} policies`, '', format(header), ...rows.map(format)];
  lines.push('');
  for (const { policy, facts } of runs) lines.push(`${policy}: yield order ${facts.yieldOrders.map((order) => order.join(' ')).filter((text) => text !== '').join(' | ') || '(no calls)'}`);
  lines.push('', ...runs.map(({ policy }) => `${policy}: ${POLICIES[policy].summary}`));
  return `${lines.join('\n')}\n`;
}

function bar(share: number): string {
  return '▇'.repeat(Math.max(1, Math.round(share * 10)));
}

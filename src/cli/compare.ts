import type { RunRecord } from '../run/record';
import { runFacts, type RunFacts } from '../run/runFacts';
import { POLICIES, POLICY_NAMES, type PolicyName } from '../scenarios/policies';
import type { Scenario } from '../scenarios/schema';
import type { ReplayOptions } from './replayOptions';
import { runRecord, underPolicy } from './runRecord';

/** One policy's run of the scenario, and what it shows. */
export interface PolicyRun {
  policy: PolicyName;
  record: RunRecord;
  facts: RunFacts;
}

/** `--compare`'s value: preset names separated by commas, or `all`. A string is what is wrong with it. */
export function parsePolicyList(value: string): PolicyName[] | string {
  if (value === 'all') return [...POLICY_NAMES];
  const names = value.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names.filter((name) => !POLICY_NAMES.includes(name as PolicyName));
  if (unknown.length > 0) return `--compare names no such policy: ${unknown.join(', ')} (the presets: ${POLICY_NAMES.join(', ')}, or all)`;
  if (names.length === 0) return '--compare needs at least one policy';
  return names as PolicyName[];
}

/** Runs one scenario under each policy, one after another, each on its own fresh sandbox. */
export async function comparePolicies(scenario: Scenario, policies: readonly PolicyName[], options: Pick<ReplayOptions, 'sandbox' | 'realtime'>): Promise<PolicyRun[]> {
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
  const width = Math.max(...runs.map((run) => run.policy.length), 6);
  const lines = [`${scenario.id}: one scenario under ${runs.length} policies`, ''];
  lines.push(`${'policy'.padEnd(width)}  strategy   makespan    cancelled  result order          lost edits`);
  for (const { policy, record, facts } of runs) {
    const order = facts.outOfOrder === 0 ? 'as requested' : `${facts.outOfOrder} passed an earlier one`;
    const lost = facts.lostEdits.length === 0 ? 'none' : facts.lostEdits.map((edit) => `${edit.id} (${edit.path})`).join(', ');
    const makespan = `${(facts.makespan / 1000).toFixed(2)} s`.padStart(8);
    lines.push(`${policy.padEnd(width)}  ${record.strategy.padEnd(9)}  ${makespan} ${bar(facts.makespan / slowest)}  ${String(facts.cancelled).padStart(9)}  ${order.padEnd(20)}  ${lost}`);
  }
  lines.push('');
  for (const { policy, facts } of runs) lines.push(`${policy}: yield order ${facts.yieldOrders.map((order) => order.join(' ')).filter((text) => text !== '').join(' | ') || '(no calls)'}`);
  lines.push('', ...runs.map(({ policy }) => `${policy}: ${POLICIES[policy].summary}`));
  return `${lines.join('\n')}\n`;
}

function bar(share: number): string {
  return '▇'.repeat(Math.max(1, Math.round(share * 10))).padEnd(10);
}

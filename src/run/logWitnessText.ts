import type { LogAudit } from '../scenarios/schema';
import type { FidelityData } from './fidelity';
import { secondsText } from './timeText';

/**
 * How a session's real starts are known, in words (the command line's summary and the page's
 * Summary tab): how many the log itself says, how many its agent's rules give from the log's ends,
 * and how many ran sooner than those rules allow.
 */
export function startsKnownText(totals: FidelityData['totals']): string {
  const { log, rules, inconsistent } = totals.byWitness;
  const parts = [`${log.startsWithin} of ${log.timed} the log itself says`, `${rules.startsWithin} of ${rules.timed} its agent's rules give from the log's ends`];
  if (inconsistent.timed > 0) parts.push(`${inconsistent.timed} that ran sooner than its rules allow`);
  return parts.join('; ');
}

/** What a log says of itself (its audit), as a few short sentences: one a line on the command line, one paragraph on the page. */
export function auditSentences(audit: LogAudit): string[] {
  return [
    `calls without a result: ${audit.unanswered}; cancelled by a sibling: ${audit.cancelledBySibling}`,
    `responses whose results were written out of call order: ${audit.resultsOutOfOrder}; split by a later response's lines: ${audit.resultsSplit}`,
    `hooks: ${audit.hooks.runs} run(s), ${secondsText(audit.hooks.ms)} the log shows; permission waits: ${audit.permissionWaits.calls} call(s), ${secondsText(audit.permissionWaits.ms)}`,
    `calls that ran sooner than the agent's rules allow: ${audit.ranSooner}`,
  ];
}

import { fidelityData, fidelityReport, formatFidelity } from '../run/fidelity';
import { auditSentences, startsKnownText } from '../run/logWitnessText';
import type { LogAudit } from '../scenarios/schema';
import { asItRanLabel, observedRecord } from '../run/observedRecord';
import type { RunRecord } from '../run/record';
import type { ReportOptions, ReportSection } from '../run/report/htmlReport';
import { compareSession, formatSessionComparison } from '../run/sessionSummary';
import { POLICY_NAMES } from '../scenarios/policies';
import { callIdsOf } from '../scenarios/scenarioCalls';
import type { Observed, Scenario } from '../scenarios/schema';
import { comparePolicies } from './compare';
import type { ReplayOptions } from './replayOptions';

/**
 * What the replay of an imported session (a scenario with `observed`) adds to its output: how
 * faithfully it replayed; in a summary or a report, how it really ran against every policy, turn
 * by turn; and its real run, to draw beside the replay. `replayOne` imports this only for such a
 * scenario.
 */
export async function sessionSections(
  scenario: Scenario & { observed: Observed },
  record: RunRecord,
  options: ReplayOptions,
): Promise<{ sections: ReportSection[]; alongside?: ReportOptions['alongside'] }> {
  const { observed } = scenario;
  const sections: ReportSection[] = [{ title: 'Fidelity', text: formatFidelity(fidelityReport(record, observed, Object.keys(scenario.workspace.files))) + startsText(record, observed, scenario.settings.policy) }];
  if (observed.audit) sections.push({ title: 'What the log says of itself', text: auditText(observed.audit) });
  if (options.format === 'summary' || options.format === 'html') {
    const runs = await comparePolicies(scenario, POLICY_NAMES, options);
    const text = formatSessionComparison(compareSession(observed, scenario.turns.map(callIdsOf), runs), asItRanLabel(observed));
    sections.push({ title: 'As it ran, and under each policy', text });
  }
  const asItRan = observedRecord(scenario);
  return { sections, ...(asItRan ? { alongside: { label: asItRanLabel(observed), record: asItRan } } : {}) };
}

/** How the replay's starts held to the real ones, and how the real ones are known. */
function startsText(record: RunRecord, observed: Observed, preset: string): string {
  const { totals } = fidelityData(record, observed, preset);
  return `starts: ${totals.startsWithin} of ${totals.timed} within ${totals.toleranceMs} ms of the real start (${startsKnownText(totals)})\n`;
}

/** A log's audit in a few lines. */
function auditText(audit: LogAudit): string {
  return `what the log says of itself:\n${auditSentences(audit)
    .map((line) => `  ${line}`)
    .join('\n')}\n`;
}

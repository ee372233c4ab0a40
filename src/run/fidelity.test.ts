import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { importClaudeSession } from '../scenarios/import/claude-code/importClaudeSession';
import { createVirtualClock } from '../time/virtualClock';
import { fidelityReport, formatFidelity } from './fidelity';
import { runScenario } from './runScenario';

const TRANSCRIPTS = join(import.meta.dirname, '../../test/transcripts');

describe('the fidelity of a replayed real session', () => {
  it.each(readdirSync(TRANSCRIPTS).filter((name) => name.endsWith('.jsonl')))('%s: every call reproduced, or explained in a class a user can act on', async (name) => {
    const imported = importClaudeSession([{ name, text: readFileSync(join(TRANSCRIPTS, name), 'utf8') }]);
    if (!imported.ok) throw new Error(JSON.stringify(imported.problems));
    const { scenario } = imported;
    const clock = createVirtualClock();
    const record = await clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), clock }));
    expect(record.error).toBeUndefined();
    const report = fidelityReport(record, scenario.observed!, Object.keys(scenario.workspace.files));
    expect(report.calls).toHaveLength(Object.keys(scenario.observed!.calls).length);
    expect(report.counts.reproduced ?? 0).toBeGreaterThan(report.calls.length / 4);
    // Every call that did not reproduce says why, in words.
    for (const call of report.calls) if (call.verdict !== 'reproduced') expect(call.why.length, call.id).toBeGreaterThan(10);
    expect(report.counts['real-difference'] ?? 0).toBe(0);
    expect(formatFidelity(report)).toMatch(/^fidelity: \d+ calls: \d+ reproduced/);
  });
});

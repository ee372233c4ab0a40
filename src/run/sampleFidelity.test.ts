import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { importSessionLog } from '../scenarios/import/importSessionLog';
import { createVirtualClock } from '../time/virtualClock';
import { fidelityData, type FidelityData } from './fidelity';
import { runScenario } from './runScenario';

const TEST = join(import.meta.dirname, '../../test');
/** Every real log the repository keeps, of every agent (test/transcripts/README.md says where each comes from). */
const SAMPLES = ['transcripts', 'codex/samples', 'gemini', 'copilot'].flatMap((folder) => {
  let names: string[] = [];
  try {
    names = readdirSync(join(TEST, folder)).filter((name) => /\.jsonl?$/.test(name));
  } catch {
    // A folder of an agent not read yet.
  }
  return names.map((name) => join(folder, name));
});

const results: FidelityData[] = [];

describe('the real logs, replayed with recorded effects under their own agent’s preset', () => {
  it.each(SAMPLES)('%s: every call ends as it really did, and starts near its real start', async (path) => {
    const imported = importSessionLog([{ name: path, text: readFileSync(join(TEST, path), 'utf8') }]);
    expect(imported.ok, JSON.stringify(imported.problems.slice(0, 3))).toBe(true);
    if (!imported.ok) return;
    const { scenario } = imported;
    const clock = createVirtualClock();
    const record = await clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), clock }));
    expect(record.error).toBeUndefined();
    const data = fidelityData(record, scenario.observed!, scenario.settings.policy);
    results.push(data);
    const differ = data.calls.filter((call) => call.outcome !== call.observedOutcome && !(call.observedOutcome === 'error' && call.outcome === 'invalid'));
    expect(differ.filter((call) => !(call.observedOutcome === 'unanswered' && call.outcome === 'interrupted'))).toEqual([]);
    expect(data.totals.sameOutcome).toBe(data.totals.calls);
    // Each log: 95% of the starts within 50 ms (docs/policies.md, Measured against real runs, says
    // what the misses are).
    expect(data.totals.startsWithin / data.totals.timed).toBeGreaterThanOrEqual(0.95);
  });

  it('across every log, at least 95% of the calls start within 50 ms of their real start', () => {
    expect(results).toHaveLength(SAMPLES.length);
    const timed = results.reduce((sum, data) => sum + data.totals.timed, 0);
    const within = results.reduce((sum, data) => sum + data.totals.startsWithin, 0);
    expect(timed).toBeGreaterThan(500);
    expect(within / timed).toBeGreaterThanOrEqual(0.95);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { importSessionLog } from '../scenarios/import/importSessionLog';
import { POLICY_NAMES, type PolicyName } from '../scenarios/policies';
import type { Scenario } from '../scenarios/schema';
import { createVirtualClock } from '../time/virtualClock';
import { FolderReportBuilder } from './folderReport';
import { formatFolderReport } from './folderReportText';
import { runScenario } from './runScenario';
import { presetGroups, sessionStats } from './sessionStats';

const TEST = join(import.meta.dirname, '../../test');

function imported(path: string): Scenario {
  const result = importSessionLog([{ name: path, text: readFileSync(join(TEST, path), 'utf8') }]);
  if (!result.ok) throw new Error(JSON.stringify(result.problems.slice(0, 3)));
  return result.scenario;
}

async function replay(scenario: Scenario, policy: PolicyName) {
  const clock = createVirtualClock();
  return clock.runUntil(runScenario({ scenario: { ...scenario, settings: { ...scenario.settings, policy } }, sandbox: createVirtualSandbox({}), clock }));
}

describe('a session in figures', () => {
  it.each(['transcripts/spotter-fa812bfe-main-lines1-312.jsonl', 'transcripts/spotter-4d5611e5-subagent-a2898e3.jsonl'])(
    '%s: replaying each group of presets once gives what replaying every preset gives',
    async (path) => {
      const scenario = imported(path);
      const grouped = await sessionStats(path, { ...scenario, observed: scenario.observed! }, (policy) => replay(scenario, policy));
      const each = await sessionStats(path, { ...scenario, observed: scenario.observed! }, (policy) => replay(scenario, policy), { recorded: false });
      expect(grouped.presets).toEqual(each.presets);
      expect(grouped.presets.map((preset) => preset.policy).sort()).toEqual([...POLICY_NAMES].sort());
    },
  );

  it('groups presets that differ only in their cascade where no call failed, and keeps them apart where one did', () => {
    const clean = imported('transcripts/spotter-fa812bfe-main-lines1-312.jsonl');
    expect(presetGroups(clean, true)).toContainEqual(['claude-code-2.1.39', 'claude-code-2.1.47', 'claude-code-2.1.72', 'claude-code-2.1.128', 'claude-code-2.1.161']);
    const failing = imported('transcripts/spotter-4d5611e5-subagent-a2898e3.jsonl');
    expect(Object.values(failing.observed!.calls).some((call) => call.outcome === 'error')).toBe(true);
    // Only presets with the same settings share a group there: OpenCode's is the AI SDK's it runs on, and Claude Code 2.0's non-streaming path is 1.0's.
    const groups = presetGroups(failing, true);
    expect(groups).toContainEqual(['ai-sdk-5', 'opencode']);
    expect(groups).toContainEqual(['claude-code-1.0', 'claude-code-2.0']);
    // Pi's sequential path runs one call at a time after the response, as Cline does.
    expect(groups).toContainEqual(['cline', 'pi-sequential']);
    expect(groups.filter((group) => group.length > 1)).toHaveLength(3);
  });

  it('counts the real run: tool time, cancellations, results that passed an earlier one, the tools’ times', async () => {
    const scenario = imported('transcripts/spotter-4d5611e5-subagent-a2898e3.jsonl');
    const stats = await sessionStats('x', { ...scenario, observed: scenario.observed! }, (policy) => replay(scenario, policy));
    expect(stats).toMatchObject({ agent: 'claude-code', version: '2.1.39', preset: 'claude-code-2.1.39', calls: 33 });
    expect(stats.realCancelled).toBe(7);
    const own = stats.presets.find((preset) => preset.policy === 'claude-code-2.1.39')!;
    // The log as the oracle under its own agent's preset: the same cancellations.
    expect(own.cancelled).toBe(stats.realCancelled);
    expect(Object.values(stats.tools).reduce((sum, tool) => sum + tool.calls, 0)).toBe(33);
    expect(stats.tools.Glob!.ms).toBeGreaterThan(0);

    const builder = new FolderReportBuilder();
    builder.add(stats);
    builder.add({ ...stats, file: 'y', version: '2.1.38' });
    builder.add({ ...stats, file: 'a', version: '2.1.38' });
    builder.unreadable('z.jsonl', 'line 1: not JSON');
    const report = builder.build();
    expect(report).toMatchObject({ sessions: 3, calls: 99, realCancelled: 21 });
    // Rows by file, not by which worker lane finished first: two runs of one folder print the same report.
    expect(report.rows.map((row) => row.file)).toEqual(['a', 'x', 'y']);
    expect(report.agents.map((agent) => agent.version)).toEqual(['2.1.38', '2.1.39']);
    expect(report.presets.find((preset) => preset.policy === 'claude-code-2.1.39')!.perSession!.median).toBeCloseTo(own.toolMs / stats.realToolMs);
    expect(formatFolderReport(report)).toContain('z.jsonl: line 1: not JSON');
  });
});

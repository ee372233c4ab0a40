import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fidelityReport } from '../../../run/fidelity';
import { runScenario } from '../../../run/runScenario';
import { createVirtualSandbox } from '../../../sandbox/virtualSandbox';
import { createVirtualClock } from '../../../time/virtualClock';
import { importSessionLog, sessionAgentOf } from '../importSessionLog';
import { importCopilotSession } from './importCopilotSession';

/** Real Copilot CLI sessions, copied byte for byte (test/copilot/README.md). */
const FIXTURES = join(import.meta.dirname, '../../../../test/copilot');
const samples = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.jsonl'))
  .map((name) => ({ name, text: readFileSync(join(FIXTURES, name), 'utf8') }));

type Event = { type: string; timestamp: string; data: Record<string, unknown> };
const eventsOf = (text: string) => text.trim().split('\n').map((line) => JSON.parse(line) as Event);
/** The playground's name for each tool of the sample (copilotTools.ts). */
const MAPPED: Record<string, string> = { bash: 'Bash', view: 'Read', edit: 'Edit', create: 'Write', glob: 'Glob', grep: 'Grep' };

const imported = (sample: { name: string; text: string }) => {
  const result = importCopilotSession([sample]);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result;
};

describe.each(samples)('importing the real Copilot CLI session $name', (sample) => {
  const events = eventsOf(sample.text);
  const starts = events.filter((event) => event.type === 'tool.execution_start');
  const completes = new Map(events.filter((event) => event.type === 'tool.execution_complete').map((event) => [event.data.toolCallId as string, event]));

  it('is told from its first lines, with no flag, and imported through the one entry', () => {
    expect(sessionAgentOf(sample.text)).toBe('copilot-cli');
    const result = importSessionLog([sample]);
    expect(result.ok && result.scenario.observed?.agent).toBe('copilot-cli');
  });

  it('reads the version and folder from session.start, under the copilot-cli policy, with nothing it could not read', () => {
    const { scenario, problems } = imported(sample);
    const start = events.find((event) => event.type === 'session.start')!.data;
    expect(problems).toEqual([]);
    expect(scenario.observed).toMatchObject({ agent: 'copilot-cli', version: start.copilotVersion });
    expect(scenario.title).toContain(`(GitHub Copilot CLI ${start.copilotVersion as string})`);
    expect(scenario.settings.policy).toBe('copilot-cli');
    expect(scenario.turns).toHaveLength(events.filter((event) => event.type === 'assistant.message').length);
  });

  it('imports every tool call of the log under its mapped name, with its outcome as logged', () => {
    const { scenario } = imported(sample);
    const uses = scenario.turns.flatMap((turn) => turn.stream.flatMap((block) => (block.type === 'tool_use' ? [block] : [])));
    expect(uses.map((use) => use.id).sort()).toEqual(starts.map((event) => event.data.toolCallId as string).sort());
    for (const start of starts) {
      const id = start.data.toolCallId as string;
      const use = uses.find((each) => each.id === id)!;
      const name = start.data.toolName as string;
      expect(use.name, id).toBe(MAPPED[name] ?? name);
      const success = completes.get(id)!.data.success === true;
      expect(scenario.observed!.calls[id]!.outcome, id).toBe(success ? 'success' : 'error');
    }
  });

  it('takes each call’s real start and end from its own events', () => {
    const { scenario } = imported(sample);
    const origin = Date.parse(events.find((event) => event.type === 'assistant.message')!.timestamp);
    for (const start of starts) {
      const id = start.data.toolCallId as string;
      expect(scenario.observed!.calls[id], id).toMatchObject({
        startedAt: Date.parse(start.timestamp) - origin,
        endedAt: Date.parse(completes.get(id)!.timestamp) - origin,
      });
    }
  });

  it('says what its events say of the hooks and of a person’s answer to a permission prompt (lines 20–27: requested, approved 8.4 s later)', () => {
    const { scenario } = imported(sample);
    const audit = scenario.observed!.audit!;
    expect(audit.hooks.runs).toBe(events.filter((event) => event.type === 'hook.end').length);
    expect(audit.hooks.ms).toBeGreaterThan(0);
    const asked = scenario.observed!.calls.toolu_bdrk_016Vhz9rZBJHNBAPu8Crj4h1!;
    const approved = Date.parse(events.find((event) => event.type === 'permission.completed')!.timestamp);
    const origin = Date.parse(events.find((event) => event.type === 'assistant.message')!.timestamp);
    // Its tool ran once the person approved it; until then the call held its place.
    expect(asked.ranAt).toBe(approved - origin);
    expect(audit.permissionWaits).toEqual({ calls: 1, ms: asked.ranAt! - asked.startedAt! });
  });

  it('replays, and every call is reproduced or explained in a class a user can act on', async () => {
    const { scenario } = imported(sample);
    const clock = createVirtualClock();
    const record = await clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), clock }));
    expect(record.error).toBeUndefined();
    const report = fidelityReport(record, scenario.observed!, Object.keys(scenario.workspace.files));
    expect(report.calls).toHaveLength(starts.length);
    expect(report.counts['real-difference'] ?? 0, JSON.stringify(report.calls.filter((call) => call.verdict === 'real-difference'))).toBe(0);
  });
});

describe('what the 1.0.64 session shows', () => {
  const sample = samples.find((each) => each.name.includes('1.0.64'))!;

  it('rebuilds the file a view showed whole, and keeps the shells’ tools under their own names', () => {
    const { scenario } = imported(sample);
    const shown = JSON.parse(readFileSync(join(FIXTURES, sample.name), 'utf8').split('\n').find((line) => line.includes('"toolName":"view"'))!) as Event;
    expect((shown.data.arguments as { path: string }).path).toMatch(/\.github\/hooks\/entire\.json$/);
    expect(Object.keys(scenario.workspace.files)).toEqual(['.github/hooks/entire.json']);
    expect(scenario.workspace.files['.github/hooks/entire.json']).toMatch(/^\{\n {2}"hooks": \{\n[\s\S]*\n\}\n$/);
    const names = new Set(scenario.turns.flatMap((turn) => turn.stream.flatMap((block) => (block.type === 'tool_use' ? [block.name] : []))));
    expect([...names].sort()).toEqual(['Bash', 'Edit', 'Read', 'read_bash', 'stop_bash']);
  });

  it('keeps paths inside the session’s folder relative, as the replay’s workspace is that folder', () => {
    const { scenario } = imported(sample);
    const edit = scenario.turns.flatMap((turn) => turn.stream).find((block) => block.type === 'tool_use' && block.name === 'Edit');
    expect(edit).toMatchObject({ input: { file_path: '.github/hooks/entire.json' } });
  });
});

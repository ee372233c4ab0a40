import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../tools/events';
import { buildRecord } from './reduceRun';
import type { CallRecord, RunRecord } from './record';
import { completed, queued, seedRun, waiting } from '../../test/sampleRuns';
import { replayBuiltIn } from '../../test/replayBuiltIn';
import { cancelledBy, causeLinks, linksInto, type CauseLink } from './causeLinks';
import { criticalPath } from './criticalPath';
import { runScenario } from './runScenario';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { validateScenario } from '../scenarios/validate';
import { createVirtualClock } from '../time/virtualClock';

const calls = (record: RunRecord): CallRecord[] => record.turns.flatMap((turn) => turn.calls);
const waitLinks = (links: readonly CauseLink[]) => links.filter((link) => link.kind !== 'stream-block').map((link) => `${link.from} → ${link.to} (${link.kind} @${Math.round(link.at)})`);

const start = (settings: Record<string, unknown> = {}): RunEvent[] => [
  { type: 'run_started', at: 0, scenario: 't', sandbox: 'virtual', strategy: 'streaming', settings },
  { type: 'turn_started', at: 0, turn: 0 },
];

describe('causeLinks', () => {
  it('draws the seed partition: Read c ← Bash ← both reads, each where the blocker let go', () => {
    const links = causeLinks(buildRecord(seedRun()));
    expect(waitLinks(links)).toEqual([
      'toolu_a → toolu_bash (runs-alone @1300)',
      'toolu_b → toolu_bash (runs-alone @1500)',
      'toolu_bash → toolu_c (unsafe-ahead @1500)',
      'toolu_bash → toolu_c (unsafe-running @2000)',
    ]);
    // Every call came from a block of the stream, at the moment the block closed.
    expect(links.filter((link) => link.kind === 'stream-block').map((link) => `${link.from} → ${link.to} @${link.at}`)).toEqual([
      'stream → toolu_a @500',
      'stream → toolu_b @700',
      'stream → toolu_bash @900',
      'stream → toolu_c @1100',
    ]);
    expect(linksInto(links, 'toolu_c').map((link) => link.kind)).toEqual(['unsafe-ahead', 'unsafe-running', 'stream-block']);
  });

  it('draws an open wait where it began, marked open', () => {
    const events = seedRun();
    const upTo = events.findIndex((event) => event.type === 'call_waiting' && event.id === 'toolu_c' && event.cause.kind === 'unsafe-running');
    const links = causeLinks(buildRecord(events.slice(0, upTo + 1)));
    expect(links.find((link) => link.to === 'toolu_c' && link.kind === 'unsafe-running')).toMatchObject({ from: 'toolu_bash', at: 1500, open: true });
  });

  it('a cap wait comes from the call whose finish freed the slot, or from the cap while it goes on', async () => {
    const record = await replayBuiltIn('concurrency-cap');
    const links = causeLinks(record).filter((link) => link.kind === 'cap');
    const byId = new Map(calls(record).map((call) => [call.id, call]));
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const link of links) {
      const freer = byId.get(link.from)!;
      const waiter = byId.get(link.to)!;
      expect(freer.completedAt).toBeLessThanOrEqual(link.at);
      // Nobody else finished between the freer and the moment the waiting call moved on.
      expect(calls(record).some((other) => other.completedAt! > freer.completedAt! && other.completedAt! <= link.at && other.id !== waiter.id)).toBe(false);
    }
    const running = buildRecord([
      ...start({ maxConcurrency: 1 }),
      queued(0, 'a', 'Read'),
      { type: 'call_started', at: 0, id: 'a' },
      queued(10, 'b', 'Read'),
      waiting(10, 'b', { kind: 'cap', cap: 1, executing: ['a'] }),
    ]);
    expect(causeLinks(running).filter((link) => link.kind === 'cap')).toEqual([{ kind: 'cap', from: 'cap', to: 'b', at: 10, open: true }]);
  });

  it('the engine records which call freed the slot: each call that waited for the cap started the moment its freer completed', async () => {
    const record = await replayBuiltIn('concurrency-cap');
    const byId = new Map(calls(record).map((call) => [call.id, call]));
    const capped = calls(record).filter((call) => call.waits.some((wait) => wait.cause.kind === 'cap'));
    expect(capped.length).toBeGreaterThanOrEqual(4);
    for (const call of capped) {
      const freer = byId.get(call.freedBy!)!;
      expect(freer.completedAt).toBe(call.executingAt);
    }
    // A call that never waited for a slot names no freer.
    expect(calls(record).filter((call) => !capped.includes(call)).every((call) => call.freedBy === undefined)).toBe(true);
  });

  it('a cancelled call comes from the Bash error that tripped the cascade, also when it arrived after', async () => {
    const record = await replayBuiltIn('bash-cascade');
    const cancelled = causeLinks(record).filter((link) => link.kind === 'cancelled');
    expect(cancelled.map((link) => `${link.from} → ${link.to}`)).toEqual(['toolu_bash_cat_dist → toolu_read_app', 'toolu_bash_cat_dist → toolu_bash_echo']);
  });

  it('under Claude Code 2.1.39 a Read refused as invalid cancels its siblings, and the links say so', async () => {
    const record = await replayBuiltIn('claude-code-changed-its-mind');
    expect(record.settings.cascade).toBe('every-error');
    const cancelled = causeLinks(record).filter((link) => link.kind === 'cancelled');
    const failed = record.turns[0]!.calls.find((call) => call.outcome === 'invalid' || call.outcome === 'error')!;
    expect(cancelled.length).toBeGreaterThan(0);
    for (const link of cancelled) expect(link.from).toBe(failed.id);
  });

  it('a cancellation is drawn from the engine\'s record of who cancelled, under any preset: a Write failing under ai-sdk-7 cancels a Bash call', async () => {
    const checked = validateScenario({
      id: 'write-cancels-bash',
      title: 'A failed Write cancels a Bash call',
      description: 'ai-sdk-7 with a cascade on every error but a read-only call',
      workspace: { files: { 'notes.txt': 'old\n' } },
      settings: { policy: 'ai-sdk-7', cascade: 'every-error-but-read-only', permissionMode: 'bypassPermissions' },
      turns: [
        {
          stream: [
            // Written without being read first: the Write is refused (invalid), an error the cascade counts.
            { type: 'tool_use', id: 'write', name: 'Write', input: { file_path: 'notes.txt', content: 'new\n' }, at: 0, durationMs: 10 },
            { type: 'tool_use', id: 'bash', name: 'Bash', input: { command: 'echo hi' }, at: 20, durationMs: 10, latencyMs: 500 },
          ],
        },
        { stream: [{ type: 'text', text: 'done', at: 0, durationMs: 10 }] },
      ],
    });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const clock = createVirtualClock();
    const record = await clock.runUntil(runScenario({ scenario: checked.scenario, sandbox: createVirtualSandbox({}), clock }));
    const byId = new Map(calls(record).map((call) => [call.id, call]));
    expect(byId.get('write')!.outcome).toBe('invalid');
    expect(byId.get('bash')!.outcome).toBe('cancelled');
    expect(byId.get('bash')!.cancelledBy).toBe('write');
    expect(cancelledBy(byId.get('bash')!)).toBe('write');
    const cancelled = causeLinks(record).filter((link) => link.kind === 'cancelled');
    expect(cancelled.map((link) => `${link.from} → ${link.to}`)).toEqual(['write → bash']);
    expect(cancelled[0]!.fromAt).toBe(byId.get('write')!.completedAt);
  });

  it('draws no cancellation the engine did not record, whatever the outcomes look like', () => {
    const record = buildRecord([...start({ cascade: 'any' }), queued(0, 'read', 'Read'), queued(0, 'sib', 'Read'), completed(50, 'read', 'error'), completed(60, 'sib', 'cancelled')]);
    expect(cancelledBy(calls(record)[1]!)).toBeNull();
    expect(causeLinks(record).filter((link) => link.kind === 'cancelled')).toEqual([]);
  });

  it('a held yield comes from the earlier call it waited for', async () => {
    const record = await replayBuiltIn('result-order');
    expect(waitLinks(causeLinks(record)).filter((text) => text.includes('yield-order'))).toEqual([
      expect.stringMatching(/^toolu_read_big → toolu_read_small \(yield-order @\d+\)$/),
      expect.stringMatching(/^toolu_read_big → toolu_read_tiny \(yield-order @\d+\)$/),
    ]);
  });

  it('a sub-agent’s calls come from its Agent call’s lane, where its stream is drawn', async () => {
    const record = await replayBuiltIn('sub-agent');
    const agents = calls(record).filter((call) => call.children && call.children.length > 0);
    expect(agents.length).toBeGreaterThan(0);
    const links = causeLinks(record).filter((link) => link.kind === 'stream-block' && link.from !== 'stream');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(agents.map((call) => call.id)).toContain(link.from);
  });

  it('with only some calls, the same links into those calls and none into the others', async () => {
    for (const record of [buildRecord(seedRun()), await replayBuiltIn('sub-agent'), await replayBuiltIn('concurrency-cap')]) {
      const all = causeLinks(record);
      const ids = calls(record).map((call) => call.id);
      const only = new Set(ids.filter((_, i) => i % 2 === 1));
      expect(only.size).toBeGreaterThan(0);
      expect(causeLinks(record, only)).toEqual(all.filter((link) => only.has(link.to)));
    }
  });
});

describe('criticalPath', () => {
  it('seed partition: the stream, then Read b → Bash → Read c, then the last turn’s stream', () => {
    const path = criticalPath(buildRecord(seedRun()));
    expect([...path.calls].sort()).toEqual(['toolu_b', 'toolu_bash', 'toolu_c']);
    expect([...path.links].sort()).toEqual(['stream>toolu_b', 'toolu_b>toolu_bash', 'toolu_bash>toolu_c']);
    expect([...path.streams].sort()).toEqual(['/0', '/1']);
  });

  it('a held yield puts the slow call first in line on the path', async () => {
    const path = criticalPath(await replayBuiltIn('result-order'));
    expect(path.calls.has('toolu_read_big')).toBe(true);
  });

  it('an empty record has an empty path', () => {
    const path = criticalPath(buildRecord([]));
    expect(path.calls.size + path.streams.size + path.links.size).toBe(0);
  });
});


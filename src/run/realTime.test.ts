import { describe, expect, it } from 'vitest';
import { createNodeSandbox } from '../sandbox/nodeSandbox';
import type { Sandbox } from '../sandbox/types';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { validateScenario } from '../scenarios/validate';
import { createRealClock } from '../time/clock';
import { createVirtualClock } from '../time/virtualClock';
import type { RunRecord } from './record';
import { runScenario } from './runScenario';

/** One Bash call running `command`, with the user's Stop scripted at `interruptAt`. */
function bashScenario(command: string, interruptAt?: number) {
  const result = validateScenario({
    id: 'real-time',
    title: 'Real work takes real time',
    description: 'One command.',
    settings: { permissionMode: 'bypassPermissions' },
    turns: [{ stream: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command }, at: 0, durationMs: 10 }], ...(interruptAt !== undefined ? { interruptAt } : {}) }],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

const sandboxes: [string, () => Promise<Sandbox>][] = [
  ['virtual', () => Promise.resolve(createVirtualSandbox({}))],
  ['node', () => createNodeSandbox()],
];

const bashCall = (record: RunRecord) => record.turns[0]!.calls[0]!;
const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(sandboxes)('real work on the %s sandbox, under the default (virtual) clock', (_kind, create) => {
  it('a scripted Stop falls due while the command runs, kills it, and nothing it would have written appears', async () => {
    const sandbox = await create();
    try {
      const clock = createVirtualClock();
      const record = await clock.runUntil(runScenario({ scenario: bashScenario('sleep 1; echo late > late.txt', 300), sandbox, strategy: 'streaming', clock }));
      const call = bashCall(record);
      expect(call.outcome).toBe('interrupted');
      // It ran from its block's close until the Stop: real time, not an instant, and not the
      // second the command would have taken (the Stop did not wait for it).
      expect(call.completedAt!).toBeGreaterThanOrEqual(300);
      expect(call.completedAt! - call.executingAt!).toBeLessThan(1000);
      expect(call.display).toMatchObject({ interrupted: true });
      expect(record.files['late.txt']).toBeUndefined();
      // Nothing appears later either: the command was killed, not left running.
      await realWait(1200);
      const resolved = await sandbox.resolve('late.txt');
      expect(resolved.ok && (await sandbox.fs.stat(resolved.path))).toBeFalsy();
    } finally {
      await sandbox.dispose();
    }
  });

  // A three-second command: the start-up of a process, which a busy machine stretches by a second
  // and more beside two busy loops, is then a
  // small part of either figure.
  it('records a command’s real duration, within a third of the same run on the wall clock', async () => {
    const duration = async (virtual: boolean) => {
      const sandbox = await create();
      try {
        let record: RunRecord;
        if (virtual) {
          const clock = createVirtualClock();
          record = await clock.runUntil(runScenario({ scenario: bashScenario('sleep 3'), sandbox, strategy: 'streaming', clock }));
        } else {
          record = await runScenario({ scenario: bashScenario('sleep 3'), sandbox, strategy: 'streaming', clock: createRealClock() });
        }
        const call = bashCall(record);
        expect(call.outcome).toBe('success');
        return call.completedAt! - call.runStartedAt!;
      } finally {
        await sandbox.dispose();
      }
    };
    // Side by side, so that a machine busy with other work slows both alike.
    const [simulated, real] = await Promise.all([duration(true), duration(false)]);
    // The clock catches up with real work in steps, so the recorded second may fall a few ms short.
    // Time counted twice (the command's second waited and then run) would make the ratio 2 or ½;
    // the bounds leave room for a process that a busy machine starts slower in one run than in
    // the other (0.74 was seen beside the rest of `npm test`).
    expect(simulated).toBeGreaterThan(2900);
    expect(simulated / real).toBeGreaterThan(2 / 3);
    expect(simulated / real).toBeLessThan(1.5);
  });
});

import { describe, expect, it } from 'vitest';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import seedPartition from '../scenarios/library/seed-partition.json';
import { validateScenario } from '../scenarios/validate';
import { createVirtualClock } from '../time/virtualClock';
import { runScenario } from './runScenario';
import { mountWorkspace, snapshotFiles } from './session';

const manyFiles = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`src/f${String(i).padStart(3, '0')}.ts`, `export const f = ${i};\n`]));

describe('a pass over many files, in slices', () => {
  it('snapshotFiles pauses every so many files when asked, and reads the same files as without pauses', async () => {
    const sandbox = createVirtualSandbox({});
    await mountWorkspace(sandbox, manyFiles(45));
    let pauses = 0;
    const paused = await snapshotFiles(sandbox, { pause: async () => void pauses++, pauseEvery: 10 });
    expect(pauses).toBe(4);
    expect(paused).toEqual(await snapshotFiles(sandbox));
    expect(Object.keys(paused)).toHaveLength(45);
  });

  it('mountWorkspace pauses every so many files when asked, and writes the same files', async () => {
    const sliced = createVirtualSandbox({});
    let pauses = 0;
    await mountWorkspace(sliced, manyFiles(45), { pause: async () => void pauses++, pauseEvery: 10 });
    expect(pauses).toBe(4);
    const whole = createVirtualSandbox({});
    await mountWorkspace(whole, manyFiles(45));
    expect(await snapshotFiles(sliced)).toEqual(await snapshotFiles(whole));
  });

  it('a run that pauses between slices, for however long, records what one without pauses records', async () => {
    // The pauses fall while the virtual clock drives the run, before its time starts and after it
    // ends: they must move none of its times. The clock's real time moves only in the pauses (a
    // second each), so the real work of the run counts nothing and the two runs are alike to the ms.
    const source = seedPartition as { workspace: { files: Record<string, string> } };
    const result = validateScenario({ ...seedPartition, workspace: { files: { ...source.workspace.files, ...manyFiles(450) } } });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    let realTime = 0;
    let pauses = 0;
    const pause = () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          realTime += 1000;
          pauses++;
          resolve();
        }),
      );
    const run = async (withPauses: boolean) => {
      const clock = createVirtualClock({ realNow: () => realTime });
      return clock.runUntil(runScenario({ scenario: result.scenario, sandbox: createVirtualSandbox({}), clock, ...(withPauses ? { pause } : {}) }));
    };
    const plain = await run(false);
    const paused = await run(true);
    // Two in the writing of 458 files, two in the reading back.
    expect(pauses).toBe(4);
    expect(paused.error).toBeUndefined();
    const times = (record: typeof plain) => record.turns.flatMap((turn) => turn.calls.map((call) => [call.id, call.queuedAt, call.completedAt, call.yieldedAt, call.outcome]));
    expect(times(paused)).toEqual(times(plain));
    expect(paused.endedAt).toBe(plain.endedAt);
    expect(paused.files).toEqual(plain.files);
  });
});

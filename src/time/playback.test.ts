import { describe, expect, it } from 'vitest';
import { runScenario } from '../run/runScenario';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import { validateScenario } from '../scenarios/validate';
import { createVirtualClock } from './clock';
import { createPlayback } from './playback';

const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function seed() {
  const result = validateScenario(BUILT_IN_SCENARIOS.find((raw) => (raw as { id: string }).id === 'seed-partition'));
  if (!result.ok) throw new Error('seed-partition is invalid');
  return result.scenario;
}

describe('a paced virtual clock', () => {
  it('records the same run as an unpaced one: pacing moves real time, not the run’s times', async () => {
    const plain = createVirtualClock();
    const expected = await plain.runUntil(runScenario({ scenario: seed(), sandbox: createVirtualSandbox({}), strategy: 'streaming', clock: plain }));
    const paced = createVirtualClock({ pacer: createPlayback({ speed: 40 }) });
    const actual = await paced.runUntil(runScenario({ scenario: seed(), sandbox: createVirtualSandbox({}), strategy: 'streaming', clock: paced }));
    expect(JSON.parse(JSON.stringify(actual))).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('stands still while paused, moves one timer per step, and goes on when resumed', async () => {
    const playback = createPlayback({ paused: true });
    const clock = createVirtualClock({ pacer: playback });
    const fired: number[] = [];
    const work = (async () => {
      for (const ms of [100, 200, 300]) {
        await clock.sleep(ms);
        fired.push(clock.now());
      }
    })();
    const done = clock.runUntil(work);
    await realWait(80);
    expect(fired).toEqual([]);
    playback.step();
    await realWait(30);
    expect(fired).toEqual([100]);
    playback.step();
    await realWait(30);
    expect(fired).toEqual([100, 300]);
    expect(clock.displayNow()).toBe(300);
    playback.setSpeed(100);
    playback.resume();
    await done;
    expect(fired).toEqual([100, 300, 600]);
  });

  it('lets time run on while the run waits on the outside world, instead of failing', async () => {
    const clock = createVirtualClock({ pacer: createPlayback({ speed: 1000 }) });
    let answer: (value: string) => void = () => undefined;
    const asked = new Promise<string>((resolve) => (answer = resolve));
    const done = clock.runUntil(asked);
    await realWait(40);
    answer('allow');
    expect(await done).toBe('allow');
    expect(clock.now()).toBeGreaterThan(0);
  });

  it('refuses a speed that is not a positive number', () => {
    expect(() => createPlayback().setSpeed(0)).toThrow(/positive/);
    expect(() => createPlayback().setSpeed(Number.NaN)).toThrow(/positive/);
  });
});

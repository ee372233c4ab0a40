import { describe, expect, it } from 'vitest';
import { runScenario } from '../run/runScenario';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import { validateScenario } from '../scenarios/validate';
import { createVirtualClock } from './virtualClock';
import { createPlayback } from './playback';
import { SafeSleep, UnsafeSleep } from '../../test/testTools';

const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A safe call, an unsafe one and another safe one, in one turn. */
function sleepers() {
  const block = (id: string, name: string, at: number, ms: number) => ({ type: 'tool_use', id, name, input: { ms }, at, durationMs: 50, latencyMs: 100 });
  const result = validateScenario({
    id: 'sleepers',
    title: 'Sleepers',
    description: 'Calls that only wait.',
    settings: { permissionMode: 'bypassPermissions' },
    turns: [{ stream: [block('toolu_a', 'SafeSleep', 0, 300), block('toolu_u', 'UnsafeSleep', 100, 200), block('toolu_c', 'SafeSleep', 200, 100)] }],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

function seed() {
  const result = validateScenario(BUILT_IN_SCENARIOS.find((raw) => (raw as { id: string }).id === 'seed-partition'));
  if (!result.ok) throw new Error('seed-partition is invalid');
  return result.scenario;
}

describe('a paced virtual clock', () => {
  it('records the same run as an unpaced one: pacing moves real time, not the run’s times', async () => {
    // Tools whose work is a wait on the clock: no real work, so both runs' times are exact.
    const scenario = sleepers();
    const tools = [SafeSleep, UnsafeSleep];
    const plain = createVirtualClock();
    const expected = await plain.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), strategy: 'streaming', clock: plain, tools }));
    const paced = createVirtualClock({ pacer: createPlayback({ speed: 40 }) });
    const actual = await paced.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), strategy: 'streaming', clock: paced, tools }));
    expect(actual.turns[0]!.calls.map((call) => call.outcome)).toEqual(['success', 'success', 'success']);
    expect(JSON.parse(JSON.stringify(actual))).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('records the same batches, outcomes and files for a built-in lesson, whose real work is all it adds', async () => {
    const plain = createVirtualClock();
    const expected = await plain.runUntil(runScenario({ scenario: seed(), sandbox: createVirtualSandbox({}), strategy: 'streaming', clock: plain }));
    const paced = createVirtualClock({ pacer: createPlayback({ speed: 40 }) });
    const actual = await paced.runUntil(runScenario({ scenario: seed(), sandbox: createVirtualSandbox({}), strategy: 'streaming', clock: paced }));
    const shape = (record: typeof actual) =>
      record.turns.map((turn) => ({ batches: turn.batches, yieldOrder: turn.yieldOrder, outcomes: turn.calls.map((call) => [call.id, call.outcome]) }));
    expect(shape(actual)).toEqual(shape(expected));
    expect(actual.files).toEqual(expected.files);
  });

  it('keeps the wall clock’s pace while real work runs, and fires a timer that falls due meanwhile', async () => {
    const clock = createVirtualClock();
    let fired = -1;
    const run = clock.runUntil(
      (async () => {
        const timer = clock.sleep(30).then(() => (fired = clock.now()));
        await clock.track(realWait(300));
        await timer;
        return clock.now();
      })(),
    );
    const ended = await run;
    // The timer fired while the real work went on, not after it.
    expect(fired).toBeGreaterThanOrEqual(30);
    expect(fired).toBeLessThan(ended);
    // The real work took its real time.
    expect(ended).toBeGreaterThanOrEqual(290);
  });

  it('jumps over simulated waits when nothing real is in flight', async () => {
    const clock = createVirtualClock();
    const started = performance.now();
    const at = await clock.runUntil(clock.sleep(60_000).then(() => clock.now()));
    expect(at).toBe(60_000);
    expect(performance.now() - started).toBeLessThan(1000);
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

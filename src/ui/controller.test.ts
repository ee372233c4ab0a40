import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import { validateScenario } from '../scenarios/validate';
import { openScenario, resetForTests, scrub, setSandboxChoice, setSpeed, startRun, stopRun } from './controller';
import { virtualChoice } from './session/sandboxChoice';
import { usePlayground, visibleRecord } from './store';

function builtIn(id: string) {
  const result = validateScenario(BUILT_IN_SCENARIOS.find((raw) => (raw as { id: string }).id === id));
  if (!result.ok) throw new Error(`${id} is invalid`);
  return result.scenario;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

afterEach(() => resetForTests());

describe('the page controller and store', () => {
  it('runs a scenario to done, keeps the event log, and rebuilds any earlier moment from it', async () => {
    setSandboxChoice(virtualChoice(undefined));
    openScenario(builtIn('seed-partition'), 'built-in');
    setSpeed(50);
    const run = startRun();
    expect(usePlayground.getState().status).toBe('running');
    const record = await run;
    const state = usePlayground.getState();
    expect(state.status).toBe('done');
    expect(record?.expectations?.passed).toBe(true);
    // The page shows its own fold of the events, which says exactly what the engine's record says.
    expect(JSON.parse(JSON.stringify(state.record))).toEqual(JSON.parse(JSON.stringify(record)));
    expect(state.events.length).toBeGreaterThan(10);
    scrub(3);
    const early = visibleRecord(usePlayground.getState());
    expect(early.turns.flatMap((turn) => turn.calls)).toHaveLength(0);
    scrub(null);
    expect(visibleRecord(usePlayground.getState())).toBe(state.record);
  });

  it('with "ask me" on, waits for the dialog; "allow always" adds a rule and answers the same ask later', async () => {
    setSandboxChoice(virtualChoice(undefined));
    openScenario(builtIn('permission-rules'), 'built-in');
    usePlayground.setState({ askMe: true, speed: 50 });
    const run = startRun();
    await until(() => usePlayground.getState().pendingAsk !== null);
    const first = usePlayground.getState().pendingAsk!;
    first.answer('allow', true);
    expect(usePlayground.getState().addedAllowRules).toHaveLength(1);
    for (;;) {
      await until(() => usePlayground.getState().pendingAsk !== null || usePlayground.getState().status !== 'running');
      const ask = usePlayground.getState().pendingAsk;
      if (!ask) break;
      ask.answer('deny', false);
    }
    const record = await run;
    const asked = record!.turns.flatMap((turn) => turn.calls).filter((call) => call.permission);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]!.permission!.answer).toBe('allow');
  });

  it('stop interrupts the run: every call gets a result', async () => {
    setSandboxChoice(virtualChoice(undefined));
    openScenario(builtIn('streaming-speedup'), 'built-in');
    setSpeed(1);
    const run = startRun();
    await until(() => usePlayground.getState().events.some((event) => event.type === 'call_started'));
    stopRun();
    const record = await run;
    const calls = record!.turns.flatMap((turn) => turn.calls);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call.result !== null)).toBe(true);
    expect(calls.some((call) => call.outcome === 'interrupted')).toBe(true);
  });
});

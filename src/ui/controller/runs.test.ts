import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_IN_SCENARIOS } from '../../scenarios/library';
import { validateScenario } from '../../scenarios/validate';
import { initialState, usePlayground, visibleRecord } from '../store';
import { scrub, setSpeed } from './playback';
import { openScenario, startRun, stopRun } from './runs';
import { setSandboxChoice } from './sandbox';
import { virtualChoice } from './sandboxChoice';

function builtIn(id: string) {
  const result = validateScenario(BUILT_IN_SCENARIOS.find((raw) => (raw as { id: string }).id === id));
  if (!result.ok) throw new Error(`${id} is invalid`);
  return result.scenario;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

const page = () => usePlayground.getState();

afterEach(() => {
  stopRun();
  usePlayground.setState(initialState, true);
});

describe('a replay on the page', () => {
  it('runs a scenario to done, keeps the event log, and rebuilds any earlier moment from it', async () => {
    setSandboxChoice(virtualChoice(undefined));
    openScenario(builtIn('seed-partition'), 'built-in');
    setSpeed(50);
    const running = startRun({ kind: 'replay' });
    expect(page().run).toEqual({ status: 'running', kind: 'replay', paused: false });
    const record = await running;
    const state = page();
    expect(state.run).toEqual({ status: 'done', kind: 'replay' });
    expect(state.activeRun).toBeNull();
    expect(record.expectations?.passed).toBe(true);
    // The page shows its own fold of the events, which says exactly what the engine's record says.
    expect(JSON.parse(JSON.stringify(state.record))).toEqual(JSON.parse(JSON.stringify(record)));
    expect(state.events.length).toBeGreaterThan(10);
    scrub(3);
    const early = visibleRecord(page());
    expect(early.turns.flatMap((turn) => turn.calls)).toHaveLength(0);
    scrub(null);
    expect(visibleRecord(page())).toBe(state.record);
  });

  it('with "ask me" on, waits for the dialog; "allow always" adds a rule and answers the same ask later', async () => {
    openScenario(builtIn('permission-rules'), 'built-in');
    usePlayground.setState({ askMe: true, speed: 50 });
    const running = startRun({ kind: 'replay' });
    await until(() => page().pendingAsk !== null);
    const first = page().pendingAsk!;
    first.answer('allow', true);
    expect(page().addedAllowRules).toHaveLength(1);
    for (;;) {
      await until(() => page().pendingAsk !== null || page().run.status !== 'running');
      const ask = page().pendingAsk;
      if (!ask) break;
      ask.answer('deny', false);
    }
    const record = await running;
    const asked = record.turns.flatMap((turn) => turn.calls).filter((call) => call.permission);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]!.permission!.answer).toBe('allow');
  });

  it('stop interrupts the run: every call gets a result, and the run is done', async () => {
    openScenario(builtIn('streaming-speedup'), 'built-in');
    setSpeed(1);
    const running = startRun({ kind: 'replay' });
    await until(() => page().events.some((event) => event.type === 'call_started'));
    stopRun();
    const record = await running;
    const calls = record.turns.flatMap((turn) => turn.calls);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call.result !== null)).toBe(true);
    expect(calls.some((call) => call.outcome === 'interrupted')).toBe(true);
    expect(page().run).toEqual({ status: 'done', kind: 'replay' });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startFakeMessagesServer, type FakeMessagesServer } from '../../../test/live/fakeMessagesServer';
import { conversationFixture } from '../../../test/live/scripts';
import { BUILT_IN_SCENARIOS } from '../../scenarios/library';
import { validateScenario } from '../../scenarios/validate';
import { activeRunOf, initialState, usePlayground, visibleRecord } from '../store';
import { playbackNow, scrub, setSpeed, step, togglePause } from './playback';
import { loadScenario } from './opening';
import { resetRun, startLive, startRun, stopRun } from './runs';
import { setSandboxChoice } from './sandbox';
import { editWorkspaceFile } from './workspace';
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

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  stopRun();
  usePlayground.setState(initialState, true);
  await server?.close();
  server = undefined;
});

describe('a replay on the page', () => {
  it('runs a scenario to done, keeps the event log, and rebuilds any earlier moment from it', async () => {
    setSandboxChoice(virtualChoice(undefined));
    loadScenario(builtIn('seed-partition'), 'built-in');
    setSpeed(50);
    const running = startRun({ kind: 'replay' });
    expect(page().run).toMatchObject({ status: 'running', kind: 'replay', paused: false });
    const record = await running;
    const state = page();
    // The ended run holds no handles: they went with its running state.
    expect(state.run).toEqual({ status: 'done', kind: 'replay' });
    expect(record.expectations?.passed).toBe(true);
    // The page shows its own fold of the events, which says exactly what the engine's record says.
    expect(JSON.parse(JSON.stringify(state.record))).toEqual(JSON.parse(JSON.stringify(record)));
    expect(state.events.length).toBeGreaterThan(10);
    scrub(3);
    const early = visibleRecord(page());
    expect(early.turns.flatMap((turn) => turn.calls)).toHaveLength(0);
    // The same position gives the same record (every pane shares one fold of it).
    expect(visibleRecord(page())).toBe(early);
    scrub(null);
    expect(visibleRecord(page())).toBe(state.record);
    // With no run going, the timeline's now is the run's end.
    expect(playbackNow()).toBe(record.endedAt);
  });

  it('with "ask me" on, waits for the dialog; "allow always" adds a rule and answers the same ask later', async () => {
    loadScenario(builtIn('permission-rules'), 'built-in');
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
    loadScenario(builtIn('streaming-speedup'), 'built-in');
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

  it('a run whose setup fails ends in error, with the reason as its message', async () => {
    loadScenario(builtIn('seed-partition'), 'built-in');
    editWorkspaceFile('../outside.txt', 'a file that leaves the workspace');
    setSpeed(50);
    const record = await startRun({ kind: 'replay' });
    expect(record.error).toContain('../outside.txt');
    expect(page().run).toEqual({ status: 'error', kind: 'replay', message: record.error });
  });

  it('pauses and resumes; Step with no run going starts one paused', async () => {
    loadScenario(builtIn('streaming-speedup'), 'built-in');
    step();
    expect(page().run).toMatchObject({ status: 'running', kind: 'replay', paused: true });
    expect(activeRunOf(page().run)?.playback?.paused).toBe(true);
    togglePause();
    expect(page().run).toMatchObject({ status: 'running', kind: 'replay', paused: false });
    expect(activeRunOf(page().run)?.playback?.paused).toBe(false);
    togglePause();
    expect(page().run).toMatchObject({ paused: true });
    // Paused, the replay's time stands still; each Step moves it to the next moment something happens.
    await until(() => page().events.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const held = activeRunOf(page().run)!.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(activeRunOf(page().run)!.now()).toBe(held);
    for (let i = 0; i < 50 && activeRunOf(page().run)!.now() === held; i++) {
      step();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(activeRunOf(page().run)!.now()).toBeGreaterThan(held);
    expect(page().run).toMatchObject({ status: 'running', paused: true });
    stopRun();
    await until(() => page().run.status === 'done');
    // Paused belongs to the running replay: the ended run has none, and the next run starts unpaused.
    expect(page().run).toEqual({ status: 'done', kind: 'replay' });
    togglePause();
    expect(page().run).toEqual({ status: 'done', kind: 'replay' });
  });

  it('refuses a second run while one is going, and leaves the store as it was', async () => {
    await expect(startRun({ kind: 'replay' })).rejects.toThrow('no scenario is open yet');
    expect(page().run).toEqual({ status: 'idle' });
    loadScenario(builtIn('streaming-speedup'), 'built-in');
    const first = startRun({ kind: 'replay' });
    const active = page().run;
    await expect(startRun({ kind: 'replay' })).rejects.toThrow('a run is going');
    expect(page().run).toBe(active);
    stopRun();
    await first;
  });

  it('reset goes back to idle with no log; the stopped run, ending later, leaves it so', async () => {
    loadScenario(builtIn('streaming-speedup'), 'built-in');
    const running = startRun({ kind: 'replay' });
    await until(() => page().events.length > 0);
    resetRun();
    expect(page().run).toEqual({ status: 'idle' });
    expect(page().events).toEqual([]);
    await running;
    expect(page().run).toEqual({ status: 'idle' });
    expect(page().events).toEqual([]);
    expect(playbackNow()).toBe(0);
  });
});

describe('a live run on the page', () => {
  const KEY = 'sk-ant-unit-0123456789';

  /** Opens a scenario holding the fixture's workspace and settings (a live run starts from them). */
  function openLiveBase() {
    const fixture = conversationFixture();
    const scenario = validateScenario({
      id: 'live-base',
      title: 'Live base',
      description: 'The workspace a live run starts from.',
      workspace: { files: fixture.workspace },
      settings: fixture.settings,
      turns: [{ stream: [{ type: 'text', text: 'Run me live.', at: 0, durationMs: 10 }] }],
    });
    if (!scenario.ok) throw new Error('the live base scenario is invalid');
    loadScenario(scenario.scenario, 'user');
    return fixture;
  }

  it('runs to done through startLive: running with no pause, the recording kept', async () => {
    const fixture = openLiveBase();
    server = await startFakeMessagesServer({ script: fixture.replies, apiKey: KEY });
    const running = startLive({ apiKey: KEY, baseURL: server.url, model: 'claude-unit', prompt: fixture.prompt });
    await until(() => page().run.status === 'running');
    expect(page().run).toMatchObject({ status: 'running', kind: 'live' });
    expect(activeRunOf(page().run)?.playback).toBeNull();
    // A live run cannot pause: the model does not wait.
    const live = page().run;
    togglePause();
    expect(page().run).toBe(live);
    const record = await running;
    expect(server.violations).toEqual([]);
    expect(record).toMatchObject({ scenario: 'live', strategy: 'streaming' });
    expect(page().run).toEqual({ status: 'done', kind: 'live' });
    expect(page().liveRecording?.workspace.files).toEqual(fixture.workspace);
    expect(record.files['src/greet.ts']).toBe(fixture.expectedFiles['src/greet.ts']);
  });

  it('a refused key ends the run in error, saying the request failed', async () => {
    const fixture = openLiveBase();
    server = await startFakeMessagesServer({ script: fixture.replies, apiKey: KEY });
    const record = await startLive({ apiKey: 'sk-ant-wrong-0123456789', baseURL: server.url, model: 'claude-unit', prompt: fixture.prompt });
    expect(record.turns.flatMap((turn) => turn.calls)).toHaveLength(0);
    const { run } = page();
    expect(run.status === 'error' && run.kind === 'live' && run.message).toMatch(/^The model's request failed: .*401/);
  });

  it('refuses bad options with every problem named, and a start with no scenario open, before any request', async () => {
    await expect(startLive({ apiKey: '', model: '', prompt: '' })).rejects.toThrow(/^startLive: apiKey: .*; model: .*; prompt: /);
    await expect(startLive({ apiKey: KEY, model: 'claude-unit', prompt: 'hello' })).rejects.toThrow('startLive: no scenario is open yet');
    expect(page().run).toEqual({ status: 'idle' });
  });
});

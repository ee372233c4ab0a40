import type { RunEvent, Strategy } from '../../tools/events';
import type { EffectsChoice } from '../../run/effects';
import type { RunRecord } from '../../run/record';
import type { PolicyName } from '../../scenarios/policies';
import type { Scenario } from '../../scenarios/schema';
import { createRealClock } from '../../time/clock';
import { createVirtualClock, type VirtualClock } from '../../time/virtualClock';
import { createPlayback, type Playback } from '../../time/playback';
import type { AskUser, CanUseTool } from '../../tools/types';
import { pageMcpHost } from '../app/mcpConnections';
import type { LiveOptions } from '../live/liveSettings';
import { pageAskUser, pageCanUseTool } from './permissionAsks';
import { adoptSandbox, breathe, freshSandbox } from './sandbox';

/** What the page gives every run it starts: where the events go, and the Stop signal. */
export interface RunWiring {
  onEvent: (event: RunEvent) => void;
  signal: AbortSignal;
}

/** How the engine ended a run. */
export interface RunEnd {
  /** The engine's record (its `error`, when set, is why the run failed). */
  record: RunRecord;
  /** Why the run failed when the record does not say it (a live request refused for good). */
  failure?: string;
  /** A live run as a scenario that replays it. */
  recording?: Scenario;
}

/** A run of one kind, made but not started: the page shows it running, then starts it. */
export interface EngineRun {
  /** Pause, step and speed: a replay's; a live run has none (the model sets the pace). */
  playback: Playback | null;
  /** The time to draw as now, in ms from the run's start. */
  now: () => number;
  start(): Promise<RunEnd>;
}

/**
 * Replays one scenario under one strategy (`undefined`: its policy's own) on a fresh sandbox, on `clock`. With `keepSandbox` the
 * sandbox becomes the page's (the terminal and the workspace follow it); without, it is disposed of
 * when the run ends. No `canUseTool` or `askUser`: the scenario's scripted answers.
 */
export async function replayScenario(
  scenario: Scenario,
  strategy: Strategy | undefined,
  clock: VirtualClock,
  options: { signal: AbortSignal; onEvent?: (event: RunEvent) => void; canUseTool?: CanUseTool; askUser?: AskUser; keepSandbox?: boolean; effects?: EffectsChoice },
): Promise<RunRecord> {
  const { runScenario } = await import('../../run/runScenario');
  const sandbox = await freshSandbox();
  if (options.keepSandbox) await adoptSandbox(sandbox, 'run');
  try {
    return await clock.runUntil(
      runScenario({
        scenario,
        sandbox,
        ...(strategy ? { strategy } : {}),
        clock,
        signal: options.signal,
        ...(options.onEvent ? { onEvent: options.onEvent } : {}),
        ...(options.canUseTool ? { canUseTool: options.canUseTool } : {}),
        ...(options.askUser ? { askUser: options.askUser } : {}),
        mcpHost: pageMcpHost(),
        pause: breathe,
        ...options.effects,
      }),
    );
  } finally {
    if (!options.keepSandbox) await sandbox.dispose().catch(() => undefined);
  }
}

/**
 * An imported session replayed under `policy` with the effects its log recorded, at once (an
 * unpaced virtual clock): what the Summary and a dropped folder's report compare presets with.
 */
export function replayRecorded(scenario: Scenario, policy: PolicyName, signal: AbortSignal): Promise<RunRecord> {
  return replayScenario({ ...scenario, settings: { ...scenario.settings, policy } }, undefined, createVirtualClock(), { signal, effects: { effects: 'recorded' } });
}

/** The page's replay of a scenario: paced by a playback (speed, pause, step), asks answered by the page. */
export function replayRun(scenario: Scenario, settings: { strategy: Strategy | undefined; speed: number; paused: boolean; effects?: EffectsChoice }, wiring: RunWiring): EngineRun {
  const playback = createPlayback({ speed: settings.speed, paused: settings.paused });
  const clock = createVirtualClock({ pacer: playback });
  return {
    playback,
    now: () => clock.displayNow(),
    start: async () => ({
      record: await replayScenario(scenario, settings.strategy, clock, {
        onEvent: wiring.onEvent,
        signal: wiring.signal,
        canUseTool: pageCanUseTool(scenario),
        askUser: pageAskUser(scenario),
        keepSandbox: true,
        ...(settings.effects ? { effects: settings.effects } : {}),
      }),
    }),
  };
}

/**
 * A live run: the scenario's workspace (with the person's edits) and settings, driven by a real
 * model through the Messages API, on the wall clock. Every ask opens the dialog. A request that
 * failed for good (a refused key, retries used up) fails the run, and says why.
 */
export function liveRun(scenario: Scenario, options: LiveOptions, wiring: RunWiring): EngineRun {
  const clock = createRealClock();
  // The run's time starts once its sandbox is ready (WebContainer takes a moment to empty).
  let origin = clock.now();
  return {
    playback: null,
    now: () => clock.now() - origin,
    async start() {
      const { runLive } = await import('../../live/runLive');
      const sandbox = await freshSandbox();
      await adoptSandbox(sandbox, 'run');
      origin = clock.now();
      const { record, recording } = await runLive({
        config: {
          apiKey: options.apiKey,
          model: options.model,
          ...(options.baseURL !== undefined ? { baseURL: options.baseURL } : {}),
          ...(options.system !== undefined ? { system: options.system } : {}),
        },
        prompt: options.prompt,
        ...(options.maxTurns !== undefined ? { maxTurns: options.maxTurns } : {}),
        workspace: scenario.workspace.files,
        settings: scenario.settings,
        sandbox,
        clock,
        onEvent: wiring.onEvent,
        signal: wiring.signal,
        canUseTool: pageCanUseTool(scenario, { alwaysAsk: true }),
        askUser: pageAskUser(scenario, { alwaysAsk: true }),
        title: `Live: ${scenario.title}`,
        mcpHost: pageMcpHost(),
        pause: breathe,
      });
      const failed = record.turns.findLast((turn) => turn.agent === undefined && turn.streamEndReason === 'error');
      return {
        record,
        recording,
        ...(failed ? { failure: `The model's request failed: ${failed.streamEndMessage ?? 'no reason given'}` } : {}),
      };
    },
  };
}

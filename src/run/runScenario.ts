import type { ModelSource, SourceItem } from '../model/loop';
import { compileTurn, replayTurn } from '../scenarios/replaySource';
import type { Sandbox } from '../sandbox/types';
import type { Scenario, ScenarioTurn } from '../scenarios/schema';
import type { Clock } from '../time/clock';
import type { McpHost } from '../tools/mcp/servers';
import type { AnyTool, AskUser, CanUseTool } from '../tools/types';
import type { EventSink, Strategy } from '../tools/events';
import { applyExpectations } from './expectations';
import type { EffectsChoice } from './effects';
import { effectsOf } from './recordedEffects';
export { scriptedAnswers } from './scriptedAnswers';
import { runSession } from './session';
export { mountWorkspace, poolFor, settingsProblems, snapshotFiles } from './session';
export { concurrencyRule } from './scheduling';
import { scriptedSubAgentSources } from './subAgents';
import type { RunRecord } from './record';

export interface RunScenarioOptions extends EffectsChoice {
  scenario: Scenario;
  /** A fresh sandbox; the scenario's workspace is written into it first. */
  sandbox: Sandbox;
  /** The strategy to run under; by default the scenario's policy's own. */
  strategy?: Strategy;
  clock: Clock;
  /** Every event as it happens (the page draws from these). */
  onEvent?: EventSink;
  /** The user's Stop: aborting it interrupts the run. */
  signal?: AbortSignal;
  /** Answers permission asks; by default the scenario's scripted answers. */
  canUseTool?: CanUseTool;
  /** Answers AskUserQuestion; by default the scenario's scripted answers. */
  askUser?: AskUser;
  /** The tools to offer; by default the built-in registry. */
  tools?: readonly AnyTool[];
  /** Where the MCP servers of `settings.mcpServers` come from (the command line's, the page's). */
  mcpHost?: McpHost;
  /** Waited on between slices of a large workspace's files (the page's macrotask hop). */
  pause?: () => Promise<void>;
}

/** A model source that replays a scenario's scripted turns at their recorded times. */
export function scenarioSource(turns: readonly ScenarioTurn[], clock: Clock): ModelSource {
  return {
    scripted: true,
    openTurn({ index, signal }) {
      const turn = turns[index];
      if (!turn) return null;
      return replayItems(turn, clock, signal);
    },
  };
}

async function* replayItems(turn: ScenarioTurn, clock: Clock, signal: AbortSignal): AsyncGenerator<SourceItem> {
  const cutAt = turn.fallbackAt ?? turn.interruptAt;
  const replay = replayTurn(compileTurn(turn), clock, signal, cutAt);
  for (;;) {
    const next = await replay.next();
    if (next.done) {
      if (next.value.cut) {
        yield turn.fallbackAt !== undefined
          ? { kind: 'fallback', message: `the stream failed at ${turn.fallbackAt} ms (scripted); retrying without streaming` }
          : { kind: 'interrupt' };
      }
      return;
    }
    yield { kind: 'event', event: next.value.event, ...(next.value.latencyMs !== undefined ? { latencyMs: next.value.latencyMs } : {}) };
  }
}

/**
 * Runs a scenario end to end and returns its run record, with the expectations checked. The
 * same function serves the command line, the tests and the page (which passes `onEvent`).
 */
export async function runScenario(options: RunScenarioOptions): Promise<RunRecord> {
  const { scenario, clock } = options;
  const effects = effectsOf(scenario, options);
  const record = await runSession({
    name: scenario.id,
    workspace: scenario.workspace.files,
    settings: scenario.settings,
    sandbox: options.sandbox,
    ...(options.strategy ? { strategy: options.strategy } : {}),
    clock,
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.canUseTool ? { canUseTool: options.canUseTool } : {}),
    ...(options.askUser ? { askUser: options.askUser } : {}),
    ...(options.tools ? { tools: options.tools } : {}),
    ...(options.mcpHost ? { mcpHost: options.mcpHost } : {}),
    ...(options.pause ? { pause: options.pause } : {}),
    ...(effects ? { effects } : {}),
    source: () => scenarioSource(scenario.turns, clock),
    subAgentSource: scriptedSubAgentSources(scenario.agents, (turns) => scenarioSource(turns, clock)),
  });
  return applyExpectations(record, scenario);
}

import type { ModelSource, SourceItem } from '../model/loop';
import { compileTurn, replayTurn, type CompileOptions } from '../scenarios/replaySource';
import type { Scenario, ScenarioTurn } from '../scenarios/schema';
import type { Clock } from '../time/clock';
import { applyExpectations } from './expectations';
import type { EffectsChoice } from './effects';
import { effectsOf } from './recordedEffects';
export { scriptedAnswers } from './scriptedAnswers';
import { runSession, type SessionOptions } from './session';
export { mountWorkspace, poolFor, settingsProblems, snapshotFiles } from './session';
export { concurrencyRule } from '../tools/orchestration/concurrencyRule';
import { scriptedSubAgentSources } from './subAgents';
import type { RunRecord } from './record';

/**
 * A run of a scenario: the scenario, and the session's options its caller chooses (the sandbox, the
 * clock, a strategy over the policy's own, the event sink, Stop, who answers asks, the tools, the
 * MCP host, the page's pause), passed down as they are; the rest of the session comes from the
 * scenario. With an imported session, which effects to replay.
 */
export type RunScenarioOptions = Pick<SessionOptions, 'sandbox' | 'strategy' | 'clock' | 'onEvent' | 'signal' | 'canUseTool' | 'askUser' | 'tools' | 'mcpHost' | 'pause'> &
  EffectsChoice & {
    scenario: Scenario;
  };

/**
 * A model source that replays a scenario's scripted turns at their recorded times (`deltas`: how a
 * block's text arrives, `compileTurn`'s option).
 */
export function scenarioSource(turns: readonly ScenarioTurn[], clock: Clock, deltas: CompileOptions['deltas'] = 'spread'): ModelSource {
  return {
    scripted: true,
    openTurn({ index, signal }) {
      const turn = turns[index];
      if (!turn) return null;
      return replayItems(turn, clock, signal, deltas);
    },
  };
}

async function* replayItems(turn: ScenarioTurn, clock: Clock, signal: AbortSignal, deltas: CompileOptions['deltas']): AsyncGenerator<SourceItem> {
  const cutAt = turn.fallbackAt ?? turn.interruptAt;
  const replay = replayTurn(compileTurn(turn, { deltas }), clock, signal, cutAt);
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
  const { scenario, effects: _effects, network: _network, ...session } = options;
  const { clock } = session;
  const effects = effectsOf(scenario, options);
  // An imported session's log holds each block whole: its text arrives as the block closes, not
  // spread over it as a scenario's lesson shows a model writing (and the clock steps once a block).
  const deltas = scenario.observed ? 'at-close' : 'spread';
  const record = await runSession({
    ...session,
    name: scenario.id,
    workspace: scenario.workspace.files,
    settings: scenario.settings,
    ...(effects ? { effects } : {}),
    source: () => scenarioSource(scenario.turns, clock, deltas),
    subAgentSource: scriptedSubAgentSources(scenario.agents, (turns) => scenarioSource(turns, clock, deltas)),
  });
  return applyExpectations(record, scenario);
}

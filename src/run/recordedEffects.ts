import { expectedOutcome } from '../scenarios/import/observedOutcome';
import { toolNamesById } from '../scenarios/scenarioCalls';
import type { Observed, Scenario } from '../scenarios/schema';
import { toolUseError } from '../tools/orchestration/abort';
import type { RecordedEffect, RecordedEffects } from '../tools/recordedCall';
import { kindOfToolName } from '../tools/builtInKinds';
import type { EffectsChoice } from './effects';

/** The text of a call the log left unanswered: it stays without an answer of its own. */
const UNANSWERED = toolUseError('The session log holds no result for this call (the session ended, or was cut, before it answered).');

/**
 * Which calls of a scenario replay from the log (design.md, Recorded effects), and how the record
 * names the choice. Only an imported session (one with `observed`) has a record to replay: a
 * hand-written scenario always runs for real (`undefined`). Under `recorded` every call the log
 * answered replays its record, whatever the tool (one the playground lacks included); an Agent
 * call whose sub-agent's own calls the log holds replays that sub-agent call by call, then ends as
 * recorded. Under
 * `rerun` only the calls that would reach the outside world (WebFetch, WebSearch, MCP) keep their
 * record, unless `network` lets them go out.
 */
export function effectsOf(scenario: Scenario, choice: EffectsChoice = {}): { mode: string; recorded: RecordedEffects; runsNothing: boolean } | undefined {
  const { observed } = scenario;
  if (!observed) return undefined;
  const effects = choice.effects ?? 'recorded';
  const names = toolNamesById(scenario);
  const recorded = new Map<string, RecordedEffect>();
  for (const [id, call] of Object.entries(observed.calls)) {
    if (effects === 'rerun') {
      const kind = kindOfToolName(names.get(id) ?? '');
      if (choice.network || (kind !== 'fetch' && kind !== 'mcp')) continue;
    }
    recorded.set(id, runsSubAgent(scenario, id) ? { ...effectOf(call), replaysSubAgent: true } : effectOf(call));
  }
  // Every call replays its record (or runs a scripted sub-agent whose calls do): the sandbox is never touched.
  const runsNothing = [...names.keys()].every((id) => recorded.has(id));
  return { mode: effects === 'recorded' ? 'recorded' : choice.network ? 'rerun with network' : 'rerun', recorded, runsNothing };
}

/**
 * Whether an Agent call replays its sub-agent, call by call: only where the log of the sub-agent
 * is there (its calls). A sub-agent known only by its answer replays as the Agent call's record.
 */
function runsSubAgent(scenario: Scenario, id: string): boolean {
  return scenario.agents?.[id]?.turns.some((turn) => turn.stream.some((block) => block.type === 'tool_use')) ?? false;
}

/** One call's record as its replayed effect, in the playground's outcomes. */
function effectOf(call: Observed['calls'][string]): RecordedEffect {
  const durationMs = call.startedAt !== undefined && call.endedAt !== undefined ? Math.max(0, call.endedAt - call.startedAt) : 0;
  const waited = call.startedAt !== undefined && call.ranAt !== undefined ? Math.min(durationMs, Math.max(0, call.ranAt - call.startedAt)) : 0;
  const waitMs = waited > 0 ? { waitMs: waited } : {};
  const content = call.result ?? '';
  switch (call.outcome) {
    case 'unanswered':
      return { outcome: 'interrupted', content: UNANSWERED, durationMs: 0 };
    case 'error':
      return { outcome: expectedOutcome('error', content) === 'invalid' ? 'invalid' : 'error', content, durationMs, ...waitMs };
    default:
      return { outcome: call.outcome, content, durationMs, ...waitMs };
  }
}

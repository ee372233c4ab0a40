import { kindOfToolName } from '../tools/builtInKinds';
import type { Scenario, ScenarioTurn } from './schema';

/** The tool_use ids of a scripted turn, in stream order. */
export function callIdsOf(turn: ScenarioTurn): string[] {
  return turn.stream.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
}

/** The turns of a scenario and of its sub-agents, as far as counting calls needs them. */
interface CountedTurns {
  readonly turns: readonly { readonly stream: readonly { readonly type: string; readonly id?: string; readonly name?: string }[] }[];
  readonly agents?: Readonly<Record<string, { readonly turns: readonly { readonly stream: readonly { readonly type: string }[] }[] }>> | undefined;
}

/**
 * How many calls a scenario makes, said the same way everywhere a session is described: every
 * call counts once, a sub-agent's too, and how many of them its sub-agents made is said apart
 * (`188 calls, 2 by sub-agents`); calls nested under a call that is not an Agent call (a Codex
 * code-mode exec's) are said by that call's tool (`259 calls, 123 inside exec calls`); an Agent
 * call is any that starts a sub-agent by its kind (a Codex `collaboration.spawn_agent` too).
 */
export function callCountText(scenario: CountedTurns): string {
  const count = (turns: CountedTurns['turns']) => turns.reduce((sum, turn) => sum + turn.stream.filter((block) => block.type === 'tool_use').length, 0);
  const nameOf = new Map(scenario.turns.flatMap((turn) => turn.stream.flatMap((block) => (block.type === 'tool_use' && block.id !== undefined ? [[block.id, block.name ?? ''] as const] : []))));
  const nested = new Map<string, number>();
  for (const [id, agent] of Object.entries(scenario.agents ?? {})) {
    const name = nameOf.get(id);
    const under = name === undefined || kindOfToolName(name) === 'agent' ? 'by sub-agents' : `inside ${name} calls`;
    nested.set(under, (nested.get(under) ?? 0) + count(agent.turns));
  }
  const total = count(scenario.turns) + [...nested.values()].reduce((sum, calls) => sum + calls, 0);
  return [`${total} ${total === 1 ? 'call' : 'calls'}`, ...[...nested].filter(([, calls]) => calls > 0).map(([under, calls]) => `${calls} ${under}`)].join(', ');
}

/** Every tool_use id of a scenario (its sub-agents' too) with the tool it names. */
export function toolNamesById(scenario: Scenario): Map<string, string> {
  const names = new Map<string, string>();
  const add = (turns: readonly ScenarioTurn[]) => {
    for (const turn of turns) for (const block of turn.stream) if (block.type === 'tool_use') names.set(block.id, block.name);
  };
  add(scenario.turns);
  for (const agent of Object.values(scenario.agents ?? {})) add(agent.turns);
  return names;
}

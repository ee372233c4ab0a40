import type { Scenario, ScenarioTurn } from './schema';

/** The tool_use ids of a scripted turn, in stream order. */
export function callIdsOf(turn: ScenarioTurn): string[] {
  return turn.stream.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
}

/** The turns of a scenario and of its sub-agents, as far as counting calls needs them. */
interface CountedTurns {
  readonly turns: readonly { readonly stream: readonly { readonly type: string }[] }[];
  readonly agents?: Readonly<Record<string, { readonly turns: readonly { readonly stream: readonly { readonly type: string }[] }[] }>> | undefined;
}

/**
 * How many calls a scenario makes, said the same way everywhere a session is described: every
 * call counts once, a sub-agent's too, and how many of them its sub-agents made is said apart
 * (`188 calls, 2 by sub-agents`).
 */
export function callCountText(scenario: CountedTurns): string {
  const count = (turns: CountedTurns['turns']) => turns.reduce((sum, turn) => sum + turn.stream.filter((block) => block.type === 'tool_use').length, 0);
  const main = count(scenario.turns);
  const byAgents = Object.values(scenario.agents ?? {}).reduce((sum, agent) => sum + count(agent.turns), 0);
  const all = `${main + byAgents} ${main + byAgents === 1 ? 'call' : 'calls'}`;
  return byAgents > 0 ? `${all}, ${byAgents} by sub-agents` : all;
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

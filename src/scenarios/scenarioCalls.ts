import type { Scenario, ScenarioTurn } from './schema';

/** The tool_use ids of a scripted turn, in stream order. */
export function callIdsOf(turn: ScenarioTurn): string[] {
  return turn.stream.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
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

import type { ScenarioSettings } from '../scenarios/schema';
import type { CanUseTool } from '../tools/types';

/** The scenario's scripted answers: `answers[toolUseId]`, else `defaultAnswer`. */
export function scriptedAnswers(settings: Pick<ScenarioSettings, 'answers' | 'defaultAnswer'>): CanUseTool {
  return (request) => Promise.resolve(settings.answers[request.toolUseId] ?? settings.defaultAnswer);
}

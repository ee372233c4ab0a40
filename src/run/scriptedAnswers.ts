import type { ScenarioSettings } from '../scenarios/schema';
import type { AskUser, CanUseTool } from '../tools/types';

/**
 * The scenario's scripted answers to permission asks: `answers[toolUseId]`, else `defaultAnswer`
 * (a call whose entry holds question answers was answered, so it is allowed).
 */
export function scriptedAnswers(settings: Pick<ScenarioSettings, 'answers' | 'defaultAnswer'>): CanUseTool {
  return (request) => {
    const answer = settings.answers[request.toolUseId];
    return Promise.resolve(answer === undefined ? settings.defaultAnswer : typeof answer === 'string' ? answer : 'allow');
  };
}

/** The scenario's scripted answers to AskUserQuestion: `answers[toolUseId]` as question → labels, or nobody to answer. */
export function scriptedQuestionAnswers(settings: Pick<ScenarioSettings, 'answers'>): AskUser {
  return (request) => {
    const answer = settings.answers[request.toolUseId];
    if (answer === undefined || typeof answer === 'string') return Promise.resolve(null);
    return Promise.resolve(Object.fromEntries(Object.entries(answer).map(([question, chosen]) => [question, typeof chosen === 'string' ? [chosen] : chosen])));
  };
}

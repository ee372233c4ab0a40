import { scriptedAnswers, scriptedQuestionAnswers } from '../../run/scriptedAnswers';
import type { Scenario } from '../../scenarios/schema';
import type { AskUser, CanUseTool, PermissionRequest } from '../../tools/types';
import { usePlayground } from '../store';

/**
 * Answers a run's permission asks: the scenario's script, or the dialog when "ask me" is on (a
 * live run has no script: it always asks). "Allow always" holds for the run and is kept as an
 * added allow rule.
 */
export function pageCanUseTool(scenario: Scenario, options: { alwaysAsk?: boolean } = {}): CanUseTool {
  const always = new Set<string>();
  const keyOf = (request: PermissionRequest) =>
    request.toolName === 'Bash' ? `Bash(${(request.input as { command?: string }).command ?? ''})` : request.toolName;
  const scripted = scriptedAnswers(scenario.settings);
  return (request) => {
    if (always.has(keyOf(request))) return Promise.resolve('allow');
    if (!options.alwaysAsk && !usePlayground.getState().askMe) return scripted(request);
    return new Promise((resolve) => {
      usePlayground.setState({
        pendingAsk: {
          request,
          answer(answer, alwaysAllow) {
            if (answer === 'allow' && alwaysAllow) {
              always.add(keyOf(request));
              usePlayground.setState((state) => ({ addedAllowRules: [...new Set([...state.addedAllowRules, keyOf(request)])] }));
            }
            usePlayground.setState({ pendingAsk: null });
            resolve(answer);
          },
        },
      });
    });
  };
}

/**
 * Answers AskUserQuestion the same way: the scenario's scripted answers, or the question dialog
 * when "ask me" is on (always in a live run). Stop, or dismissing the dialog, answers nothing.
 */
export function pageAskUser(scenario: Scenario, options: { alwaysAsk?: boolean } = {}): AskUser {
  const scripted = scriptedQuestionAnswers(scenario.settings);
  return (request) => {
    if (!options.alwaysAsk && !usePlayground.getState().askMe) return scripted(request);
    return new Promise((resolve) => {
      usePlayground.setState({
        pendingQuestion: {
          toolUseId: request.toolUseId,
          questions: request.questions,
          answer(answers) {
            usePlayground.setState({ pendingQuestion: null });
            resolve(answers);
          },
        },
      });
    });
  };
}

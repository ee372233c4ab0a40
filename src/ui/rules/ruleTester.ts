import { explainBashDecision, type BashExplanation } from '../../tools/permissions/bashDecision';
import { BYPASS_CLASS_TEXT, BYPASS_CLASSES, BYPASS_CORPUS, CORPUS_ROOT, type BypassCase, type BypassClass } from '../../tools/permissions/bypassCorpus';
import { parseRuleSet } from '../../tools/permissions/rules';
import type { PermissionMode } from '../../tools/types';

/** What the tester is given: rules one a line per list, a command line, the permission mode. */
export interface TesterInput {
  allow: string;
  ask: string;
  deny: string;
  command: string;
  mode: PermissionMode;
}

/** The tester's answer: the command explained, or the rules that could not be read, each with its list. */
export type TesterResult = { ok: true; explanation: BashExplanation } | { ok: false; errors: { list: 'allow' | 'ask' | 'deny'; rule: string; message: string }[] };

/** The non-empty lines of a text box. */
export function ruleLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Explains the command under the rules, as a run decides it (the same analysis, against `/workspace`). */
export function testRules(input: TesterInput): TesterResult {
  const lists = { allow: ruleLines(input.allow), ask: ruleLines(input.ask), deny: ruleLines(input.deny) };
  const parsed = parseRuleSet(lists);
  if (!parsed.ok) {
    return {
      ok: false,
      errors: parsed.errors.map((error) => {
        const [, list, index] = /^settings\.(\w+)\[(\d+)\]$/.exec(error.path) ?? [];
        const name = (list ?? 'allow') as 'allow' | 'ask' | 'deny';
        return { list: name, rule: lists[name][Number(index)] ?? '', message: error.message };
      }),
    };
  }
  return { ok: true, explanation: explainBashDecision(input.command, parsed.rules, CORPUS_ROOT, input.mode) };
}

/** The project's bypass corpus grouped by class, each class with what it is, to pick examples from. */
export function corpusByClass(): { klass: BypassClass; text: string; cases: { index: number; item: BypassCase }[] }[] {
  return BYPASS_CLASSES.map((klass) => ({
    klass,
    text: BYPASS_CLASS_TEXT[klass],
    cases: BYPASS_CORPUS.map((item, index) => ({ index, item })).filter(({ item }) => item.class === klass),
  }));
}

/** A corpus case as the tester's input. */
export function caseInput(item: BypassCase, mode: PermissionMode): TesterInput {
  return { allow: item.rules.allow.join('\n'), ask: item.rules.ask.join('\n'), deny: item.rules.deny.join('\n'), command: item.command, mode };
}

export { BYPASS_CORPUS };

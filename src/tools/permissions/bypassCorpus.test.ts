import { describe, expect, it } from 'vitest';
import { BashTool } from '../bash/BashTool';
import type { AnyTool, PermissionMode } from '../types';
import { explainBashDecision } from './bashDecision';
import { BYPASS_CLASSES, BYPASS_CORPUS, CORPUS_ROOT, type BypassCase, type CorpusRules } from './bypassCorpus';
import { decideByRules, parseRuleSet, type RuleSet } from './rules';

function ruleSet(lists: CorpusRules): RuleSet {
  const parsed = parseRuleSet(lists);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.rules;
}

const decide = (item: BypassCase, rules: RuleSet, mode: PermissionMode = 'default') =>
  decideByRules(BashTool as AnyTool, { command: item.command }, rules, CORPUS_ROOT, mode)?.behavior;

describe('the bypass corpus', () => {
  it('holds at least twice the 42 commands it started from, and every class', () => {
    expect(BYPASS_CORPUS.length).toBeGreaterThanOrEqual(42 + 84);
    for (const klass of BYPASS_CLASSES) expect(BYPASS_CORPUS.filter((item) => item.class === klass).length, klass).toBeGreaterThanOrEqual(5);
    expect(new Set(BYPASS_CORPUS.map((item) => item.command)).size).toBe(BYPASS_CORPUS.length);
  });

  it('never expects allow, and says why for every case', () => {
    for (const item of BYPASS_CORPUS) {
      expect(['deny', 'ask'], item.command).toContain(item.expect);
      expect(item.why.length, item.command).toBeGreaterThan(0);
    }
  });
});

describe.each(BYPASS_CLASSES)('rules against the %s class', (klass) => {
  const cases = BYPASS_CORPUS.filter((item) => item.class === klass);

  it.each(cases.map((item) => [item.command, item] as const))('decide as expected for %j', (_command, item) => {
    expect(decide(item, ruleSet(item.rules))).toBe(item.expect);
  });

  it('let no case through a deny in bypassPermissions mode, where only deny rules stand', () => {
    for (const item of cases.filter((candidate) => candidate.rules.ask.length === 0)) {
      expect(decide(item, ruleSet(item.rules), 'bypassPermissions'), item.command).toBe(item.expect);
    }
  });

  it('allow no case by its decoy allow rules alone', () => {
    for (const item of cases) {
      expect(decide(item, ruleSet({ allow: item.rules.allow, ask: [], deny: [] })), item.command).not.toBe('allow');
    }
  });

  it('explain each decision as the rules make it, naming the rule', () => {
    for (const item of cases) {
      const explanation = explainBashDecision(item.command, ruleSet(item.rules), CORPUS_ROOT);
      expect(explanation.decision, item.command).toBe(item.expect);
      // A command that does not parse asks without a rule: nothing could be matched.
      if (explanation.parsed) expect(explanation.rule, item.command).toBeDefined();
      expect(explanation.reason.length, item.command).toBeGreaterThan(0);
    }
  });
});

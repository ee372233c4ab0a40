import { describe, expect, it } from 'vitest';
import { BYPASS_CORPUS, caseInput, corpusByClass, testRules } from './ruleTester';

describe('the rule tester', () => {
  it('explains a command: the decision, the split and the rule that decided', () => {
    const result = testRules({ allow: 'Bash(ls:*)', ask: '', deny: 'Bash(rm:*)', command: 'ls && rm -rf x', mode: 'default' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.explanation.decision).toBe('deny');
    expect(result.explanation.rule).toBe('Bash(rm:*)');
    expect(result.explanation.commands.map((command) => command.text)).toEqual(['ls', 'rm -rf x']);
  });

  it('names a malformed rule with its list', () => {
    const result = testRules({ allow: '', ask: '', deny: 'Bash(rm:*', command: 'rm x', mode: 'default' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatchObject({ list: 'deny', rule: 'Bash(rm:*' });
  });

  it('offers every corpus case under its class, and each gets the decision the corpus expects', () => {
    const grouped = corpusByClass();
    expect(grouped.flatMap((group) => group.cases)).toHaveLength(BYPASS_CORPUS.length);
    for (const item of BYPASS_CORPUS.slice(0, 40)) {
      const result = testRules(caseInput(item, 'default'));
      expect(result.ok && result.explanation.decision, item.command).toBe(item.expect);
    }
  });
});

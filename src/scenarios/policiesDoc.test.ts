import { describe, expect, it } from 'vitest';
import committed from '../../docs/policies.md?raw';
import { POLICY_NAMES, POLICIES } from './policies';
import { policiesMarkdown } from './policiesDoc';

describe('docs/policies.md', () => {
  it('is what the presets say today (run `npm run docs:policies` after changing one)', () => {
    expect(committed).toBe(policiesMarkdown());
  });

  it('names every preset with its source', () => {
    for (const name of POLICY_NAMES) {
      expect(committed).toContain(`| \`${name}\` |`);
      expect(committed).toContain(POLICIES[name].source);
    }
  });
});

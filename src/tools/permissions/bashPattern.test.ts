import { describe, expect, it } from 'vitest';
import { bashPatternMatches, bashPatternVerdict } from './bashPattern';

describe('Bash(…) patterns', () => {
  it('matches stars, prefixes, an escaped star and the bare command of a trailing " *"', () => {
    expect(bashPatternMatches('git *', 'git')).toBe(true);
    expect(bashPatternMatches('git *', 'git push origin main')).toBe(true);
    expect(bashPatternMatches('git *', 'gitk')).toBe(false);
    expect(bashPatternMatches('npm run test:*', 'npm run test')).toBe(true);
    expect(bashPatternMatches('rm *.log', 'rm a.log')).toBe(true);
    expect(bashPatternMatches('rm *.log', 'rm a.txt')).toBe(false);
    expect(bashPatternMatches('echo \\* *', 'echo * now')).toBe(true);
    expect(bashPatternMatches('echo \\* *', 'echo x now')).toBe(false);
    expect(bashPatternMatches('*', 'echo\nsecond line')).toBe(true);
    expect(bashPatternMatches('a*b*c', 'axxbyyc')).toBe(true);
    expect(bashPatternMatches('a*b*c', 'axxbyy')).toBe(false);
  });

  it('decides a hostile pattern against a long command at once: no backtracking, whatever the stars', () => {
    const pattern = `${'a*'.repeat(40)}b`;
    const command = 'a'.repeat(20_000);
    expect(bashPatternMatches(pattern, command)).toBe(false);
    expect(bashPatternMatches(pattern, `${command}b`)).toBe(true);
    expect(bashPatternVerdict(pattern, ['a'.repeat(2_000)])).toBe('no-match');
    // (A backtracking regular expression of this pattern does not end before the runner's timeout.)
  });
});

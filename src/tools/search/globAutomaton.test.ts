import { describe, expect, it } from 'vitest';
import { pathRuleSetMatcher } from '../permissions/pathRules';
import { compileGlobSet, GlobSyntaxError, MAX_BRACE_DEPTH } from './globAutomaton';
import { compileGlob } from './globMatch';

/** Milliseconds for `work` run `times` times. */
function timed(work: () => unknown, times = 20): number {
  const start = performance.now();
  for (let i = 0; i < times; i++) work();
  return performance.now() - start;
}

describe('globs matched without backtracking', () => {
  it('says which of several globs accept a path', () => {
    const match = compileGlobSet(['src/**/*.ts', '*.md', '**/test/**', 'src/{a,b}/[!x]?.js']);
    expect(match('src/deep/er/x.ts')).toEqual([0]);
    expect(match('README.md')).toEqual([1]);
    expect(match('src/test/a.ts')).toEqual([0, 2]);
    expect(match('src/a/yz.js')).toEqual([3]);
    expect(match('src/a/xz.js')).toEqual([]);
    expect(() => compileGlobSet(['{a,b'])).toThrow(GlobSyntaxError);
  });

  it('builds a glob in one pass: nested braces to the limit match each word, 20,000 levels are refused by name at once', () => {
    const nested = (depth: number) => `src/${'{a,'.repeat(depth)}b${'}'.repeat(depth)}.ts`;
    expect(() => compileGlobSet([nested(20_000)])).toThrow(`Braces nest deeper than ${MAX_BRACE_DEPTH} levels at position ${5 + 3 * MAX_BRACE_DEPTH} of the glob src/{a,{a,`);
    const depth = 20_000;
    const matches = compileGlobSet([nested(MAX_BRACE_DEPTH)]);
    expect(matches('src/a.ts')).toEqual([0]);
    expect(matches('src/b.ts')).toEqual([0]);
    expect(matches('src/c.ts')).toEqual([]);
    // Thousands of unclosed classes cost no rescan; the first unclosed brace is named.
    expect(compileGlobSet(['['.repeat(depth)])('['.repeat(depth))).toEqual([0]);
    expect(() => compileGlobSet([`x{a,${'{b}'.repeat(depth)}`])).toThrow('Unclosed "{" at position 2 of the glob');
    // An alternative starts a segment: `**/` in it is any folders, a trailing `**` everything below.
    expect(compileGlobSet(['{**/x,y/**}'])('a/b/x')).toEqual([0]);
    expect(compileGlobSet(['{**/x,y/**}'])('y/b/c')).toEqual([0]);
  });

  it('ends at once on a glob that would make a regular expression backtrack without end', () => {
    const name = 'a'.repeat(20_000);
    const hostile = compileGlob(`${'a*'.repeat(12)}b`);
    const plain = compileGlob('*b');
    if (!hostile.ok || !plain.ok) throw new Error('the globs compile');
    expect(hostile.match(name)).toBe(false);
    expect(hostile.match(`${name}b`)).toBe(true);
    // Linear in the name: the hostile glob costs a few times the plain one, not powers of the length.
    const ratio = timed(() => hostile.match(name)) / Math.max(0.01, timed(() => plain.match(name)));
    expect(ratio).toBeLessThan(50);
  });

  it('a path rule of the same kind judges a long path at once, as every rule set does', () => {
    const judge = pathRuleSetMatcher([`${'x*'.repeat(12)}y`, 'secrets/**'], '/work');
    expect(judge(`${'x'.repeat(20_000)}`)).toBe(-1);
    expect(judge(`${'x'.repeat(20_000)}y`)).toBe(0);
    expect(judge('secrets/key.txt')).toBe(1);
  });
});

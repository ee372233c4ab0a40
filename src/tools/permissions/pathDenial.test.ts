import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { posix } from '../../sandbox/posixPath';
import { GrepTool } from '../search/GrepTool';
import type { AnyTool } from '../types';
import { pathRuleVerdict } from './pathRules';
import { parseRuleSet, pathDenial, type RuleSet } from './rules';
import { normalAbsolute, relativeInside } from './workspacePaths';

const ROOT = '/workspace';
const DENY = ['Read(.env)', 'Read(secrets/**)', 'Read(//etc/**)', 'Read(~/private/*)', 'Read(/anchored.txt)', 'Read(*.pem)', 'Read(a/../b)'];

function rules(deny: string[]): RuleSet {
  const parsed = parseRuleSet({ allow: [], ask: [], deny });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.rules;
}

/** Absolute paths in every odd spelling: doubled slashes, `.` and `..`, a trailing `/`, dotted names. */
const absolutePaths = fc
  .array(fc.constantFrom('', '.', '..', '...', '..x', 'workspace', 'secrets', 'private', 'key', '.env', 'a.pem', 'etc', 'anchored.txt', 'src'), { maxLength: 7 })
  .map((segments) => `/${segments.join('/')}`);

describe('the deny check a search runs on every file', () => {
  it('normalises an absolute path as posix.normalize does, skipping the work only where there is none', () => {
    fc.assert(
      fc.property(absolutePaths, (path) => {
        expect(normalAbsolute(path)).toBe(posix.normalize(path));
      }),
      { numRuns: 2000 },
    );
    expect(normalAbsolute('/workspace/src/a.ts')).toBe('/workspace/src/a.ts');
    expect(normalAbsolute('/workspace//secrets/./key/')).toBe('/workspace/secrets/key');
  });

  it('names the same rule as judging each path on its own, its globs made anew, would', () => {
    const set = rules(DENY);
    const denial = pathDenial(GrepTool as AnyTool, set, ROOT)!;
    // Each file judged from scratch: the path normalised the slow way, every rule's globs made for it.
    const reference = (absolute: string) => {
      const path = relativeInside(ROOT, posix.normalize(absolute));
      return set.deny.find((rule) => pathRuleVerdict(rule.content!, { kind: 'path', path }, ROOT) === 'match');
    };
    fc.assert(
      fc.property(absolutePaths, (path) => {
        expect(denial(path)?.source, path).toBe(reference(path)?.source);
      }),
      { numRuns: 2000 },
    );
    expect(denial('/workspace/deep/.env')?.source).toBe('Read(.env)');
    expect(denial('/workspace/secrets//key')?.source).toBe('Read(secrets/**)');
    expect(denial('/etc/passwd')?.source).toBe('Read(//etc/**)');
    expect(denial('/workspace/src/a.ts')).toBeUndefined();
  });

  it('is made from the rules in force at the call: another rule set, another verdict', () => {
    expect(pathDenial(GrepTool as AnyTool, rules(['Read(.env)']), ROOT)!('/workspace/.env')?.source).toBe('Read(.env)');
    expect(pathDenial(GrepTool as AnyTool, rules(['Read(src/**)']), ROOT)!('/workspace/.env')).toBeUndefined();
    expect(pathDenial(GrepTool as AnyTool, rules(['Edit(.env)']), ROOT)).toBeUndefined();
  });
});

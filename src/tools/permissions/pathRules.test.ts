import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { globsOverlap } from './globOverlap';
import { pathRuleMatches, pathRuleSetMatcher, pathRuleVerdict } from './pathRules';
import { normalizeRulePath } from './workspacePaths';

const ROOT = '/workspace';

describe('normalizeRulePath', () => {
  it.each([
    ['secrets/key', 'secrets/key'],
    ['./secrets/key', 'secrets/key'],
    ['secrets//key', 'secrets/key'],
    ['.//secrets///key/', 'secrets/key'],
    ['src/../secrets/key', 'secrets/key'],
    ['/workspace/secrets/key', 'secrets/key'],
    ['/workspace//secrets/./key', 'secrets/key'],
    ['~/secrets/key', 'secrets/key'],
    ['~', '.'],
    ['.', '.'],
    ['/workspace', '.'],
    ['../outside', '/outside'],
    ['/etc/passwd', '/etc/passwd'],
    ['/workspace-other/x', '/workspace-other/x'],
  ])('reads %s as %s', (raw, expected) => {
    expect(normalizeRulePath(raw, { root: ROOT })).toBe(expected);
  });

  it('takes relative paths from the working directory', () => {
    expect(normalizeRulePath('key', { root: ROOT, cwd: '/workspace/secrets' })).toBe('secrets/key');
    expect(normalizeRulePath('../.env', { root: ROOT, cwd: '/workspace/src' })).toBe('.env');
  });

  it('cannot know another user’s home or an empty path', () => {
    expect(normalizeRulePath('~root/x', { root: ROOT })).toBeUndefined();
    expect(normalizeRulePath('', { root: ROOT })).toBeUndefined();
  });
});

describe('path rules on normalised paths', () => {
  it('match the same file however it is written', () => {
    for (const raw of ['secrets/key', './secrets/key', 'secrets//key', 'src/../secrets/key', '/workspace/secrets/key', '~/secrets/key']) {
      expect(pathRuleMatches('secrets/**', normalizeRulePath(raw, { root: ROOT })!, ROOT), raw).toBe(true);
    }
  });

  it('read rule patterns like paths: ./, a leading /, a trailing /, doubled slashes, ~ and //absolute', () => {
    for (const pattern of ['secrets/**', './secrets/**', '/secrets/**', 'secrets/', 'secrets//**', '~/secrets/**', '//workspace/secrets/**']) {
      expect(pathRuleMatches(pattern, 'secrets/key', ROOT), pattern).toBe(true);
      expect(pathRuleMatches(pattern, 'secrets', ROOT), pattern).toBe(true);
      expect(pathRuleMatches(pattern, 'src/key', ROOT), pattern).toBe(false);
    }
  });

  it('cover a file whose name holds a newline like any other', () => {
    expect(pathRuleMatches('secrets/**', 'secrets/a\nb', ROOT)).toBe(true);
    expect(pathRuleMatches('secrets/', 'secrets/deep/a\n', ROOT)).toBe(true);
    expect(pathRuleSetMatcher(['.env', 'secrets/**'], ROOT)('secrets/a\nb')).toBe(1);
  });

  it('match a pattern without a slash at any depth, and nothing outside the workspace', () => {
    expect(pathRuleMatches('.env', '.env', ROOT)).toBe(true);
    expect(pathRuleMatches('.env', 'deep/.env', ROOT)).toBe(true);
    expect(pathRuleMatches('.env', '/etc/.env', ROOT)).toBe(false);
    expect(pathRuleMatches('//etc/**', '/etc/passwd', ROOT)).toBe(true);
  });

  it('tested all at once, name the same first pattern as testing each pattern in turn', () => {
    const patterns = ['.env', 'secrets/**', '//etc/**', '~/private/*', '/anchored.txt', '*.pem', 'docs/', 'a/../b', '{unclosed', 'src/{a,b}/[!x]?.ts', '//workspace/abs/**'];
    const paths = fc.oneof(
      fc.constant('.'),
      fc.array(fc.constantFrom('.env', 'secrets', 'key', 'private', 'etc', 'passwd', 'anchored.txt', 'k.pem', 'docs', 'a', 'b', 'src', 'y1.ts', 'x1.ts', 'abs', 'workspace'), { minLength: 1, maxLength: 5 }).chain((segments) =>
        fc.constantFrom(segments.join('/'), `/${segments.join('/')}`),
      ),
    );
    fc.assert(
      fc.property(fc.subarray(patterns), paths, (chosen, path) => {
        const inTurn = chosen.findIndex((pattern) => pathRuleMatches(pattern, path, ROOT));
        expect(pathRuleSetMatcher(chosen, ROOT)(path), `${JSON.stringify(chosen)} ${path}`).toBe(inTurn);
      }),
      { numRuns: 3000 },
    );
    const all = pathRuleSetMatcher(patterns, ROOT);
    expect(all('deep/.env')).toBe(0);
    expect(all('secrets/deep/key')).toBe(1);
    expect(all('/etc/passwd')).toBe(2);
    expect(all('abs/x')).toBe(10);
    expect(all('src/a/y1.ts')).toBe(9);
    expect(all('src/a/x1.ts')).toBe(-1);
    expect(all('{unclosed')).toBe(-1);
  });

  it('say a glob or a whole folder may hold a protected path, and when it cannot', () => {
    expect(pathRuleVerdict('secrets/**', { kind: 'glob', glob: 'secre*/key' }, ROOT)).toBe('unknown');
    expect(pathRuleVerdict('.env', { kind: 'glob', glob: '.en?' }, ROOT)).toBe('unknown');
    expect(pathRuleVerdict('.env', { kind: 'glob', glob: 'src/*.ts' }, ROOT)).toBe('no-match');
    expect(pathRuleVerdict('secrets/**', { kind: 'tree', path: '.' }, ROOT)).toBe('unknown');
    expect(pathRuleVerdict('secrets/**', { kind: 'tree', path: 'secrets' }, ROOT)).toBe('match');
    expect(pathRuleVerdict('secrets/**', { kind: 'tree', path: 'src' }, ROOT)).toBe('no-match');
    expect(pathRuleVerdict('secrets/**', { kind: 'unknown' }, ROOT)).toBe('unknown');
  });
});

describe('globsOverlap', () => {
  const rule = { globstar: true };
  const bash = { globstar: false };
  it.each([
    ['**/.env', '.e*', true],
    ['**/.env', 'src/*.ts', false],
    ['secrets/**', '*/key', true],
    ['secrets/**', 's?crets/*', true],
    ['secrets/**', 's?crets', false],
    ['secrets/**', 'src/*', false],
    ['docs/{a,b}.md', 'docs/b*', true],
    ['docs/{a,b}.md', 'docs/c*', false],
    ['*.lock', 'deep/package.lock', false],
    ['**/*.lock', 'deep/*', true],
  ])('%s and %s overlap: %s', (a, b, expected) => {
    expect(globsOverlap(a, rule, b, bash)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { compileGlob, hasGlobSyntax } from './globMatch';

const matcher = (pattern: string, matchBase = false) => {
  const compiled = compileGlob(pattern, { matchBase });
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.match;
};

describe('compileGlob', () => {
  it('* stays within one segment; ** spans folders, including none', () => {
    const star = matcher('*.ts');
    expect(star('a.ts')).toBe(true);
    expect(star('src/a.ts')).toBe(false);
    const any = matcher('**/*.ts');
    expect(['a.ts', 'src/a.ts', 'src/x/y/a.ts'].every(any)).toBe(true);
    expect(any('a.tsx')).toBe(false);
    const inside = matcher('src/**/*.ts');
    expect(inside('src/a.ts')).toBe(true);
    expect(inside('src/deep/er/a.ts')).toBe(true);
    expect(inside('lib/src/a.ts')).toBe(false);
    expect(matcher('src/**')('src/a/b/c')).toBe(true);
  });

  it('every wildcard matches a name holding a newline, as a file name may', () => {
    expect(matcher('src/**')('src/a\nb')).toBe(true);
    expect(matcher('src/**')('src/x/a\nb/c')).toBe(true);
    expect(matcher('**/*.ts')('a\nb/c\n.ts')).toBe(true);
    expect(matcher('a?b')('a\nb')).toBe(true);
  });

  it('? matches one character but not a slash', () => {
    const one = matcher('file?.md');
    expect(one('file1.md')).toBe(true);
    expect(one('file12.md')).toBe(false);
    expect(matcher('a?b')('a/b')).toBe(false);
  });

  it('{a,b} picks an alternative, nested braces too', () => {
    const either = matcher('src/**/*.{ts,tsx}');
    expect(either('src/a.ts')).toBe(true);
    expect(either('src/b/c.tsx')).toBe(true);
    expect(either('src/c.js')).toBe(false);
    const nested = matcher('{docs,src/{a,b}}/*.md');
    expect(['docs/x.md', 'src/a/x.md', 'src/b/x.md'].every(nested)).toBe(true);
    expect(nested('src/c/x.md')).toBe(false);
  });

  it('[abc], ranges and negated classes match one character of the set', () => {
    expect(matcher('[ab].txt')('a.txt')).toBe(true);
    expect(matcher('[ab].txt')('c.txt')).toBe(false);
    expect(matcher('v[0-9].md')('v7.md')).toBe(true);
    expect(matcher('[!a]*.ts')('b.ts')).toBe(true);
    expect(matcher('[!a]*.ts')('a.ts')).toBe(false);
    expect(matcher('a[!x]b')('a/b')).toBe(false);
  });

  it('treats regular-expression characters literally and honours escapes', () => {
    expect(matcher('a+b(1).ts')('a+b(1).ts')).toBe(true);
    expect(matcher('a+b(1).ts')('aab1.ts')).toBe(false);
    expect(matcher('\\*.md')('*.md')).toBe(true);
    expect(matcher('\\*.md')('x.md')).toBe(false);
    expect(matcher('./src/*.ts')('src/a.ts')).toBe(true);
  });

  it('with matchBase, a pattern without a slash matches the file name at any depth', () => {
    expect(matcher('*.ts', true)('src/deep/a.ts')).toBe(true);
    expect(matcher('src/*.ts', true)('lib/src/a.ts')).toBe(false);
  });

  it('reports an unclosed brace instead of throwing', () => {
    const compiled = compileGlob('src/{a,b');
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.error).toMatch(/Unclosed/);
  });

  it('hasGlobSyntax tells patterns from plain paths', () => {
    expect(hasGlobSyntax('src/a.ts')).toBe(false);
    expect(hasGlobSyntax('src/*.ts')).toBe(true);
    expect(hasGlobSyntax('{a,b}')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { backtrackFree, compileLinearRegex } from './linearRegex';

function compiled(source: string, options = {}) {
  const result = compileLinearRegex(source, options);
  if (!result.ok) throw new Error(result.message);
  return result.regex;
}

describe('linear-time regular expressions', () => {
  it('runs patterns without a quantifier, a group alternation, a backreference or a lookaround on V8, the rest on RE2', () => {
    for (const source of ['useState', 'TODO|FIXME', '\\bfoo\\(', '[a-z]x[^\\]]', '(?:ab)c', '^import \\{', 'a\\*b', '[*+?{]'])
      expect([source, backtrackFree(source)]).toEqual([source, true]);
    for (const source of ['(a+)+$', 'a*b', 'x?', 'a{2}', '(a|b)c', '(?:a|b)', '(a)\\1', '(?=a)', '(?<n>a)\\k<n>', '(?<=a)b'])
      expect([source, backtrackFree(source)]).toEqual([source, false]);
    expect(compiled('TODO|FIXME').engine).toBe('v8');
    expect(compiled('(a+)+$').engine).toBe('re2');
  });

  it('ends at once on patterns a backtracking engine takes exponential or polynomial time on', () => {
    // On V8's RegExp each of these runs for hours on this text; here each is one pass.
    const text = `${'a'.repeat(50_000)}!`;
    for (const source of ['(a+)+$', '(a|aa)+$', '(a|a)*b', 'a*a*a*a*a*a*b', '(\\w+\\s?)+$', '^(a+)+b'])
      expect([source, compiled(source).test(text), compiled(source, { multiline: true }).spans(text)]).toEqual([source, false, []]);
  });

  it('finds what V8 finds, match for match, on patterns it can run', () => {
    const texts = ['foo bar\nfoo123 baz\n', 'aaa bbb aaa\n\nccc', 'const x = useState(1);\nlet y = 2;\n', 'ÄÖü straße 𝒳y\n'];
    const patterns = ['fo+', '\\d+', '^\\w+', '\\w+$', 'a*', 'b{2,}', '(?:a|b)+', 'use[A-Z]\\w*\\(\\d\\)', '[^\\n]+', 'x?y', '\\s+', '.*', 'stra(ß|ss)e', '\\p{Lu}'];
    for (const source of patterns)
      for (const text of texts)
        for (const flags of [{}, { ignoreCase: true }, { multiline: true }]) {
          let v8: RegExp;
          try {
            v8 = new RegExp(source, `g${'ignoreCase' in flags ? 'i' : ''}${'multiline' in flags ? 'm' : ''}${source.includes('\\p') ? 'u' : ''}`);
          } catch {
            continue;
          }
          const expected = [...text.matchAll(v8)].map((match): [number, number] => [match.index, match.index + match[0].length]);
          const result = compileLinearRegex(source, flags);
          if (!result.ok) continue;
          expect([source, text, flags, result.regex.spans(text)]).toEqual([source, text, flags, expected]);
        }
  });

  it('says why a pattern cannot run: invalid, or a lookaround or backreference, which linear matching leaves out', () => {
    const invalid = compileLinearRegex('export (const');
    expect(invalid.ok || invalid.message).toMatch(/Unterminated group/);
    for (const source of ['(?<=export )const', '(a)\\1', 'a(?!b)']) {
      const refused = compileLinearRegex(source);
      expect(refused.ok || refused.message).toMatch(/linear time, as ripgrep matches them, so lookarounds and backreferences are not supported/);
    }
    // A repeat count past RE2's bound is said as that, not as a lookaround.
    const counted = compileLinearRegex('(?:(?:[ab]{1,20}){1,20}){1,3}c');
    expect(counted.ok || counted.message).toMatch(/invalid repeat count.*so a repeat count \(nested ones multiplied\) may be at most 1000$/);
  });
});

import { describe, expect, it } from 'vitest';
import { BYPASS_CORPUS } from '../tools/permissions/bypassCorpus';
import { rulesMain } from './rulesMain';

function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = rulesMain(argv, { stdout: (text) => void out.push(text), stderr: (text) => void err.push(text) });
  return { code, out: out.join(''), err: err.join('') };
}

describe('npm run rules', () => {
  it('prints its usage for --help', () => {
    const { code, out } = run(['--help']);
    expect(code).toBe(0);
    expect(out).toMatch(/^usage: npm run rules/);
  });

  it('prints the decision, the AST split, the matching rule and why', () => {
    const { code, out } = run(['--allow', 'Bash(git *)', '--deny', 'Bash(rm:*)', 'ls && rm x']);
    expect(code).toBe(0);
    expect(out).toContain('decision  deny: the deny rule Bash(rm:*) matches: rm x');
    expect(out).toMatch(/commands {2}ls\n {12}rm x/);
    expect(out).toContain('deny  Bash(rm:*)');
  });

  it('shows the commands a command runs, and through what', () => {
    const { out } = run(['--deny', 'Bash(rm:*)', 'timeout 5 xargs rm < list']);
    expect(out).toContain('runs      xargs rm   ← timeout');
    expect(out).toContain('rm ‹…›   ← timeout → xargs');
    expect(out).toContain('files     read list  (< redirection)');
  });

  it('shows the files read and written, normalised against --root', () => {
    const { out } = run(['--root', '/repo', '--deny', 'Edit(secrets/**)', 'cp x /repo/secrets//y/']);
    expect(out).toContain('write secrets/y  (cp target)');
    expect(out).toContain('decision  deny');
  });

  it('answers in JSON with --json, the same explanation the engine gives', () => {
    const { code, out } = run(['--json', '--deny', 'Read(.env)', 'cat ~/.env', 'ls']);
    expect(code).toBe(0);
    const parsed = JSON.parse(out) as { decision: string; files: { path: string }[] }[];
    expect(parsed.map((explanation) => explanation.decision)).toEqual(['deny', 'undecided']);
    expect(parsed[0]!.files[0]!.path).toBe('.env');
  });

  it('runs the bypass corpus with --examples, each case with its own rules', () => {
    const { code, out } = run(['--examples']);
    expect(code).toBe(0);
    expect(out).toContain(`${BYPASS_CORPUS.length} of ${BYPASS_CORPUS.length} examples get the decision the corpus expects`);
    expect(out).not.toContain('NOT MET');
    const one = run(['--examples', 'environment', '--json']);
    const cases = JSON.parse(one.out) as { class: string; expect: string; explanation: { decision: string } }[];
    expect(cases.length).toBe(BYPASS_CORPUS.filter((item) => item.class === 'environment').length);
    expect(cases.every((item) => item.class === 'environment' && item.explanation.decision === item.expect)).toBe(true);
  });

  it('exits 2 naming a malformed rule', () => {
    const { code, err } = run(['--deny', 'Bash(rm:*)', '--allow', 'Bash(ls', 'ls']);
    expect(code).toBe(2);
    expect(err).toContain('--allow "Bash(ls"');
  });

  it('exits 2 on bad arguments, with the usage', () => {
    for (const argv of [[], ['--allow'], ['--bogus', 'ls'], ['--root', 'relative', 'ls'], ['--mode', 'fast', 'ls']]) {
      const { code, err } = run(argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(err, argv.join(' ')).toContain('usage');
    }
  });
});

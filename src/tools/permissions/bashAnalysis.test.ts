import { describe, expect, it } from 'vitest';
import { analyzeBashCommand, isReadOnlyBashCommand } from './bashAnalysis';

describe('analyzeBashCommand', () => {
  it('splits across &&, ||, ;, |, subshells, $(…) and backticks', () => {
    const cases: [string, (string | null)[][]][] = [
      ['ls && rm -rf x', [['ls'], ['rm', '-rf', 'x']]],
      ['ls || rm x', [['ls'], ['rm', 'x']]],
      ['ls; rm x', [['ls'], ['rm', 'x']]],
      ['cat a | sh', [['cat', 'a'], ['sh']]],
      ['(cd /; rm x)', [['cd', '/'], ['rm', 'x']]],
      ['echo $(rm x)', [['echo', null], ['rm', 'x']]],
      ['echo `rm x`', [['echo', null], ['rm', 'x']]],
      ['echo "$(rm -rf /)"', [['echo', null], ['rm', '-rf', '/']]],
    ];
    for (const [command, argvs] of cases) {
      const analysis = analyzeBashCommand(command);
      expect(analysis.ok, command).toBe(true);
      if (!analysis.ok) continue;
      expect(analysis.commands.map((c) => c.argv), command).toEqual(argvs);
      expect(analysis.compound, command).toBe(true);
    }
  });

  it('reads quoting as the shell does', () => {
    const analysis = analyzeBashCommand(`'r''m' "-rf" x\\ y`);
    expect(analysis.ok && analysis.commands[0]!.argv).toEqual(['rm', '-rf', 'x y']);
  });

  it('sees output redirections and strips nothing from the words', () => {
    const analysis = analyzeBashCommand('echo hi > .env 2>&1');
    expect(analysis.ok && analysis.commands[0]).toEqual({ argv: ['echo', 'hi'], writes: ['.env'] });
  });

  it('reports a command that does not parse instead of guessing', () => {
    expect(analyzeBashCommand('echo "unterminated').ok).toBe(false);
    expect(analyzeBashCommand('ls &&').ok).toBe(false);
  });
});

describe('isReadOnlyBashCommand', () => {
  // Output thrown away is no write: Claude Code strips 2>/dev/null before its own read-only check too.
  it.each(['head -1 ~/s.jsonl | jq keys 2>/dev/null', 'grep -o x a.jsonl 2>/dev/null | sort -u'])('treats %s as read-only: /dev/null is no file', (command) => expect(isReadOnlyBashCommand(command)).toEqual({ readOnly: true }));
  // Claude Code 2.1.38 held a find behind `wc -l lib/**/*.ex 2>/dev/null | tail -1` (spotter-6c2214d7, lines 184-198): a glob is not read-only.
  it.each(['wc -l lib/**/*.ex 2>/dev/null | tail -1', 'sort *', 'ls > out.txt', 'cat $(echo /etc/passwd)', 'tree -o out.txt'])('still refuses %s: a glob, a file written, a substitution run', (command) =>
    expect(isReadOnlyBashCommand(command).readOnly).toBe(false),
  );
  it.each(['ls -la', 'cat src/a.ts', 'grep -rn TODO src', 'git status', 'git log --oneline | head -5', 'ls src && wc -l src/a.ts', 'find . -name "*.ts"', 'rg foo'])(
    'treats %s as read-only',
    (command) => expect(isReadOnlyBashCommand(command)).toEqual({ readOnly: true }),
  );

  it.each([
    'rm x',
    'ls && rm -rf x',
    'ls; rm x',
    'echo $(rm x)',
    'echo `rm x`',
    'cat a | sh',
    'echo ok > file.txt',
    'cat a >> b',
    'git commit -m x',
    'git push',
    'find . -delete',
    'find . -exec rm {} ;',
    'sed -i s/a/b/ f',
    'sort -o out in',
    '/bin/rm x',
    '$CMD',
    'ls $(echo /)',
    'for f in *; do rm $f; done',
    'X=1',
    'npm test',
    'echo "unterminated',
    '(ls) > out',
  ])('does not treat %s as read-only', (command) => {
    expect(isReadOnlyBashCommand(command).readOnly).toBe(false);
  });
});

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { joinLineContinuations } from './lineContinuations';
import { parseShell } from './shellParser';

/** Commands with continuations in every context bash treats differently; they only print. */
const CASES = [
  'echo rm\\\n x',
  'echo a\\\nb',
  'echo a\\\n  b c',
  'echo "a\\\nb"',
  "echo 'a\\\nb'",
  "echo $'a\\\nb'",
  'echo `echo in\\\n side`',
  'echo "$(echo in\\\n side)"',
  'echo $(echo in\\\n side)',
  '# a comment \\\necho after',
  'echo x # trailing \\\necho next',
  'cat <<EOF\na\\\nb\nEOF\necho c\\\n d',
  "cat <<'EOF'\na\\\nb\nEOF\necho c\\\n d",
  'cat <<-EOF\n\ta\\\nb\n\tEOF\necho e\\\nf',
  'echo $((1<<2)) \\\n z',
  '((x = 1<<2)); echo $x\\\n y',
  'echo a\\\\\nb',
  'echo "x\\\\" \\\n y',
];

function bash(script: string): string {
  const run = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
  return `${run.stdout}|${run.stderr}|${run.status}`;
}

describe('joinLineContinuations', () => {
  it.each(CASES)('keeps what bash does with %j', (script) => {
    const joined = joinLineContinuations(script);
    expect(bash(joined)).toBe(bash(script));
  });

  it('lets the parser see `rm\\⏎ x` as bash does: rm with the argument x', () => {
    const parsed = parseShell('rm\\\n x');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const command = parsed.script.statements[0]!.pipelines[0]!.commands[0]!;
    expect(command.type === 'SimpleCommand' && command.name?.parts).toEqual([{ type: 'Literal', value: 'rm' }]);
    expect(command.type === 'SimpleCommand' && command.args.length).toBe(1);
  });

  it('leaves text without continuations untouched', () => {
    for (const text of ['ls -la', "echo 'a\\b'", 'cat <<EOF\nx\nEOF']) expect(joinLineContinuations(text)).toBe(text);
  });
});

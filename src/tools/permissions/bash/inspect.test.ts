import { describe, expect, it } from 'vitest';
import { inspectBashCommand } from './inspect';
import type { BashInspection } from './types';

function inspect(command: string): BashInspection {
  const result = inspectBashCommand(command, { root: '/workspace' });
  if (!result.ok) throw new Error(result.reason);
  return result.inspection;
}

const seen = (command: string) => inspect(command).commands.map((found) => ({ argv: found.argv.map((word) => word.text), via: found.via }));

describe('inspectBashCommand', () => {
  it('unwraps what one command runs through another, and says through what', () => {
    expect(seen('timeout 5 xargs sh -c "rm x"')).toEqual([
      { argv: ['timeout', '5', 'xargs', 'sh', '-c', 'rm x'], via: [] },
      { argv: ['xargs', 'sh', '-c', 'rm x'], via: ['timeout'] },
      { argv: ['sh', '-c', 'rm x', null], via: ['timeout', 'xargs'] },
      { argv: ['rm', 'x'], via: ['timeout', 'xargs', 'sh -c'] },
    ]);
    expect(seen('find . -exec grep -l TODO {} +')).toEqual([
      { argv: ['find', '.', '-exec', 'grep', '-l', 'TODO', '{}', '+'], via: [] },
      { argv: ['grep', '-l', 'TODO', null], via: ['find -exec'] },
    ]);
  });

  it('reads git past its options, and expands aliases it is given', () => {
    expect(seen('git -C . -c color.ui=false push')[1]).toEqual({ argv: ['git', 'push'], via: ['git, its options before the subcommand dropped'] });
    expect(seen("git -c alias.p='push --force' p")[1]).toEqual({ argv: ['git', 'push', '--force'], via: ['git alias p'] });
  });

  it('resolves a variable set on the line, and hides one it cannot know', () => {
    expect(seen('c=rm; $c x')[1]).toEqual({ argv: ['rm', 'x'], via: [] });
    expect(inspect('$c x').hidden.map((part) => part.reason)).toEqual(['the command name is known only at run time']);
  });

  it('finds substitutions in arithmetic, subscripts, expansions, here-documents and redirection targets', () => {
    for (const command of ['x=$((0$(rm x))) ls', 'echo ${a[$(rm x)]}', 'echo ${x:-$(rm x)}', 'cat <<E\n$(rm x)\nE', 'cat <<< $(rm x)', 'ls > $(rm x)']) {
      expect(
        inspect(command).commands.some((found) => found.argv[0]?.text === 'rm'),
        command,
      ).toBe(true);
    }
  });

  it('reports the files read and written, normalised, following cd', () => {
    const files = inspect('cd src && cp ../.env out/ && tee ./a//b < ~/in').files.map((file) => [file.access, file.target, file.by]);
    expect(files).toContainEqual(['read', { kind: 'path', path: '.env' }, 'cp source']);
    expect(files).toContainEqual(['write', { kind: 'path', path: 'src/out' }, 'cp target']);
    expect(files).toContainEqual(['write', { kind: 'path', path: 'src/a/b' }, 'tee']);
    expect(files).toContainEqual(['read', { kind: 'path', path: 'in' }, '< redirection']);
  });

  it('names environment assignments that change what a program runs', () => {
    expect(inspect('NODE_OPTIONS=--require=x npm test').env.map((finding) => finding.name)).toEqual(['NODE_OPTIONS']);
    expect(inspect('GIT_AUTHOR_NAME=x CI=1 git commit').env).toEqual([]);
  });

  it('taints a value bash would evaluate again', () => {
    expect(inspect("x='a[$(rm y)]'; echo $((x))").hidden).toHaveLength(1);
    expect(inspect('x=5; echo $((x + 1))').hidden).toEqual([]);
  });
});

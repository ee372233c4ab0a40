import { RM } from './shellCases';
import type { BypassCase, CorpusRules } from './types';

const KEEP_X = { unchanged: ['x'] } as const;

/** `rm` denied, with the runner itself allowed as a decoy. */
function runner(command: string, why: string, decoys: string[], expect: BypassCase['expect'] = 'deny', extra: Partial<BypassCase> = {}): BypassCase {
  return { command, class: 'runner', rules: { ...RM, allow: [...RM.allow, ...decoys] }, expect, effect: KEEP_X, why, ...extra };
}

/** Programs and shell features that run another command. */
export const RUNNER_CASES: BypassCase[] = [
  runner('find . -exec rm {} \\;', 'find -exec runs rm on every file', ['Bash(find:*)']),
  runner('find . -execdir rm {} +', 'find -execdir runs rm in each folder', ['Bash(find:*)']),
  runner('find . -name x -ok rm {} \\;', 'find -ok runs rm after a prompt', ['Bash(find:*)']),
  {
    command: 'find . -name x -delete',
    class: 'runner',
    rules: { allow: ['Bash(ls:*)'], ask: [], deny: ['Bash(rm:*)', 'Edit(x)'] },
    expect: 'ask',
    effect: KEEP_X,
    why: 'find -delete deletes what it finds: under a folder holding a protected path, the rules ask',
  },
  runner('xargs rm < list', 'xargs runs rm on the words it reads', ['Bash(xargs:*)']),
  runner('echo x | xargs rm', 'xargs in a pipeline', ['Bash(xargs:*)']),
  runner('xargs -I{} rm {} < list', 'xargs -I', ['Bash(xargs:*)']),
  runner('xargs -0 -n1 rm < list', 'xargs with options', ['Bash(xargs:*)']),
  runner("trap 'rm x' EXIT", 'trap runs its action when the shell exits', ['Bash(trap:*)']),
  runner("trap -- 'rm x' INT EXIT", 'trap after --', ['Bash(trap:*)']),
  runner("awk 'BEGIN { system(\"rm x\") }'", "awk's system()", ['Bash(awk:*)']),
  runner("awk 'BEGIN { print \"\" | \"rm x\" }'", 'awk printing into a command', ['Bash(awk:*)']),
  runner("awk 'BEGIN { \"rm x\" | getline }'", 'awk reading from a command', ['Bash(awk:*)']),
  runner("sed -n '1e rm x' f", "sed's e command", ['Bash(sed:*)']),
  runner("sed 's/.*/rm x/e' f", "sed's s///e runs the line it made: unknown, so the rules ask", ['Bash(sed:*)'], 'ask'),
  runner("git -c alias.x='!rm x' x", 'a git alias defined on the command line runs a shell command', ['Bash(git:*)']),
  runner('mapfile -C "rm x" -c 1 arr < list', 'mapfile -C runs its callback', ['Bash(mapfile:*)']),
  runner('readarray -C "rm x" -c 1 arr < list', 'readarray -C', ['Bash(readarray:*)']),
  runner("compgen -C 'rm x' a", 'compgen -C runs its command', ['Bash(compgen:*)']),
  runner("shopt -s expand_aliases\nalias ls='rm x'\nls", 'an alias defined in the same command', []),
  runner('f() { rm x; }; f', 'a function defined in the same command', []),
  runner('f() { rm x; }', 'a function defined and not called: the rules deny what it would run', [], 'deny', {
    bashRunsNothing: 'a definition alone runs nothing; a later command on the line, or a trap, could call it',
  }),
  runner('function g { rm x; }; g', 'a function defined with the function keyword', []),
  runner('ls() { rm x; }; ls', 'a function that shadows an allowed name', []),
  runner('sh -c "rm x"', 'sh -c', ['Bash(sh:*)']),
  runner('bash -c "rm -rf /"', 'bash -c', ['Bash(bash:*)']),
  runner('bash -lc "rm x"', 'bash -lc', ['Bash(bash:*)']),
  runner('dash -c "rm x"', 'dash -c', []),
  runner("eval 'rm x'", 'eval', ['Bash(eval:*)']),
  runner('eval "r""m x"', 'eval of a quote-split name', ['Bash(eval:*)']),
  runner('env rm x', 'env', ['Bash(env:*)']),
  runner('env -i rm x', 'env -i', ['Bash(env:*)']),
  runner('env -u HOME rm x', 'env -u', ['Bash(env:*)']),
  runner('command rm x', 'command', ['Bash(command:*)']),
  runner('builtin rm x', 'builtin', ['Bash(builtin:*)']),
  runner('exec rm x', 'exec', ['Bash(exec:*)']),
  runner('nice -n 5 rm x', 'nice', ['Bash(nice:*)']),
  runner('nohup rm x', 'nohup', ['Bash(nohup:*)']),
  runner('timeout 5 rm x', 'timeout', ['Bash(timeout:*)']),
  runner('timeout -s KILL 5 rm x', 'timeout with options', ['Bash(timeout:*)']),
  runner('stdbuf -oL rm x', 'stdbuf', ['Bash(stdbuf:*)']),
  runner('sudo rm x', 'sudo', ['Bash(sudo:*)']),
  runner('sudo -u root rm x', 'sudo with options', ['Bash(sudo:*)']),
  runner('watch -n 1 rm x', 'watch', ['Bash(watch:*)']),
  runner('parallel rm ::: x', 'parallel', ['Bash(parallel:*)']),
  runner("parallel ::: 'rm x'", 'parallel running its inputs as commands', ['Bash(parallel:*)']),
  runner('busybox rm x', 'busybox applets', ['Bash(busybox:*)']),
  runner('flock lock rm x', 'flock', ['Bash(flock:*)']),
  runner('xargs sh -c "rm x" < list', 'xargs running sh -c', ['Bash(xargs:*)', 'Bash(sh:*)']),
  runner('find . -name x -exec sh -c "rm x" \\;', 'find running sh -c', ['Bash(find:*)', 'Bash(sh:*)']),
  runner('timeout 5 bash -c "rm x"', 'timeout running bash -c', ['Bash(timeout:*)', 'Bash(bash:*)']),
  runner('rg --pre rm TOKEN', 'rg --pre runs a program on every file it searches', ['Bash(rg:*)']),
  runner("split --filter='rm x' list", 'split --filter runs a shell command per piece', ['Bash(split:*)']),
  runner("make --eval='all: ; rm x' all", 'make --eval defines a recipe on the command line: the rules ask', ['Bash(make:*)'], 'ask'),
  runner('ls | entr rm x', 'entr runs its command when files change', ['Bash(entr:*)']),
  runner('hash -p /bin/rm r; r x', 'hash -p makes another name run rm', []),
  runner('CMD=rm; $CMD x', 'a command name held in a variable set on the line', []),
  runner('x=rm; "$x" x', 'a quoted variable as the command name', []),
  runner('$CMD x', 'a command name from a variable the line does not set: the rules ask', [], 'ask'),
  runner('${RM:-rm} x', 'a command name from a default value: the rules ask', [], 'ask'),
  runner('$(echo rm) x', 'a command name made by a substitution: the rules ask', [], 'ask'),
  runner('`echo rm` x', 'a command name made by backticks: the rules ask', [], 'ask'),
  runner('r? x', 'a command name that is a glob: the rules ask', [], 'ask'),
  runner('/bin/r[m] x', 'a command path that is a glob: the rules ask', [], 'ask'),
  runner('cat list | sh', 'sh reading commands from a pipe: the rules ask', [], 'ask'),
  runner('echo rm x | bash', 'bash reading commands from a pipe: the rules ask', [], 'ask'),
  runner('source list', 'source runs a file the analysis does not read: the rules ask', ['Bash(source:*)'], 'ask'),
  runner('bash list', 'bash running a script file: the rules ask', ['Bash(bash:*)'], 'ask'),
  runner("node -e \"require('fs').rmSync('x')\"", 'an interpreter running inline code: the rules ask', ['Bash(node:*)'], 'ask'),
  runner("python3 -c \"import os; os.remove('x')\"", 'python running inline code: the rules ask', ['Bash(python3:*)'], 'ask'),
];

const ENV_RULES = (decoys: string[]): CorpusRules => ({ allow: decoys, ask: [], deny: ['Bash(rm:*)'] });

function env(command: string, why: string, decoys: string[]): BypassCase {
  return { command, class: 'environment', rules: ENV_RULES(decoys), expect: 'ask', effect: KEEP_X, why };
}

/** Environment assignments that make an allowed program run something else. */
export const ENVIRONMENT_CASES: BypassCase[] = [
  env('GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0="rm x" git status', 'git settings from the environment: core.fsmonitor runs a command', ['Bash(git status)']),
  env("GIT_CONFIG_PARAMETERS=\"'core.pager=rm x'\" git log", 'git settings in GIT_CONFIG_PARAMETERS', ['Bash(git log:*)']),
  env('NODE_OPTIONS=--import=./list npm run test', 'node loads a module before the allowed script', ['Bash(npm run test:*)']),
  env('export NODE_OPTIONS=--require=./list; npm run test', 'NODE_OPTIONS exported on the line', ['Bash(npm run test:*)']),
  env('env NODE_OPTIONS=--require=./list npm run test', 'NODE_OPTIONS through env', ['Bash(npm run test:*)', 'Bash(env:*)']),
  env('npm_config_script_shell=./list npm run test', 'npm runs its scripts with the shell it is told', ['Bash(npm run test:*)']),
  env('LD_PRELOAD=./list ls', 'the loader runs a library inside an allowed program', ['Bash(ls:*)']),
  env('BASH_ENV=./list bash -c true', 'bash runs BASH_ENV before its command', ['Bash(bash:*)', 'Bash(true)']),
  env('PAGER="rm x" git log', 'git runs the pager it is told', ['Bash(git log:*)']),
  env('GIT_PAGER="rm x" git -p log', 'git -p runs GIT_PAGER', ['Bash(git log:*)']),
  env('EDITOR="rm x" git commit', 'git runs the editor it is told', ['Bash(git commit:*)']),
  env('GIT_SSH_COMMAND="rm x" git fetch', 'git runs the ssh command it is told', ['Bash(git fetch:*)']),
  env('GIT_EXTERNAL_DIFF="rm x" git diff', 'git runs an external diff', ['Bash(git diff:*)']),
  env('GIT_DIR=./evil/.git git status', 'git reads another repository, whose settings can run commands', ['Bash(git status)']),
  env('HOME=./evil git status', 'git reads the configuration in HOME', ['Bash(git status)']),
  env('PATH=.:$PATH ls', 'PATH decides which program ls is', ['Bash(ls:*)']),
  env('LESSOPEN="|rm x %s" less f', 'less runs its input preprocessor', ['Bash(less:*)']),
  env('MANPAGER="rm x" man ls', 'man runs its pager', ['Bash(man:*)']),
];

/** git, `rm` denied for push; `git status` and `git log` allowed as decoys. */
const PUSH: CorpusRules = { allow: ['Bash(git status)', 'Bash(git log:*)'], ask: [], deny: ['Bash(git push:*)'] };
const PUBLISH: CorpusRules = { allow: ['Bash(npm run test:*)'], ask: [], deny: ['Bash(npm publish:*)'] };

function options(command: string, why: string, rules: CorpusRules = PUSH, expect: BypassCase['expect'] = 'deny'): BypassCase {
  return { command, class: 'subcommand-options', rules, expect, why };
}

/** Options between a program and its subcommand. */
export const SUBCOMMAND_CASES: BypassCase[] = [
  options('git -C . push', 'git -C'),
  options('git --no-pager push', 'git --no-pager'),
  options('git -c k=v push', 'git -c with a setting the analysis does not know'),
  options('git -c color.ui=false push', 'git -c with a harmless setting'),
  options('git --git-dir=.git push', 'git --git-dir='),
  options('git --work-tree . push', 'git --work-tree'),
  options('git -p push', 'git -p'),
  options('git -C src -C .. push', 'two -C'),
  options('git -C "$PWD" push', 'git -C with a folder known only at run time'),
  options('git --exec-path=. push', 'git --exec-path= (which also makes git run its programs from there)'),
  options('git -c alias.p=push p', 'an alias for push defined on the line'),
  options('git -c alias.p="push --force" p origin', 'an alias with options'),
  options("git -c 'alias.p=!git push' p", 'a shell alias that runs git push'),
  options('git -c alias.a=b -c alias.b=push a', 'an alias for an alias for push'),
  options('git "pu"sh', 'a quote-split subcommand'),
  options('git $(echo push)', 'a subcommand made by a substitution: the rules ask', PUSH, 'ask'),
  options('npm --prefix . publish', 'npm --prefix', PUBLISH),
  options('npm --silent publish', 'npm --silent', PUBLISH),
  options('npm -w pkg publish', 'npm -w', PUBLISH),
  options('npm --loglevel=warn publish', 'npm --loglevel=', PUBLISH),
  options('npm --foo bar publish', 'an npm option the analysis does not know, which may take a value', PUBLISH),
];

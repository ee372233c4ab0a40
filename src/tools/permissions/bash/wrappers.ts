import { hasOption, joinWords, optionValue, scanOptions, shellQuote, type OptionSpec } from './options';
import type { FoundCommand } from './types';
import type { WalkContext, Walker } from './walker';
import type { WordValue } from './words';

/** A program that runs the command written after its options (and a fixed number of operands). */
interface Wrapper {
  spec: OptionSpec;
  /** Operands before the command (`timeout 5 CMD`: one). */
  operands?: number;
  /** With one of these options it runs nothing (`command -v`). */
  runsNothingWith?: string[];
  /** The command runs in a folder the analysis does not know (`chroot DIR`). */
  elsewhere?: boolean;
}

const WRAPPERS: Record<string, Wrapper> = {
  nice: { spec: { short: 'n', long: ['adjustment'], numeric: true } },
  nohup: { spec: {} },
  timeout: { spec: { short: 'sk', flags: 'v', long: ['signal', 'kill-after'], longFlags: ['preserve-status', 'foreground', 'verbose'] }, operands: 1 },
  stdbuf: { spec: { short: 'ioe', long: ['input', 'output', 'error'] } },
  time: { spec: { short: 'fo', flags: 'pavq', long: ['format', 'output'], longFlags: ['append', 'verbose', 'portability', 'quiet'] } },
  command: { spec: { flags: 'pvV' }, runsNothingWith: ['v', 'V'] },
  builtin: { spec: {} },
  exec: { spec: { short: 'a', flags: 'cl' } },
  setsid: { spec: { flags: 'cfw', longFlags: ['ctty', 'fork', 'wait'] } },
  ionice: { spec: { short: 'cnpPu', flags: 't', long: ['class', 'classdata', 'pid', 'pgid', 'uid'], longFlags: ['ignore'] }, runsNothingWith: ['p', 'P', 'u', 'pid', 'pgid', 'uid'] },
  taskset: { spec: { flags: 'acp', longFlags: ['all-tasks', 'cpu-list', 'pid'] }, operands: 1, runsNothingWith: ['p', 'pid'] },
  chroot: { spec: { long: ['userspec', 'groups'], longFlags: ['skip-chdir'] }, operands: 1, elsewhere: true },
  doas: { spec: { short: 'uC', flags: 'nL' } },
  unbuffer: { spec: {} },
  'dbus-run-session': { spec: {} },
  catchsegv: { spec: {} },
  busybox: { spec: {} },
  toybox: { spec: {} },
  runuser: { spec: { short: 'ugG', flags: 'lmp', long: ['user', 'group', 'supp-group'], longFlags: ['login', 'preserve-environment'] } },
  strace: { spec: { short: 'eoOpPsSuEIbXaU', flags: 'cCdDfFhiqrtTvVwxyYzZk' } },
  ltrace: { spec: { short: 'eoOpPsSuEIbXaAnlL', flags: 'cCdDfFhiqrtTvVwxyYzZk' } },
  caffeinate: { spec: { short: 'tw', flags: 'dimsu' } },
  entr: { spec: { flags: 'acdnprsz' } },
  pkexec: { spec: { long: ['user'], longFlags: ['keep-cwd', 'disable-internal-agent'] } },
  'ssh-agent': { spec: { short: 'aEPt', flags: 'cDdksx' } },
  chronic: { spec: { flags: 'ev' } },
  ifne: { spec: { flags: 'n' } },
  torsocks: { spec: { short: 'uapP', flags: 'iqd' } },
  proxychains: { spec: { short: 'f', flags: 'q' } },
  proxychains4: { spec: { short: 'f', flags: 'q' } },
};

/** Runs the semantics of a wrapper, `env`, `sudo`, `xargs`, `find`, `watch` or `parallel`; false when `name` is none. */
export function unwrapWrapper(walker: Walker, command: FoundCommand, name: string, context: WalkContext): boolean {
  const args = command.argv.slice(1);
  const wrapper = WRAPPERS[name];
  if (wrapper) {
    const scan = scanOptions(name, args, wrapper.spec);
    if (!scan.ok) return hideAnd(walker, command, scan.reason);
    if (wrapper.runsNothingWith && hasOption(scan.options, ...wrapper.runsNothingWith)) return true;
    const inner = args.slice(scan.index + (wrapper.operands ?? 0));
    if (args.slice(scan.index, scan.index + (wrapper.operands ?? 0)).some((word) => word.text === null)) {
      return hideAnd(walker, command, `${name} has an operand known only at run time`);
    }
    walker.inner(command, inner, name, context, wrapper.elsewhere ? { cwd: null } : {});
    return true;
  }
  switch (name) {
    case 'env':
      return env(walker, command, args, context);
    case 'sudo':
      return sudo(walker, command, args, context);
    case 'xargs':
      return xargs(walker, command, args, context);
    case 'find':
      return find(walker, command, args, context);
    case 'watch':
      return watch(walker, command, args, context);
    case 'parallel':
      return parallel(walker, command, args, context);
    case 'flock':
      return flock(walker, command, args, context);
    default:
      return false;
  }
}

function hideAnd(walker: Walker, command: FoundCommand, reason: string): true {
  walker.hide(command.index, reason);
  return true;
}

function env(walker: Walker, command: FoundCommand, args: WordValue[], context: WalkContext): boolean {
  const scan = scanOptions('env', args, {
    short: 'uCS',
    flags: 'i0v',
    long: ['unset', 'chdir', 'split-string'],
    longFlags: ['ignore-environment', 'null', 'debug', 'block-signal', 'default-signal', 'ignore-signal', 'list-signal-handling'],
  });
  if (!scan.ok) return hideAnd(walker, command, scan.reason);
  let i = scan.index;
  const assignments: FoundCommand['assignments'] = [];
  for (; i < args.length; i++) {
    const text = args[i]!.text;
    if (text === null) return hideAnd(walker, command, 'env has a word known only at run time where an assignment or its command may stand');
    const eq = text.indexOf('=');
    if (eq <= 0) break;
    assignments.push({ name: text.slice(0, eq), value: text.slice(eq + 1) });
  }
  const directory = optionValue(scan.options, 'C', 'chdir');
  const cwd = directory === undefined ? undefined : directory.text === null ? null : walker.cwd?.map((base) => resolveDirectory(base, directory.text!, walker.home)) ?? null;
  const split = optionValue(scan.options, 'S', 'split-string');
  if (split !== undefined) {
    // `env -S 'a b'` splits its string into words; read it as shell words, then the rest.
    const rest = joinWords(args.slice(i).map((word) => (word.text === null ? word : { text: shellQuote(word.text) })));
    walker.script(command, split.text === null || rest === null ? null : `${split.text} ${rest}`, 'env -S', context, false);
    return true;
  }
  walker.inner(command, args.slice(i), 'env', context, { assignments, ...(cwd !== undefined ? { cwd } : {}) });
  return true;
}

/** An absolute folder `cd DIR` or `-C DIR` leads to from `base`. */
export function resolveDirectory(base: string, target: string, home: string): string {
  const path = target === '~' || target.startsWith('~/') ? `${home}${target.slice(1)}` : target;
  const joined = path.startsWith('/') ? path : `${base}/${path}`;
  const parts: string[] = [];
  for (const segment of joined.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  return `/${parts.join('/')}`;
}

function sudo(walker: Walker, command: FoundCommand, args: WordValue[], context: WalkContext): boolean {
  const scan = scanOptions('sudo', args, {
    short: 'ugCDhprtUTR',
    flags: 'AbEHiKklnPSsVve',
    long: ['user', 'group', 'close-from', 'chdir', 'host', 'prompt', 'role', 'type', 'other-user', 'command-timeout', 'chroot'],
    longFlags: ['askpass', 'background', 'preserve-env', 'set-home', 'login', 'remove-timestamp', 'reset-timestamp', 'list', 'non-interactive', 'preserve-groups', 'stdin', 'shell', 'version', 'validate', 'edit'],
  });
  if (!scan.ok) return hideAnd(walker, command, scan.reason);
  const rest = args.slice(scan.index);
  if (hasOption(scan.options, 'e', 'edit')) return hideAnd(walker, command, 'sudo -e edits files as another user');
  if (hasOption(scan.options, 'l', 'list', 'v', 'validate', 'V', 'version', 'K', 'remove-timestamp') && rest.length === 0) return true;
  if (hasOption(scan.options, 'i', 'login', 's', 'shell')) {
    if (rest.length === 0) return hideAnd(walker, command, 'sudo -s / -i starts a shell that reads its commands from standard input');
    walker.script(command, joinWords(rest), 'sudo -s', context, true);
    return true;
  }
  walker.inner(command, rest, 'sudo', context);
  return true;
}

function xargs(walker: Walker, command: FoundCommand, args: WordValue[], context: WalkContext): boolean {
  const scan = scanOptions('xargs', args, {
    short: 'adEILnPs',
    flags: '0oprtx',
    attached: 'eil',
    long: ['arg-file', 'delimiter', 'eof', 'replace', 'max-lines', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'],
    longFlags: ['null', 'open-tty', 'interactive', 'no-run-if-empty', 'verbose', 'exit', 'show-limits'],
  });
  if (!scan.ok) return hideAnd(walker, command, scan.reason);
  const rest = args.slice(scan.index);
  const inner = rest.length > 0 ? rest : [{ text: 'echo' }];
  const replace = scan.options.find((option) => ['I', 'i', 'replace'].includes(option.name));
  if (replace) {
    const token = replace.value?.text ?? '{}';
    if (token === null) return hideAnd(walker, command, 'xargs -I has a replacement string known only at run time');
    walker.inner(command, inner.map((word) => (word.text?.includes(token) ? { text: null } : word)), 'xargs', context);
  } else {
    // Each line of input becomes more arguments of the command.
    walker.inner(command, [...inner, { text: null }], 'xargs', context);
  }
  return true;
}

const FIND_RUNS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

function find(walker: Walker, command: FoundCommand, args: WordValue[], context: WalkContext): boolean {
  if (args.some((word) => word.text === null)) {
    return hideAnd(walker, command, 'find has a word known only at run time (or a glob), which could be an action that runs or deletes');
  }
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!.text!;
    if (!FIND_RUNS.has(word)) continue;
    const start = i + 1;
    let end = start;
    while (end < args.length && args[end]!.text !== ';' && !(args[end]!.text === '+' && args[end - 1]?.text === '{}')) end++;
    const inner = args.slice(start, end).map((arg) => (arg.text!.includes('{}') ? { text: null } : arg));
    walker.inner(command, inner, `find ${word}`, context, word.includes('dir') ? { cwd: null } : {});
    i = end;
  }
  return true;
}

function watch(walker: Walker, command: FoundCommand, args: WordValue[], context: WalkContext): boolean {
  const scan = scanOptions('watch', args, {
    short: 'nq',
    flags: 'bcdegptxwr',
    long: ['interval', 'equexit'],
    longFlags: ['beep', 'color', 'no-color', 'differences', 'errexit', 'chgexit', 'precise', 'no-title', 'exec', 'no-wrap', 'no-rerun'],
  });
  if (!scan.ok) return hideAnd(walker, command, scan.reason);
  const rest = args.slice(scan.index);
  if (hasOption(scan.options, 'x', 'exec')) walker.inner(command, rest, 'watch -x', context);
  else walker.script(command, joinWords(rest), 'watch', context, true);
  return true;
}

function parallel(walker: Walker, command: FoundCommand, args: WordValue[], context: WalkContext): boolean {
  const scan = scanOptions('parallel', args, {
    short: 'jnNIdaPC',
    flags: 'kqXmv0',
    long: ['jobs', 'halt', 'arg-file', 'colsep', 'delimiter', 'timeout', 'retries', 'max-args', 'joblog'],
    longFlags: ['keep-order', 'quote', 'will-cite', 'dry-run', 'verbose', 'bar', 'eta', 'progress', 'line-buffer', 'tag', 'null', 'group', 'ungroup'],
  });
  if (!scan.ok) return hideAnd(walker, command, scan.reason);
  const rest = args.slice(scan.index);
  const separator = rest.findIndex((word) => word.text !== null && /^::::?\+?$/.test(word.text));
  const template = separator < 0 ? rest : rest.slice(0, separator);
  if (template.length === 0) {
    if (separator < 0) return hideAnd(walker, command, 'parallel reads the commands it runs from its standard input');
    // `parallel ::: 'cmd a' 'cmd b'`: each input is a command line.
    for (const input of rest.slice(separator + 1)) walker.script(command, input.text, 'parallel', context, true);
    return true;
  }
  if (hasOption(scan.options, 'q', 'quote')) walker.inner(command, template, 'parallel', context);
  else walker.script(command, joinWords(template), 'parallel', context, true);
  return true;
}

function flock(walker: Walker, command: FoundCommand, args: WordValue[], context: WalkContext): boolean {
  const spec: OptionSpec = { short: 'wEc', flags: 'sxunoFv', long: ['timeout', 'conflict-exit-code', 'command'], longFlags: ['shared', 'exclusive', 'unlock', 'nonblock', 'close', 'no-fork', 'verbose'] };
  const before = scanOptions('flock', args, spec);
  if (!before.ok) return hideAnd(walker, command, before.reason);
  // `flock FILE [options] -c CMD` or `flock FILE CMD…`: options may follow the lock file.
  const after = scanOptions('flock', args, spec, before.index + 1);
  if (!after.ok) return hideAnd(walker, command, after.reason);
  const inline = optionValue([...before.options, ...after.options], 'c', 'command');
  if (inline !== undefined) walker.script(command, inline.text, 'flock -c', context, true);
  else walker.inner(command, args.slice(after.index), 'flock', context);
  return true;
}

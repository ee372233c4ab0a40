import { joinWords, optionValue, scanOptions } from './options';
import type { FoundCommand } from './types';
import type { WalkContext, Walker } from './walker';
import type { WordValue } from './words';

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'rbash']);

/** Programs that run code in a language the analysis does not read. */
const INTERPRETERS = new Set([
  'node', 'nodejs', 'deno', 'bun', 'python', 'python2', 'python3', 'pypy', 'pypy3', 'perl', 'ruby', 'irb', 'php', 'lua', 'luajit',
  'tclsh', 'wish', 'expect', 'Rscript', 'R', 'julia', 'osascript', 'pwsh', 'powershell', 'ts-node', 'tsx', 'fish', 'csh', 'tcsh',
]);
/** Programs that run commands of their own (editors, REPLs, schedulers, multiplexers). */
const COMMAND_HOSTS = new Set([
  'vi', 'vim', 'nvim', 'view', 'ex', 'ed', 'emacs', 'nano', 'sqlite3', 'm4', 'dc', 'gdb', 'lldb', 'screen', 'tmux', 'at', 'batch',
  'crontab', 'fc', 'unshare', 'nsenter', 'systemd-run', 'firejail', 'bwrap', 'proot', 'xvfb-run', 'faketime', 'chrt', 'script', 'su',
  'expect', 'mysql', 'psql', 'numactl', 'setpriv', 'sg', 'run-parts',
]);
const VERSION_ONLY = new Set(['--version', '-v', '-V', '--help', '-h']);

/** Shells, `eval`, `source`, `trap`, `mapfile -C`, `compgen -C`, `alias` and interpreters; false when `name` is none. */
export function unwrapShell(walker: Walker, command: FoundCommand, name: string, context: WalkContext): boolean {
  const args = command.argv.slice(1);
  if (SHELLS.has(name)) return shell(walker, command, name, args, context);
  switch (name) {
    case 'eval':
      walker.script(command, joinWords(args), 'eval', context, false);
      return true;
    case 'source':
    case '.': {
      const file = args[0]?.text;
      walker.hide(command.index, `${name} runs the commands in ${file ?? 'a file named at run time'}, which the analysis does not read`);
      return true;
    }
    case 'trap':
      return trap(walker, command, args, context);
    case 'mapfile':
    case 'readarray':
    case 'compgen':
    case 'complete': {
      const scan = scanOptions(name, args, { short: 'CcdnOsuAGWFXPSoabefgjkvrI', flags: 't' });
      const callback = scan.ok ? optionValue(scan.options, 'C') : undefined;
      if (!scan.ok) walker.hide(command.index, scan.reason);
      else if (callback !== undefined) walker.script(command, callback.text, `${name} -C`, context, false);
      return true;
    }
    case 'alias':
      for (const arg of args) {
        if (arg.text === null) walker.hide(command.index, 'alias defines a name known only at run time');
        else if (arg.text.includes('=')) {
          const eq = arg.text.indexOf('=');
          walker.script(command, arg.text.slice(eq + 1), `alias ${arg.text.slice(0, eq)}`, context, false);
        }
      }
      return true;
    default:
      break;
  }
  if (INTERPRETERS.has(name)) {
    if (args.length === 1 && VERSION_ONLY.has(args[0]!.text ?? '')) return true;
    walker.hide(command.index, `${name} runs a program the analysis cannot read`);
    return true;
  }
  if (COMMAND_HOSTS.has(name)) {
    walker.hide(command.index, `${name} can run commands of its own, which the analysis cannot see`);
    return true;
  }
  return false;
}

function shell(walker: Walker, command: FoundCommand, name: string, args: WordValue[], context: WalkContext): true {
  let inline = false;
  let i = 0;
  for (; i < args.length; i++) {
    const text = args[i]!.text;
    if (text === null) {
      walker.hide(command.index, `${name} has a word known only at run time where an option or its command may stand`);
      return true;
    }
    if (text === '--' || text === '-') {
      i++;
      break;
    }
    if (['--rcfile', '--init-file'].includes(text)) {
      walker.hide(command.index, `${name} ${text} runs a file the analysis does not read`);
      return true;
    }
    if (text === '--login' || /^-[a-zA-Z]*[li]/.test(text)) {
      walker.hide(command.index, `${name} ${text} starts a login or interactive shell, which first runs profile files (~/.profile, ~/.bashrc) the analysis does not read`);
    }
    if (text.startsWith('--')) continue;
    if (!/^[-+]/.test(text)) break;
    if (text.slice(1).includes('c')) inline = true;
    // `-o name` and `-O name` take the next word.
    if (/[oO]$/.test(text)) i++;
  }
  const rest = args.slice(i);
  if (inline) walker.script(command, rest[0]?.text ?? (rest.length === 0 ? '' : null), `${name} -c`, context, true);
  else if (rest.length > 0) walker.hide(command.index, `${name} runs the script ${rest[0]!.text ?? 'named at run time'}, which the analysis does not read`);
  else walker.hide(command.index, `${name} reads the commands it runs from its standard input`);
  return true;
}

function trap(walker: Walker, command: FoundCommand, args: WordValue[], context: WalkContext): true {
  const operands = args[0]?.text === '--' ? args.slice(1) : args;
  if (operands.length < 2 || operands[0]!.text?.startsWith('-')) return true;
  const action = operands[0]!.text;
  // A number as the first operand means every operand is a signal to reset.
  if (action !== null && /^\d+$/.test(action)) return true;
  if (action !== '') walker.script(command, action, 'trap', context, false);
  return true;
}

import type { FoundCommand } from './types';
import type { WalkContext, Walker } from './walker';
import type { WordValue } from './words';
import { resolveDirectory } from './wrappers';

/** At most this many working directories are followed; past that the directory is unknown. */
const MAX_DIRECTORIES = 8;
const DECLARE = new Set(['declare', 'typeset', 'local', 'export', 'readonly']);

/**
 * Builtins that change what later commands mean: `cd` (where relative paths point), `let` and
 * the builtins that take variable names (an array subscript in a name is evaluated, and runs any
 * command substitution in it). Returns false when `name` is none of them.
 */
export function applyBuiltin(walker: Walker, command: FoundCommand, name: string, context: WalkContext): boolean {
  const args = command.argv.slice(1);
  switch (name) {
    case 'cd':
    case 'pushd':
      changeDirectory(walker, args.filter((word) => !/^-[LPe@]+$/.test(word.text ?? '')));
      return true;
    case 'popd':
      return true;
    case 'let':
      for (const arg of args) {
        if (arg.text === null) walker.hide(command.index, 'let evaluates arithmetic known only at run time, where an array subscript runs commands');
        else walker.arithmeticText(arg.text, context);
      }
      return true;
    case 'printf':
      names(walker, command, valuesOf(args, ['-v']), context);
      return false;
    case 'read':
      names(walker, command, [...operands(args, 'dinNptu'), ...valuesOf(args, ['-a'])], context);
      return true;
    case 'test':
    case '[':
      names(walker, command, valuesOf(args, ['-v']), context);
      return true;
    case 'unset':
      names(walker, command, operands(args, ''), context);
      return true;
    case 'mapfile':
    case 'readarray':
      names(walker, command, operands(args, 'dnOsuCc'), context);
      return false;
    case 'getopts':
      names(walker, command, args.slice(1, 2), context);
      return true;
    case 'wait':
      names(walker, command, valuesOf(args, ['-p']), context);
      return true;
    case 'hash': {
      // `hash -p /bin/rm r` makes `r` run /bin/rm.
      const path = valuesOf(args, ['-p'])[0];
      if (path) walker.inner(command, [path, { text: null }], 'hash -p', context);
      return true;
    }
    case 'enable':
      if (args.some((word) => word.text === null || /^-[a-zA-Z]*f/.test(word.text))) walker.hide(command.index, 'enable -f loads a builtin from a library the analysis does not read');
      return true;
    default:
      break;
  }
  if (!DECLARE.has(name)) return false;
  const flags = args.filter((word) => /^[-+][a-zA-Z]+$/.test(word.text ?? '')).map((word) => word.text!).join('');
  const declared = args.filter((word) => !/^[-+][a-zA-Z]+$/.test(word.text ?? ''));
  names(walker, command, declared.map((word) => (word.text === null ? word : { text: word.text.replace(/=.*$/s, '') })), context);
  if (/-[a-zA-Z]*n/.test(flags)) {
    // A nameref names a variable; a subscript in the name it holds is evaluated on every use.
    for (const word of declared) {
      const value = word.text === null ? null : word.text.includes('=') ? word.text.slice(word.text.indexOf('=') + 1) : '';
      if (value === null) walker.hide(command.index, `${name} -n makes a reference to a name known only at run time`);
      else if (value.includes('[')) walker.subscriptOf(value, context);
    }
  }
  if (/-[a-zA-Z]*i/.test(flags) && walker.vars.anyTainted()) {
    walker.hide(command.index, `${name} -i evaluates every value assigned to the variable as arithmetic, and a value on this line may carry a command substitution`);
  }
  return true;
}

/** Variable names a builtin is given: a subscript in one is evaluated; an unknown one may hold any. */
function names(walker: Walker, command: FoundCommand, words: WordValue[], context: WalkContext): void {
  for (const word of words) {
    // `x=$(…)`: the value is known only at run time, the name is not.
    const literalName = word.text === null && word.prefix !== undefined && /^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(word.prefix);
    if (word.text === null && !literalName) walker.hide(command.index, `${String(command.argv[0]?.text)} is given a variable name known only at run time; an array subscript in it runs commands`);
    else if (word.text?.includes('[')) walker.subscriptOf(word.text, context);
  }
}

/** The words after these options (`printf -v NAME`). */
function valuesOf(args: WordValue[], options: string[]): WordValue[] {
  const out: WordValue[] = [];
  for (let i = 0; i < args.length - 1; i++) if (options.includes(args[i]!.text ?? '')) out.push(args[i + 1]!);
  return out;
}

/** The operands after options, where the letters in `withValue` take the next word. */
function operands(args: WordValue[], withValue: string): WordValue[] {
  const out: WordValue[] = [];
  for (let i = 0; i < args.length; i++) {
    const text = args[i]!.text;
    if (text !== null && text.startsWith('-') && text.length > 1) {
      if (withValue.includes(text[text.length - 1]!) && text.length === 2) i++;
      continue;
    }
    out.push(args[i]!);
  }
  return out;
}

function changeDirectory(walker: Walker, args: WordValue[]): void {
  const target = args[0];
  if (walker.cwd === null || target?.text === '-') return;
  if (target !== undefined && target.text === null) {
    walker.cwd = null;
    return;
  }
  const path = target?.text ?? '~';
  const next = new Set(walker.cwd);
  for (const base of walker.cwd) next.add(resolveDirectory(base, path, walker.home));
  walker.cwd = next.size > MAX_DIRECTORIES ? null : [...next];
}

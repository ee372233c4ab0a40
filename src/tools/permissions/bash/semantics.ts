import { posix } from '../../../sandbox/posixPath';
import { applyBuiltin } from './builtins';
import { unwrapGit } from './gitCommand';
import { unwrapProgram } from './programs';
import { unwrapShell } from './shells';
import type { FoundCommand } from './types';
import type { Semantics } from './walker';
import { unwrapWrapper } from './wrappers';

/** A command name as rules see it: `/bin/rm` and `./rm` are `rm`. */
export function commandName(text: string): string {
  return text.includes('/') ? posix.basename(text) : text;
}

/** The program a found command runs, or `undefined` for an assignment or an unknown name. */
export function programOf(command: FoundCommand): string | undefined {
  const text = command.argv[0]?.text;
  return text ? commandName(text) : undefined;
}

/**
 * What a simple command means beyond its words: a name known only at run time hides what runs;
 * builtins change directories and evaluate names; and every way one command runs another is
 * unwrapped into the commands it runs.
 */
export const commandSemantics: Semantics = (walker, command, context) => {
  if (command.assignments.some((assignment) => assignment.name === 'CDPATH')) walker.cwd = null;
  const first = command.argv[0];
  if (!first) return;
  if (first.text === null) {
    walker.hide(
      command.index,
      first.glob !== undefined ? `the command name is a glob (${first.glob}) that bash expands at run time` : 'the command name is known only at run time',
    );
    return;
  }
  const name = commandName(first.text);
  if (name === 'git') return unwrapGit(walker, command, context);
  if (applyBuiltin(walker, command, name, context)) return;
  if (unwrapShell(walker, command, name, context)) return;
  if (unwrapWrapper(walker, command, name, context)) return;
  unwrapProgram(walker, command, name, context);
};

import { inspectBashCommand } from './bash/inspect';

export { inspectBashCommand } from './bash/inspect';
export type { BashInspection, FoundCommand, HiddenPart, FileAccess, EnvFinding } from './bash/types';

/** One simple command found in a command line. */
export interface SimpleCommand {
  /** The words, where each is plain text; `null` for a word whose value is only known at run time. */
  argv: (string | null)[];
  /** Output redirections (`>`, `>>`, `&>`…) with their target, `null` when dynamic. */
  writes: (string | null)[];
}

/** What a command line is made of, from its AST (never from regular expressions). */
export type BashAnalysis =
  | {
      ok: true;
      /** Every simple command: the line's own, those in substitutions, and those they run (`xargs rm` → `rm`). */
      commands: SimpleCommand[];
      /** More than one simple command (`&&`, `||`, `;`, `|`, subshells, `$(…)`, backticks, `&`). */
      compound: boolean;
      /** Parts the analysis cannot see through, control flow (loops, conditionals, functions) or a redirected compound command. */
      opaque: boolean;
    }
  | { ok: false; reason: string };

const OUTPUT_OPERATORS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);

/**
 * Splits a command line into its simple commands across every operator and substitution, and the
 * commands they run. The short form of `inspectBashCommand`, which the rules use.
 */
export function analyzeBashCommand(command: string): BashAnalysis {
  const inspected = inspectBashCommand(command);
  if (!inspected.ok) return { ok: false, reason: inspected.reason };
  const { inspection } = inspected;
  const commands = inspection.commands.map((found) => ({
    argv: found.argv.map((word) => word.text),
    writes: found.redirects.filter((redirect) => OUTPUT_OPERATORS.has(redirect.operator)).map((redirect) => redirect.target?.text ?? null),
  }));
  const assignmentOnly = inspection.commands.some((found) => found.argv.length === 0 && found.assignments.length > 0);
  const compoundWrites = inspection.files.some((file) => file.command === undefined && file.access === 'write');
  return {
    ok: true,
    commands,
    compound: inspection.compound,
    opaque: inspection.hidden.length > 0 || inspection.control || assignmentOnly || compoundWrites,
  };
}

/** Commands that only read, whatever their arguments (writes through redirections are checked apart). */
const READ_ONLY = new Set([
  'cat', 'head', 'tail', 'less', 'wc', 'ls', 'pwd', 'echo', 'printf', 'grep', 'egrep', 'fgrep', 'rg', 'stat', 'file', 'tree', 'du', 'df',
  'which', 'type', 'basename', 'dirname', 'realpath', 'readlink', 'uniq', 'cut', 'tr', 'diff', 'cmp', 'comm', 'nl', 'od', 'true', 'false',
  'test', '[', 'date', 'whoami', 'hostname', 'uname', 'env', 'printenv', 'jq', 'md5sum', 'sha1sum', 'sha256sum', 'column', 'seq',
]);
const READ_ONLY_GIT = new Set(['status', 'log', 'diff', 'show', 'blame', 'ls-files', 'rev-parse', 'describe', 'shortlog']);

/** Why one simple command is not read-only, or `undefined` when it is. */
function notReadOnly(command: SimpleCommand): string | undefined {
  const [name, ...args] = command.argv;
  if (name === undefined) return 'an assignment';
  // A glob too: a file name it expands to could be an option. (Claude Code's own read-only check
  // counts a command with an unquoted ?, * or [ as not read-only.)
  if (name === null || args.some((arg) => arg === null)) return 'a word whose value is known only at run time';
  // Output thrown away is no file written (Claude Code strips `2>/dev/null` and `2>&1` before its check too).
  if (command.writes.some((target) => target !== '/dev/null')) return `${name} writes its output to a file`;
  if (name === 'tree' && args.some((a) => a === '-o')) return 'tree -o writes a file';
  if (name === 'git') return READ_ONLY_GIT.has(args[0] ?? '') ? undefined : `git ${args[0] ?? ''} may change the repository`;
  if (name === 'find') return args.some((a) => ['-exec', '-execdir', '-delete', '-ok', '-fprint', '-fls'].includes(a!)) ? 'find with an action that runs or deletes' : undefined;
  if (name === 'sort') return args.some((a) => a === '-o' || a!.startsWith('--output')) ? 'sort -o writes a file' : undefined;
  if (name === 'sed') return args.some((a) => a === '-i' || a!.startsWith('-i') || a!.startsWith('--in-place')) ? 'sed -i edits files' : undefined;
  return READ_ONLY.has(name) ? undefined : `${name} is not a known read-only command`;
}

/**
 * Whether a command line only reads: every simple command in it is a known read-only command with
 * plain arguments and no output redirection, and nothing is hidden from the analysis. Decides
 * `bashConcurrency: 'read-only'` (a read-only Bash call is concurrency-safe).
 */
export function isReadOnlyBashCommand(command: string): ReadOnlyVerdict {
  // The scheduler asks for every call of every run (a session's summary replays it under each
  // preset): the verdict of a command is kept, as it cannot change.
  const known = verdicts.get(command);
  if (known) return known;
  const verdict = readOnlyVerdict(command);
  if (verdicts.size >= MAX_VERDICTS) verdicts.delete(verdicts.keys().next().value!);
  verdicts.set(command, verdict);
  return verdict;
}

type ReadOnlyVerdict = { readOnly: true } | { readOnly: false; reason: string };

/** Verdicts kept, oldest let go first: a long session's distinct commands, bounded. */
const MAX_VERDICTS = 2000;
const verdicts = new Map<string, ReadOnlyVerdict>();

function readOnlyVerdict(command: string): ReadOnlyVerdict {
  const analysis = analyzeBashCommand(command);
  if (!analysis.ok) return { readOnly: false, reason: analysis.reason };
  if (analysis.opaque) return { readOnly: false, reason: 'it holds a construct the analysis does not see through (a loop, a condition, a function)' };
  if (analysis.commands.length === 0) return { readOnly: false, reason: 'it runs nothing' };
  for (const simple of analysis.commands) {
    const why = notReadOnly(simple);
    if (why) return { readOnly: false, reason: why };
  }
  return { readOnly: true };
}

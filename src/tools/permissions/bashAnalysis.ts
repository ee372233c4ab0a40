import { parseShell, type CommandNode, type StatementNode, type WordNode } from '../../sandbox/shellParser';

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
      commands: SimpleCommand[];
      /** More than one simple command (`&&`, `||`, `;`, `|`, subshells, `$(…)`, backticks, `&`). */
      compound: boolean;
      /** Parts the analysis cannot see through: loops, conditionals, functions, process substitution. */
      opaque: boolean;
    }
  | { ok: false; reason: string };

const OUTPUT_OPERATORS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);

/** Splits a command line into its simple commands across every operator and substitution. */
export function analyzeBashCommand(command: string): BashAnalysis {
  const parsed = parseShell(command);
  if (!parsed.ok) return { ok: false, reason: `the command could not be parsed: ${parsed.error}` };
  const commands: SimpleCommand[] = [];
  let opaque = false;
  let separators = 0;
  let incomplete = false;

  const word = (node: WordNode): string | null => {
    let text = '';
    for (const part of node.parts) {
      const value = literalPart(part);
      if (value === null) return null;
      text += value;
    }
    return text;
  };
  // Collects command substitutions hidden inside words (`$(rm x)`, backticks), at any depth.
  const substitutions = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) substitutions(item);
      return;
    }
    const record = node as Record<string, unknown>;
    if (record.type === 'CommandSubstitution') {
      separators++;
      statements((record.body as { statements: StatementNode[] }).statements);
      return;
    }
    if (record.type === 'ProcessSubstitution') opaque = true;
    for (const value of Object.values(record)) if (typeof value === 'object') substitutions(value);
  };
  const literalPart = (part: WordNode['parts'][number]): string | null => {
    switch (part.type) {
      case 'Literal':
      case 'SingleQuoted':
      case 'Escaped':
        return part.value;
      case 'DoubleQuoted': {
        let text = '';
        for (const inner of part.parts) {
          const value = literalPart(inner);
          if (value === null) return null;
          text += value;
        }
        return text;
      }
      default:
        return null;
    }
  };
  const visitCommand = (node: CommandNode): void => {
    if (node.type === 'SimpleCommand') {
      const argv = [...(node.name ? [node.name] : []), ...node.args].map(word);
      const writes = node.redirections.filter((r) => OUTPUT_OPERATORS.has(r.operator)).map((r) => (r.target.type === 'Word' ? word(r.target) : null));
      if (node.assignments.length > 0 && argv.length === 0) opaque = true;
      commands.push({ argv, writes });
      substitutions([node.name, node.args, node.redirections, node.assignments]);
      return;
    }
    if (node.type === 'Subshell' || node.type === 'Group') {
      separators++;
      statements(node.body);
      if (node.redirections.some((r) => OUTPUT_OPERATORS.has(r.operator))) opaque = true;
      return;
    }
    opaque = true;
    substitutions(node);
  };
  const statements = (list: readonly StatementNode[]): void => {
    separators += Math.max(0, list.length - 1);
    for (const statement of list) {
      if (statement.deferredError) opaque = true;
      if (statement.background) separators++;
      separators += statement.operators.length;
      for (const pipeline of statement.pipelines) {
        // `ls &&` parses with an empty pipeline after the operator: a command left unfinished.
        const empty = pipeline.commands.every(
          (node) => node.type === 'SimpleCommand' && !node.name && node.args.length === 0 && node.assignments.length === 0 && node.redirections.length === 0,
        );
        if (empty) incomplete = true;
        separators += Math.max(0, pipeline.commands.length - 1);
        for (const node of pipeline.commands) visitCommand(node);
      }
    }
  };
  statements(parsed.script.statements);
  if (incomplete) return { ok: false, reason: 'the command is incomplete (an operator with nothing after it)' };
  return { ok: true, commands, compound: separators > 0 || commands.length > 1, opaque };
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
  if (name === null || args.some((arg) => arg === null)) return 'a word whose value is known only at run time';
  if (command.writes.length > 0) return `${name} writes its output to a file`;
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
export function isReadOnlyBashCommand(command: string): { readOnly: true } | { readOnly: false; reason: string } {
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

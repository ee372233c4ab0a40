/**
 * Codex CLI's tools as the playground's, where they mean the same (their arguments as the Codex
 * source declares them: https://github.com/openai/codex/blob/main/codex-rs/protocol/src/models.rs
 * for `shell` and `shell_command`, codex-rs/core/src/tools/handlers/ for `exec_command`,
 * `apply_patch`, `view_image`, and codex-rs/protocol/src/plan_tool.rs for `update_plan`):
 *
 * - `shell` / `container.exec` / a `local_shell_call` (`command` an argv, `["bash", "-lc", "…"]`),
 *   `shell_command` (`command` a string) and `exec_command` (`cmd`) → Bash, with `workdir` as a
 *   `cd` first when it is not the session's folder; an argv that runs `apply_patch` is the patch;
 * - `apply_patch` → Write, Edit or MultiEdit (see codexPatch.ts), or itself when it does more;
 * - `update_plan` → TodoWrite; `view_image` → Read; a web search → WebSearch;
 * - an MCP tool (`server__tool`, or `mcp__server__tool` in later versions) → `mcp__server__tool`.
 *
 * Any other tool keeps its name: the replay then says the playground has no such tool.
 */
import { patchAsTool } from './codexPatch';
import { isRecord, stringOf } from './rolloutLines';

/** A call as the playground takes it; `note` says what the mapping could not keep. */
export interface MappedCall {
  readonly name: string;
  readonly input: unknown;
  readonly note?: string;
}

const SHELL = /(^|\/)(ba|z|da|k)?sh$/;
const SHELL_TOOLS = new Set(['shell', 'container.exec', 'local_shell']);
/** Bash takes at most ten minutes (src/tools/bash/BashTool.ts). */
const MAX_TIMEOUT_MS = 600_000;

/** A word as a POSIX shell reads it back: bare when it is safe, else single-quoted. */
function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** An argv as one command line: the script of `bash -lc SCRIPT`, else the words quoted. */
export function commandLine(argv: readonly string[]): string {
  if (argv.length === 3 && SHELL.test(argv[0]!) && /^-(l?c|cl)$/.test(argv[1]!)) return argv[2]!;
  return argv.map(quote).join(' ');
}

/** The patch a command applies (`apply_patch PATCH`, or `apply_patch <<'EOF'` … `EOF` in a script), if it is one. */
function patchOfCommand(argv: readonly string[]): string | undefined {
  if (argv.length === 2 && /^(apply_patch|applypatch)$/.test(argv[0]!)) return argv[1];
  const script = commandLine(argv);
  const heredoc = /^\s*(?:apply_patch|applypatch)\s*<<\s*['"]?(\w+)['"]?\s*\n([\s\S]*?)\n\1\s*$/.exec(script);
  return heredoc?.[2];
}

/** Bash's input for a command run in `workdir` (when given and not the session's folder `cwd`). */
function bash(command: string, args: Readonly<Record<string, unknown>>, cwd: string): Record<string, unknown> {
  const workdir = stringOf(args, 'workdir') || stringOf(args, 'working_directory');
  const inFolder = workdir !== '' && workdir.replace(/\/$/, '') !== cwd.replace(/\/$/, '') ? `cd ${quote(workdir)} && ${command}` : command;
  const timeout = args.timeout_ms ?? args.timeout;
  return { command: inFolder, ...(typeof timeout === 'number' && Number.isInteger(timeout) && timeout > 0 && timeout <= MAX_TIMEOUT_MS ? { timeout } : {}) };
}

/** The patch as the playground's file tool, or `apply_patch` itself with why. */
function patchCall(patch: string, baseDir: string): MappedCall {
  const tool = patchAsTool(patch, baseDir);
  if ('name' in tool) return tool;
  return { name: 'apply_patch', input: { input: patch }, note: `apply_patch ${tool.why}: kept as apply_patch, a tool the playground does not have` };
}

/**
 * The playground call of one Codex call: its tool `name` and its arguments (`args`: the parsed JSON
 * of a function call; a string is arguments that are not JSON, kept as their text, or an
 * `apply_patch` custom call's patch), the session's folder being `cwd`.
 */
export function playgroundCall(name: string, args: unknown, cwd: string): MappedCall {
  if (typeof args === 'string') return name === 'apply_patch' ? patchCall(args, '') : { name: ownName(name), input: args };
  const fields = isRecord(args) ? args : {};
  if (SHELL_TOOLS.has(name) && Array.isArray(fields.command) && fields.command.every((word): word is string => typeof word === 'string')) {
    const patch = patchOfCommand(fields.command);
    if (patch !== undefined) return patchCall(patch, stringOf(fields, 'workdir') || stringOf(fields, 'working_directory'));
    return { name: 'Bash', input: bash(commandLine(fields.command), fields, cwd) };
  }
  if (name === 'shell_command' && typeof fields.command === 'string') return { name: 'Bash', input: bash(fields.command, fields, cwd) };
  if (name === 'exec_command' && typeof fields.cmd === 'string') return { name: 'Bash', input: bash(fields.cmd, fields, cwd) };
  if (name === 'apply_patch' && typeof fields.input === 'string') return patchCall(fields.input, '');
  if (name === 'update_plan' && Array.isArray(fields.plan)) {
    const todos = fields.plan.map((item: unknown) => {
      const step = isRecord(item) ? stringOf(item, 'step') : '';
      return { content: step, status: isRecord(item) ? item.status : undefined, activeForm: step };
    });
    return { name: 'TodoWrite', input: { todos } };
  }
  if (name === 'view_image' && typeof fields.path === 'string') return { name: 'Read', input: { file_path: fields.path } };
  if ((name === 'web_search' || name === 'web_search_call') && typeof fields.query === 'string') return { name: 'WebSearch', input: { query: fields.query } };
  return { name: ownName(name), input: args };
}

/** A tool's name in the playground: an MCP tool's as `mcp__server__tool`, any other as it is. */
function ownName(name: string): string {
  return name.includes('__') && !name.startsWith('mcp__') ? `mcp__${name}` : name;
}

/**
 * Gemini CLI's tools as the playground's, where they mean the same (names and parameters as
 * gemini-cli declares them, packages/core/src/tools/tool-names.ts and definitions/coreTools.ts;
 * older versions' parameter names too):
 *
 * - `read_file` (`file_path`, older `absolute_path`; `offset` from 0 and `limit`, or `start_line` and
 *   `end_line` from 1) → Read; `write_file` → Write; `replace` → Edit (`expected_replacements` above
 *   one, or `allow_multiple`, as `replace_all`);
 * - `run_shell_command` (`command`, `dir_path` or older `directory`, `is_background`) → Bash;
 * - `glob` → Glob; `search_file_content` and its later name `grep_search` → Grep (`include` or
 *   `include_pattern` as its glob); `list_directory` → Glob of the folder's entries;
 * - `web_fetch` (a `prompt` holding the URLs) → WebFetch of its first URL; `google_web_search` →
 *   WebSearch; `write_todos` → TodoWrite; `delegate_to_agent` → Agent (a sub-agent).
 *
 * Any other tool (`read_many_files`, `save_memory`, an MCP server's, …) keeps its name: the replay
 * then says the playground has no such tool.
 */
import { isRecord, stringOf } from '../codex/rolloutLines';
import type { MappedCall } from '../codex/codexTools';

/** The first string of these fields. */
function firstString(args: Readonly<Record<string, unknown>>, ...keys: string[]): string {
  for (const key of keys) if (typeof args[key] === 'string' && args[key] !== '') return args[key];
  return '';
}

const positive = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** A word as a POSIX shell reads it back. */
function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function read(args: Readonly<Record<string, unknown>>): MappedCall {
  const input: Record<string, unknown> = { file_path: firstString(args, 'file_path', 'absolute_path', 'path') };
  // Gemini's offset counts from 0, Read's line from 1.
  if (typeof args.offset === 'number' && Number.isInteger(args.offset) && args.offset > 0) input.offset = args.offset + 1;
  if (positive(args.limit)) input.limit = args.limit;
  if (positive(args.start_line)) input.offset = args.start_line;
  if (positive(args.end_line)) input.limit = Math.max(1, args.end_line - (positive(args.start_line) ? args.start_line : 1) + 1);
  return { name: 'Read', input };
}

function bash(args: Readonly<Record<string, unknown>>, cwd: string): MappedCall {
  const command = stringOf(args, 'command');
  const folder = firstString(args, 'dir_path', 'directory');
  const inFolder = folder !== '' && folder !== '.' && folder.replace(/\/$/, '') !== cwd.replace(/\/$/, '') ? `cd ${quote(folder)} && ${command}` : command;
  return { name: 'Bash', input: { command: inFolder, ...(typeof args.description === 'string' ? { description: args.description } : {}), ...(args.is_background === true ? { run_in_background: true } : {}) } };
}

function grep(args: Readonly<Record<string, unknown>>): MappedCall {
  const path = firstString(args, 'dir_path', 'path');
  const glob = firstString(args, 'include_pattern', 'include');
  return {
    name: 'Grep',
    input: {
      pattern: stringOf(args, 'pattern'),
      ...(path ? { path } : {}),
      ...(glob ? { glob } : {}),
      output_mode: args.names_only === true ? 'files_with_matches' : 'content',
      ...(args.case_sensitive === true ? {} : { '-i': true }),
    },
  };
}

function todos(args: Readonly<Record<string, unknown>>): MappedCall {
  const list = Array.isArray(args.todos) ? args.todos : [];
  return {
    name: 'TodoWrite',
    input: {
      todos: list.map((item: unknown) => {
        const description = isRecord(item) ? stringOf(item, 'description') : '';
        return { content: description, status: isRecord(item) ? item.status : undefined, activeForm: description };
      }),
    },
  };
}

/** The playground call of one Gemini CLI call: its tool `name` and `args` (an object as logged), the session's folder being `cwd`. */
export function playgroundCall(name: string, args: unknown, cwd: string): MappedCall {
  const fields = isRecord(args) ? args : {};
  switch (name) {
    case 'read_file':
      return read(fields);
    case 'write_file':
      return { name: 'Write', input: { file_path: stringOf(fields, 'file_path'), content: stringOf(fields, 'content') } };
    case 'replace': {
      const many = fields.allow_multiple === true || (positive(fields.expected_replacements) && fields.expected_replacements > 1);
      return { name: 'Edit', input: { file_path: stringOf(fields, 'file_path'), old_string: stringOf(fields, 'old_string'), new_string: stringOf(fields, 'new_string'), ...(many ? { replace_all: true } : {}) } };
    }
    case 'run_shell_command':
      return bash(fields, cwd);
    case 'glob': {
      const path = firstString(fields, 'dir_path', 'path');
      return { name: 'Glob', input: { pattern: stringOf(fields, 'pattern'), ...(path ? { path } : {}) } };
    }
    case 'search_file_content':
    case 'grep_search':
    case 'grep':
      return grep(fields);
    case 'list_directory': {
      const path = firstString(fields, 'dir_path', 'path');
      return { name: 'Glob', input: { pattern: '*', ...(path && path !== '.' ? { path } : {}) }, note: 'list_directory is replayed as a Glob of the folder: Glob lists its files, not its sub-folders' };
    }
    case 'web_fetch': {
      const prompt = stringOf(fields, 'prompt');
      const url = /https?:\/\/[^\s"'<>)\]]+/.exec(prompt)?.[0];
      return url ? { name: 'WebFetch', input: { url, prompt } } : { name, input: args ?? {} };
    }
    case 'google_web_search':
      return { name: 'WebSearch', input: { query: stringOf(fields, 'query') } };
    case 'write_todos':
      return todos(fields);
    case 'delegate_to_agent': {
      const agent = stringOf(fields, 'agent_name');
      const prompt = firstString(fields, 'objective', 'prompt', 'task');
      return { name: 'Agent', input: { description: agent || 'sub-agent', prompt, ...(agent ? { subagent_type: agent } : {}) } };
    }
    default:
      return { name, input: args ?? {} };
  }
}

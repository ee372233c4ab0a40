/**
 * GitHub Copilot CLI's tools as the playground's, where they mean the same (their arguments as its
 * system prompt describes them and as real 1.0.x logs hold them):
 *
 * - `bash` / `powershell` `{command, description, mode, initial_wait, detach}` → Bash, `mode:
 *   "async"` or `detach` as `run_in_background`;
 * - `view` `{path, view_range}` → Read (a range as offset and limit); `create` `{path, file_text}`
 *   → Write; `edit` / `str_replace` `{path, old_str, new_str}` → Edit; the older
 *   `str_replace_editor` by its `command`;
 * - `glob` → Glob; `grep` / `rg` (ripgrep's options, named as Claude Code's Grep names them) → Grep;
 * - `web_fetch` → WebFetch; `task` → Agent; `update_todo` (a Markdown checklist) → TodoWrite;
 * - `apply_patch` (GPT models' patch, Codex's language) → Write, Edit or MultiEdit (codexPatch.ts);
 * - an MCP tool (`mcpServerName` and `mcpToolName` on its start) → `mcp__server__tool`.
 *
 * Copilot's shells (`read_bash`, `write_bash`, `stop_bash`, `list_bash`) number every command, a
 * foreground one too, so their shell ids name nothing a replay starts: they keep their names, as
 * does any other tool, and the replay says the playground has no such tool.
 */
import { patchAsTool } from '../codex/codexPatch';
import { isRecord, stringOf } from '../codex/rolloutLines';

/** A call as the playground takes it; `note` says what the mapping could not keep. */
export interface MappedCall {
  readonly name: string;
  readonly input: unknown;
  readonly note?: string;
}

/** Grep's options that Copilot's grep shares with the playground's, by the same names. */
const GREP_KEYS = ['pattern', 'path', 'glob', 'type', 'output_mode', '-A', '-B', '-C', '-n', '-i', 'head_limit', 'multiline'];

/** The fields of `fields` named in `keys` (those that are there), and the names of the others. */
function pick(fields: Readonly<Record<string, unknown>>, keys: readonly string[]): { kept: Record<string, unknown>; dropped: string[] } {
  const kept: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (keys.includes(key)) kept[key] = value;
    else dropped.push(key);
  }
  return { kept, dropped };
}

/** Read's input for a view of `path`, `[start, end]` lines (`end` -1: to the end). */
function read(path: string, range: unknown): Record<string, unknown> {
  if (!Array.isArray(range) || typeof range[0] !== 'number' || !Number.isInteger(range[0]) || range[0] < 1) return { file_path: path };
  const [start, end] = range as [number, unknown];
  const limit = typeof end === 'number' && Number.isInteger(end) && end >= start ? { limit: end - start + 1 } : {};
  return { file_path: path, offset: start, ...limit };
}

/** A Markdown checklist (`- [x] step`) as TodoWrite's todos; `undefined` when no line is one. */
function todosOf(text: string): { content: string; status: string; activeForm: string }[] | undefined {
  const todos = [...text.matchAll(/^\s*[-*]\s*\[([ xX~-])\]\s*(.+)$/gm)].map((match) => {
    const content = match[2]!.trim();
    const status = /[xX]/.test(match[1]!) ? 'completed' : match[1] === ' ' ? 'pending' : 'in_progress';
    return { content, status, activeForm: content };
  });
  return todos.length > 0 ? todos : undefined;
}

/** Bash's input for a Copilot shell command. */
function bash(fields: Readonly<Record<string, unknown>>): MappedCall {
  const background = fields.mode === 'async' || fields.detach === true;
  const description = stringOf(fields, 'description');
  return { name: 'Bash', input: { command: stringOf(fields, 'command'), ...(description ? { description } : {}), ...(background ? { run_in_background: true } : {}) } };
}

/** The older single file tool, `str_replace_editor {command, path, …}`, by its command. */
function editor(fields: Readonly<Record<string, unknown>>): MappedCall | undefined {
  const path = stringOf(fields, 'path');
  switch (fields.command) {
    case 'view':
      return { name: 'Read', input: read(path, fields.view_range) };
    case 'create':
      return typeof fields.file_text === 'string' ? { name: 'Write', input: { file_path: path, content: fields.file_text } } : undefined;
    case 'str_replace':
      return typeof fields.old_str === 'string' ? { name: 'Edit', input: { file_path: path, old_string: fields.old_str, new_string: stringOf(fields, 'new_str') } } : undefined;
    default:
      return undefined;
  }
}

/**
 * The playground call of one Copilot call: its tool `name`, its arguments (`args`: the parsed JSON
 * of the request; a string is arguments that are not JSON, or a custom tool's text), and the MCP
 * server and tool it names, when it is an MCP server's.
 */
export function playgroundCall(name: string, args: unknown, mcp: { server?: string; tool?: string } = {}): MappedCall {
  if (mcp.server) return { name: `mcp__${mcp.server}__${mcp.tool || name}`, input: args ?? {} };
  if (name === 'apply_patch') {
    const patch = typeof args === 'string' ? args : isRecord(args) ? stringOf(args, 'input') || stringOf(args, 'patch') : '';
    const tool = patchAsTool(patch, '');
    if ('name' in tool) return tool;
    return { name, input: typeof args === 'string' ? { input: args } : args, note: `apply_patch ${tool.why}: kept as apply_patch, a tool the playground does not have` };
  }
  if (!isRecord(args)) return { name, input: args ?? {} };
  const path = stringOf(args, 'path');
  switch (name) {
    case 'bash':
    case 'powershell':
      if (typeof args.command === 'string') return bash(args);
      break;
    case 'view':
      if (path) return { name: 'Read', input: read(path, args.view_range) };
      break;
    case 'create':
      if (path && typeof args.file_text === 'string') return { name: 'Write', input: { file_path: path, content: args.file_text } };
      break;
    case 'edit':
    case 'str_replace':
      if (path && typeof args.old_str === 'string') return { name: 'Edit', input: { file_path: path, old_string: args.old_str, new_string: stringOf(args, 'new_str') } };
      break;
    case 'str_replace_editor':
      return editor(args) ?? { name, input: args };
    case 'glob':
      if (typeof args.pattern === 'string') return { name: 'Glob', input: { pattern: args.pattern, ...(path ? { path } : {}) } };
      break;
    case 'grep':
    case 'rg': {
      if (typeof args.pattern !== 'string') break;
      const { kept, dropped } = pick(args, GREP_KEYS);
      return { name: 'Grep', input: kept, ...(dropped.length > 0 ? { note: `${name}'s ${dropped.join(', ')} left out: the playground's Grep has no such option` } : {}) };
    }
    case 'web_fetch':
      if (typeof args.url === 'string') return { name: 'WebFetch', input: { url: args.url, prompt: 'the page' }, note: 'web_fetch takes no prompt: "the page" stands in for it' };
      break;
    case 'task':
      if (typeof args.prompt === 'string') return task(args);
      break;
    case 'update_todo': {
      const todos = typeof args.todos === 'string' ? todosOf(args.todos) : undefined;
      if (todos) return { name: 'TodoWrite', input: { todos } };
      break;
    }
    default:
  }
  return { name, input: args };
}

/** Agent's input for a `task` call; a background one is said, as the playground runs it in the foreground. */
function task(args: Readonly<Record<string, unknown>>): MappedCall {
  const type = stringOf(args, 'agent_type');
  const input = { description: stringOf(args, 'description') || stringOf(args, 'name') || 'task', prompt: stringOf(args, 'prompt'), ...(type ? { subagent_type: type } : {}) };
  return { name: 'Agent', input, ...(args.mode === 'background' ? { note: 'task ran in the background: the playground runs its Agent in the foreground' } : {}) };
}

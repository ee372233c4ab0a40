/**
 * Cline's tools as the playground's, where they mean the same (names and parameters as Cline's
 * system prompt declares them, src/core/prompts/system.ts, and its handlers under
 * src/core/task/tools/handlers/). A call written in the text gives every parameter as a string; a
 * native tool_use gives its input as JSON: both are read here.
 *
 * - `read_file` (`path`) → Read; `write_to_file` (`path`, `content`) → Write; `replace_in_file`
 *   (`path`, `diff` of SEARCH/REPLACE blocks) → Edit for one block, MultiEdit for several; the
 *   native tools of its GPT-5 and next-gen prompts name the file `absolutePath` instead;
 * - `execute_command` (`command`, `requires_approval`) → Bash;
 * - `search_files` (`path`, `regex`, `file_pattern`) → Grep; `list_files` (`path`, `recursive`) →
 *   Glob of the folder's entries;
 * - `use_mcp_tool` (`server_name`, `tool_name`, `arguments` as JSON text) → `mcp__server__tool`;
 * - `ask_followup_question` (`question`, `options` as a JSON array of strings) → AskUserQuestion;
 * - `web_fetch` (`url`) → WebFetch; `web_search` (`query`) → WebSearch.
 *
 * Any other (`attempt_completion`, `browser_action`, `list_code_definition_names`,
 * `access_mcp_resource`, `new_task`, …) keeps its name: the replay then says the playground has no
 * such tool.
 */
import { isRecord } from '../codex/rolloutLines';
import type { MappedCall } from '../codex/codexTools';
import { replaceBlocks } from './searchReplace';

/** A parameter as text: a string as it is, a number or boolean written out, anything else "". */
function text(args: Readonly<Record<string, unknown>>, key: string): string {
  const value = args[key];
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** The file or folder a call names: `path`, or `absolutePath` in the native tools of the newer prompts. */
function pathOf(args: Readonly<Record<string, unknown>>): string {
  return text(args, 'path') || text(args, 'absolutePath');
}

/** A parameter that is JSON in a text call (and may be JSON already in a native one). */
function json(args: Readonly<Record<string, unknown>>, key: string): unknown {
  const value = args[key];
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

function edit(args: Readonly<Record<string, unknown>>): MappedCall {
  const filePath = pathOf(args);
  const diff = text(args, 'diff');
  const { blocks, problem } = replaceBlocks(diff);
  if (blocks.length === 0) return { name: 'replace_in_file', input: { ...args }, note: `replace_in_file of ${filePath || 'no path'} has no SEARCH/REPLACE block the importer could read: kept as replace_in_file, a tool the playground does not have` };
  const note = problem ? `replace_in_file of ${filePath}: ${problem}; the closed blocks are replayed` : undefined;
  if (blocks.length === 1) return { name: 'Edit', input: { file_path: filePath, old_string: blocks[0]!.oldText, new_string: blocks[0]!.newText }, ...(note ? { note } : {}) };
  return { name: 'MultiEdit', input: { file_path: filePath, edits: blocks.map((block) => ({ old_string: block.oldText, new_string: block.newText })) }, ...(note ? { note } : {}) };
}

function grep(args: Readonly<Record<string, unknown>>): MappedCall {
  const path = pathOf(args);
  const glob = text(args, 'file_pattern');
  return { name: 'Grep', input: { pattern: text(args, 'regex'), ...(path && path !== '.' ? { path } : {}), ...(glob ? { glob } : {}), output_mode: 'content', '-n': true } };
}

function glob(args: Readonly<Record<string, unknown>>): MappedCall {
  const path = pathOf(args);
  const recursive = text(args, 'recursive') === 'true';
  return {
    name: 'Glob',
    input: { pattern: recursive ? '**/*' : '*', ...(path && path !== '.' ? { path } : {}) },
    note: `list_files is replayed as a Glob of the folder${recursive ? ' and those under it' : ''}: Glob lists files, not folders`,
  };
}

function mcp(args: Readonly<Record<string, unknown>>): MappedCall {
  const server = text(args, 'server_name');
  const tool = text(args, 'tool_name');
  const input = json(args, 'arguments');
  if (server === '' || tool === '') return { name: 'use_mcp_tool', input: { ...args }, note: 'use_mcp_tool names no server or tool: kept as use_mcp_tool' };
  const name = `mcp__${server}__${tool}`.replace(/[^A-Za-z0-9_-]/g, '_');
  return isRecord(input) ? { name, input } : { name, input: {}, note: `${name}: its arguments are not a JSON object (${text(args, 'arguments').slice(0, 80) || 'none'}): replayed with none` };
}

function ask(args: Readonly<Record<string, unknown>>): MappedCall {
  const question = text(args, 'question');
  const listed = json(args, 'options');
  const options = Array.isArray(listed) ? listed.filter((option): option is string => typeof option === 'string') : [];
  const input = { questions: [{ question, header: 'Question', options: options.map((label) => ({ label, description: '' })), multiSelect: false }] };
  const fits = options.length >= 2 && options.length <= 4;
  return fits ? { name: 'AskUserQuestion', input } : { name: 'AskUserQuestion', input, note: `ask_followup_question gave ${options.length} options, and AskUserQuestion takes two to four: a rerun refuses its input` };
}

/** The playground call of one Cline call: its tool `name` and its parameters (`args`, an object as logged). */
export function playgroundCall(name: string, args: unknown): MappedCall {
  const fields = isRecord(args) ? args : {};
  switch (name) {
    case 'read_file':
      return { name: 'Read', input: { file_path: pathOf(fields) } };
    case 'write_to_file':
      return { name: 'Write', input: { file_path: pathOf(fields), content: text(fields, 'content') } };
    case 'replace_in_file':
      return edit(fields);
    case 'execute_command':
      return { name: 'Bash', input: { command: text(fields, 'command') } };
    case 'search_files':
      return grep(fields);
    case 'list_files':
      return glob(fields);
    case 'use_mcp_tool':
      return mcp(fields);
    case 'ask_followup_question':
      return ask(fields);
    case 'web_fetch':
      return { name: 'WebFetch', input: { url: text(fields, 'url'), prompt: text(fields, 'prompt') } };
    case 'web_search':
      return { name: 'WebSearch', input: { query: text(fields, 'query') } };
    default:
      return { name, input: isRecord(args) ? args : {} };
  }
}

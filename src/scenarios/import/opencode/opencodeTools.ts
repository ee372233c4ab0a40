/**
 * OpenCode's tools as the playground's, where they mean the same (names and parameters as its
 * source declares them, packages/opencode/src/tool/*.ts):
 *
 * - `read` (`filePath`, `offset` a line from 1 in current versions, `limit`) → Read; `write`
 *   (`filePath`, `content`) → Write; `edit` (`filePath`, `oldString`, `newString`, `replaceAll`) →
 *   Edit; `multiedit` (`filePath`, `edits[]` of edit's fields) → MultiEdit;
 * - `patch` / `apply_patch` (`patchText`, the Codex patch format) → Write or Edit when it changes one
 *   file (codexPatch.ts), else itself;
 * - `bash` (`command`, `timeout` in ms, `workdir`, `description`) → Bash, `workdir` as a `cd` first;
 * - `glob` (`pattern`, `path`) → Glob; `grep` (`pattern`, `path`, `include`) → Grep of the lines;
 *   `list` (`path`) → Glob of the folder's entries;
 * - `webfetch` (`url`, `format`) → WebFetch; `websearch` (`query`) → WebSearch; `todowrite`
 *   (`todos[]` of `content`, `status`, `priority`) → TodoWrite; `skill` (`name`) → Skill;
 * - `task` (`description`, `prompt`, `subagent_type`) → Agent (a sub-agent, whose own session is
 *   another session id).
 *
 * Any other tool (`todoread`, `question`, `lsp`, `batch`, an MCP server's, …) keeps its name: the
 * replay then says the playground has no such tool.
 */
import { isRecord, stringOf } from '../codex/rolloutLines';
import type { MappedCall } from '../codex/codexTools';
import { patchAsTool } from '../codex/codexPatch';

/** Bash takes at most ten minutes (src/tools/bash/BashTool.ts). */
const MAX_TIMEOUT_MS = 600_000;
/** The statuses TodoWrite knows (OpenCode also has `cancelled`). */
const TODO_STATUSES = new Set(['pending', 'in_progress', 'completed']);

const positive = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** A word as a POSIX shell reads it back. */
function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** An edit's fields in the playground's words. */
function editFields(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return { old_string: stringOf(args, 'oldString'), new_string: stringOf(args, 'newString'), ...(args.replaceAll === true ? { replace_all: true } : {}) };
}

function bash(args: Readonly<Record<string, unknown>>, cwd: string): MappedCall {
  const command = stringOf(args, 'command');
  const workdir = stringOf(args, 'workdir');
  const inFolder = workdir !== '' && workdir !== '.' && workdir.replace(/\/$/, '') !== cwd.replace(/\/$/, '') ? `cd ${quote(workdir)} && ${command}` : command;
  const description = stringOf(args, 'description');
  return {
    name: 'Bash',
    input: { command: inFolder, ...(positive(args.timeout) && args.timeout <= MAX_TIMEOUT_MS ? { timeout: args.timeout } : {}), ...(description ? { description } : {}) },
  };
}

function todos(args: Readonly<Record<string, unknown>>): MappedCall {
  const list = Array.isArray(args.todos) ? args.todos : [];
  const cancelled = list.some((item: unknown) => isRecord(item) && item.status === 'cancelled');
  const kept = list.filter((item: unknown) => !(isRecord(item) && item.status === 'cancelled'));
  return {
    name: 'TodoWrite',
    input: {
      todos: kept.map((item: unknown) => {
        const content = isRecord(item) ? stringOf(item, 'content') : '';
        const status = isRecord(item) && TODO_STATUSES.has(item.status as string) ? item.status : 'pending';
        return { content, status, activeForm: content };
      }),
    },
    ...(cancelled ? { note: 'todowrite listed cancelled items, which TodoWrite has no status for: they are left out' } : {}),
  };
}

function patch(name: string, args: Readonly<Record<string, unknown>>): MappedCall {
  const text = stringOf(args, 'patchText');
  const tool = patchAsTool(text, '');
  if ('name' in tool) return tool;
  return { name, input: args, note: `${name} ${tool.why}: kept as ${name}, a tool the playground does not have` };
}

/** The playground call of one OpenCode call: its tool `name` and `input` (an object as exported), the session's folder being `cwd`. */
export function playgroundCall(name: string, input: unknown, cwd: string): MappedCall {
  const args = isRecord(input) ? input : {};
  const path = stringOf(args, 'path');
  switch (name) {
    case 'read': {
      const offset = positive(args.offset) ? { offset: args.offset } : {};
      return { name: 'Read', input: { file_path: stringOf(args, 'filePath'), ...offset, ...(positive(args.limit) ? { limit: args.limit } : {}) } };
    }
    case 'write':
      return { name: 'Write', input: { file_path: stringOf(args, 'filePath'), content: stringOf(args, 'content') } };
    case 'edit':
      return { name: 'Edit', input: { file_path: stringOf(args, 'filePath'), ...editFields(args) } };
    case 'multiedit': {
      const edits = Array.isArray(args.edits) ? args.edits.filter(isRecord) : [];
      return { name: 'MultiEdit', input: { file_path: stringOf(args, 'filePath'), edits: edits.map(editFields) } };
    }
    case 'patch':
    case 'apply_patch':
      return patch(name, args);
    case 'bash':
      return bash(args, cwd);
    case 'glob':
      return { name: 'Glob', input: { pattern: stringOf(args, 'pattern'), ...(path ? { path } : {}) } };
    case 'grep': {
      const include = stringOf(args, 'include');
      return { name: 'Grep', input: { pattern: stringOf(args, 'pattern'), ...(path ? { path } : {}), ...(include ? { glob: include } : {}), output_mode: 'content', '-n': true } };
    }
    case 'list':
      return { name: 'Glob', input: { pattern: '*', ...(path && path !== '.' ? { path } : {}) }, note: 'list is replayed as a Glob of the folder: Glob lists its files, not its sub-folders' };
    case 'webfetch': {
      const format = stringOf(args, 'format') || 'markdown';
      return { name: 'WebFetch', input: { url: stringOf(args, 'url'), prompt: `The page as ${format}` } };
    }
    case 'websearch':
      return { name: 'WebSearch', input: { query: stringOf(args, 'query') } };
    case 'todowrite':
      return todos(args);
    case 'skill':
      return { name: 'Skill', input: { skill: stringOf(args, 'name') } };
    case 'task': {
      const agent = stringOf(args, 'subagent_type');
      return { name: 'Agent', input: { description: stringOf(args, 'description') || agent || 'sub-agent', prompt: stringOf(args, 'prompt'), ...(agent ? { subagent_type: agent } : {}) } };
    }
    default:
      return { name, input: input ?? {} };
  }
}

/** The session a `task` call ran its sub-agent in: its metadata's `sessionId`, else the "ses_…" its output names. */
export function taskSessionOf(metadata: unknown, output: string): string {
  if (isRecord(metadata) && typeof metadata.sessionId === 'string' && metadata.sessionId !== '') return metadata.sessionId;
  return /\b(ses_[A-Za-z0-9]+)/.exec(output)?.[1] ?? '';
}

/**
 * The Pi coding agent's built-in tools (packages/coding-agent/src/core/tools/) mapped onto the
 * playground's where they mean the same: `read` → Read, `bash` → Bash (its timeout in seconds,
 * Bash's in ms), `edit` → Edit or, with several edits, MultiEdit (both its argument shapes:
 * `oldText`/`newText`, and `edits: [{oldText, newText}]`), `write` → Write, `grep` → Grep (its
 * matching lines), `find` → Glob. Any other tool (`ls`, an extension's) keeps its name and input.
 */
import { isRecord } from '../formatClaim';

/** A Pi call as the playground's: the tool's name and its input in that tool's fields. */
export function playgroundCall(name: string, args: unknown): { name: string; input: unknown } {
  if (!isRecord(args)) return { name, input: args ?? {} };
  const path = typeof args.path === 'string' ? args.path : undefined;
  switch (name) {
    case 'read':
      return path === undefined ? { name, input: args } : { name: 'Read', input: { file_path: path, ...numbers(args, { offset: 'offset', limit: 'limit' }) } };
    case 'bash':
      return typeof args.command === 'string'
        ? { name: 'Bash', input: { command: args.command, ...(typeof args.timeout === 'number' && args.timeout > 0 ? { timeout: Math.round(args.timeout * 1000) } : {}) } }
        : { name, input: args };
    case 'write':
      return path !== undefined && typeof args.content === 'string' ? { name: 'Write', input: { file_path: path, content: args.content } } : { name, input: args };
    case 'edit':
      return editCall(path, args) ?? { name, input: args };
    case 'grep':
      return typeof args.pattern === 'string'
        ? {
            name: 'Grep',
            input: {
              pattern: args.pattern,
              ...(path !== undefined ? { path } : {}),
              ...(typeof args.glob === 'string' ? { glob: args.glob } : {}),
              ...(args.ignoreCase === true ? { '-i': true } : {}),
              ...numbers(args, { context: '-C', limit: 'head_limit' }),
              output_mode: 'content',
            },
          }
        : { name, input: args };
    case 'find':
      return typeof args.pattern === 'string' ? { name: 'Glob', input: { pattern: args.pattern, ...(path !== undefined ? { path } : {}) } } : { name, input: args };
    default:
      return { name, input: args };
  }
}

function numbers(args: Record<string, unknown>, names: Record<string, string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [from, to] of Object.entries(names)) if (typeof args[from] === 'number' && Number.isFinite(args[from])) out[to] = args[from];
  return out;
}

/** An edit in either of Pi's shapes, as Edit (one replacement) or MultiEdit (several). */
function editCall(path: string | undefined, args: Record<string, unknown>): { name: string; input: unknown } | undefined {
  if (path === undefined) return undefined;
  const raw = typeof args.edits === 'string' ? safeParse(args.edits) : args.edits;
  const edits = Array.isArray(raw) ? raw : typeof args.oldText === 'string' ? [{ oldText: args.oldText, newText: args.newText }] : undefined;
  if (!edits || edits.length === 0 || !edits.every((edit) => isRecord(edit) && typeof edit.oldText === 'string' && typeof edit.newText === 'string')) return undefined;
  const pairs = (edits as { oldText: string; newText: string }[]).map((edit) => ({ old_string: edit.oldText, new_string: edit.newText }));
  return pairs.length === 1 ? { name: 'Edit', input: { file_path: path, ...pairs[0] } } : { name: 'MultiEdit', input: { file_path: path, edits: pairs } };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

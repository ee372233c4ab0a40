import * as z from 'zod';
import { posix } from '../../sandbox/posixPath';
import { buildTool } from '../buildTool';
import { changeSnippet, type ChangeSnippet } from './changeSnippet';
import { linesLabel, splitLines } from './lineNumbering';
import { assertStillFresh, checkReadBeforeWrite, recordWrite } from './readBeforeWrite';
import { checkTextEdit, replaceText } from './textEdits';
import { existsAt, resolveForCall, resolveTarget } from './toolPaths';

const PROMPT = `Replaces text in a workspace file.

- Read the file first: an edit of a file this session has not read, or that changed since it was read, is refused.
- old_string must match the file's text exactly, including whitespace and indentation (leave out the line numbers Read shows).
- old_string must occur exactly once; include enough surrounding lines to make it unique, or set replace_all to change every occurrence (useful for renames).
- new_string must differ from old_string.
- With an empty old_string and a file_path that does not exist yet, the file is created with new_string as its text.`;

const inputSchema = z.strictObject({
  file_path: z.string().describe('The file to change, relative to the workspace root or absolute inside it'),
  old_string: z.string().describe('The exact text to replace (empty only to create a new file)'),
  new_string: z.string().describe('The text to put in its place; must differ from old_string'),
  replace_all: z.boolean().default(false).describe('Replace every occurrence of old_string, not just one (default false)'),
});

/** Edit's input after parsing (`replace_all` defaulted). */
export type EditInput = z.infer<typeof inputSchema>;

/** What an edit did. */
export interface EditOutput {
  /** Relative to the workspace root. */
  filePath: string;
  created: boolean;
  replacements: number;
  /** Lines in the file after the edit. */
  totalLines: number;
  snippet: ChangeSnippet;
}

/** Edit: exact string replacement in one file, guarded by read-before-write. */
export const EditTool = buildTool<EditInput, EditOutput>({
  name: 'Edit',
  inputSchema,
  prompt: () => PROMPT,
  searchHint: 'edit modify replace change text in a file',
  userFacingName: (input) => (input?.file_path ? `Edit(${input.file_path})` : 'Edit'),
  description: (input) => `Edit ${input.file_path}`,
  kind: 'edit',
  pathField: 'file_path',

  async validateInput(input, context) {
    if (input.old_string === input.new_string) {
      return { ok: false, message: 'old_string and new_string are identical, so the edit would change nothing.' };
    }
    const target = await resolveTarget(context, input.file_path);
    if (!target.ok) return { ok: false, message: target.message };
    if (!target.stat) {
      if (input.old_string === '') return { ok: true };
      return {
        ok: false,
        message: `File does not exist: ${input.file_path}. To create it, use Write, or Edit with an empty old_string.`,
      };
    }
    if (target.stat.type === 'directory') return { ok: false, message: `${input.file_path} is a directory, not a file.` };

    const content = await context.sandbox.fs.readFile(target.path);
    const fresh = checkReadBeforeWrite(context, target.path, { content, stat: target.stat });
    if (!fresh.ok) return fresh;
    return checkTextEdit(content, input, input.file_path);
  },

  async call(input, context) {
    const path = await resolveForCall(context, input.file_path);
    const filePath = context.sandbox.relative(path);
    const exists = await existsAt(context, path);
    if (!exists) {
      if (input.old_string !== '') throw new Error(`${filePath} no longer exists`);
      await context.sandbox.fs.mkdir(posix.dirname(path));
      await context.sandbox.fs.writeFile(path, input.new_string);
      await recordWrite(context, path, input.new_string);
      const snippet = changeSnippet('', input.new_string);
      return { output: { filePath, created: true, replacements: 0, totalLines: splitLines(input.new_string).length, snippet } };
    }

    const before = await assertStillFresh(context, path);
    const { after, replacements } = replaceText(before, input);
    if (replacements === 0 && input.old_string !== '') throw new Error(`old_string is no longer in ${filePath}`);
    await context.sandbox.fs.writeFile(path, after);
    await recordWrite(context, path, after);
    const snippet = changeSnippet(before, after);
    return { output: { filePath, created: false, replacements, totalLines: splitLines(after).length, snippet } };
  },

  mapResult(output) {
    if (output.created) return `Created ${output.filePath} (${linesLabel(output.totalLines)}).`;
    const times = output.replacements === 1 ? '1 replacement' : `${output.replacements} replacements`;
    return `Edited ${output.filePath} (${times}). Lines ${output.snippet.firstLine}-${output.snippet.lastLine} now read:\n${output.snippet.numbered}`;
  },

  render: {
    use: (input) => ({
      title: `Edit ${input.file_path}`,
      summary: input.replace_all ? 'every occurrence' : undefined,
      body: [...prefixed(input.old_string, '-'), ...prefixed(input.new_string, '+')].join('\n'),
      format: 'diff',
    }),
    result: (output) => ({
      title: `${output.created ? 'Created' : 'Edited'} ${output.filePath}`,
      summary: output.created ? undefined : `${output.replacements} replacement${output.replacements === 1 ? '' : 's'}`,
      body: output.snippet.diff,
      format: 'diff',
      tone: 'success',
    }),
  },
});

/** A text's lines, each marked as removed or added (the diff body of a render). */
export function prefixed(text: string, mark: '-' | '+'): string[] {
  return splitLines(text).map((line) => `${mark}${line}`);
}

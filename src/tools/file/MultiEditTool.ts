import * as z from 'zod';
import { posix } from '../../sandbox/posixPath';
import { buildTool } from '../buildTool';
import { changeSnippet, type ChangeSnippet } from './changeSnippet';
import { prefixed } from './EditTool';
import { linesLabel, splitLines } from './lineNumbering';
import { assertStillFresh, checkReadBeforeWrite, recordWrite } from './readBeforeWrite';
import { applyTextEdits } from './textEdits';
import { existsAt, resolveForCall, resolveTarget } from './toolPaths';

const PROMPT = `Makes several replacements in one workspace file at once: all of them, or none.

- The edits apply in order, each to the text the previous one left; each follows Edit's rules (exact text, once unless replace_all, new_string differs).
- If any edit cannot be made, the file is left as it was and the error names the edit.
- Read the file first (as for Edit). With a file_path that does not exist and an empty first old_string, the file is created.`;

const editSchema = z.strictObject({
  old_string: z.string().describe('The exact text to replace'),
  new_string: z.string().describe('The text to put in its place; must differ from old_string'),
  replace_all: z.boolean().optional().describe('Replace every occurrence (default false)'),
});

const inputSchema = z.strictObject({
  file_path: z.string().describe('The file to change, relative to the workspace root or absolute inside it'),
  edits: z.array(editSchema).min(1).describe('The replacements, applied in order'),
});

export type MultiEditInput = z.infer<typeof inputSchema>;

/** What the edits did. */
export interface MultiEditOutput {
  /** Relative to the workspace root. */
  filePath: string;
  created: boolean;
  edits: number;
  replacements: number;
  totalLines: number;
  snippet: ChangeSnippet;
}

/** MultiEdit: several exact replacements in one file, all or none, guarded by read-before-write. */
export const MultiEditTool = buildTool<MultiEditInput, MultiEditOutput>({
  name: 'MultiEdit',
  inputSchema,
  prompt: () => PROMPT,
  searchHint: 'edit several replacements one file atomic',
  userFacingName: (input) => (input?.file_path ? `MultiEdit(${input.file_path})` : 'MultiEdit'),
  description: (input) => `Make ${input.edits.length} edit(s) to ${input.file_path}`,
  kind: 'edit',
  pathField: 'file_path',

  async validateInput(input, context) {
    const target = await resolveTarget(context, input.file_path);
    if (!target.ok) return { ok: false, message: target.message };
    if (target.stat?.type === 'directory') return { ok: false, message: `${input.file_path} is a directory, not a file.` };
    if (!target.stat) {
      if (input.edits[0]!.old_string !== '') {
        return { ok: false, message: `File does not exist: ${input.file_path}. To create it, use Write, or make the first edit's old_string empty.` };
      }
      const applied = applyTextEdits('', input.edits, input.file_path);
      return applied.ok ? { ok: true } : applied;
    }
    const content = await context.sandbox.fs.readFile(target.path);
    const fresh = checkReadBeforeWrite(context, target.path, { content, stat: target.stat });
    if (!fresh.ok) return fresh;
    const applied = applyTextEdits(content, input.edits, input.file_path);
    return applied.ok ? { ok: true } : applied;
  },

  async call(input, context) {
    const path = await resolveForCall(context, input.file_path);
    const filePath = context.sandbox.relative(path);
    const exists = await existsAt(context, path);
    const before = exists ? await assertStillFresh(context, path) : '';
    const applied = applyTextEdits(before, input.edits, filePath);
    // The file changed between the check and now: nothing is written.
    if (!applied.ok) throw new Error(applied.message);
    if (!exists) await context.sandbox.fs.mkdir(posix.dirname(path));
    await context.sandbox.fs.writeFile(path, applied.after);
    await recordWrite(context, path, applied.after);
    const output: MultiEditOutput = {
      filePath,
      created: !exists,
      edits: input.edits.length,
      replacements: applied.replacements,
      totalLines: splitLines(applied.after).length,
      snippet: changeSnippet(before, applied.after),
    };
    return { output };
  },

  mapResult(output) {
    if (output.created) return `Created ${output.filePath} (${linesLabel(output.totalLines)}) with ${output.edits} edit(s).`;
    return `Applied ${output.edits} edit(s) to ${output.filePath} (${output.replacements} replacement(s)). Lines ${output.snippet.firstLine}-${output.snippet.lastLine} now read:\n${output.snippet.numbered}`;
  },

  render: {
    use: (input) => ({
      title: `MultiEdit ${input.file_path}`,
      summary: `${input.edits.length} edit(s)`,
      body: input.edits.flatMap((edit) => [...prefixed(edit.old_string, '-'), ...prefixed(edit.new_string, '+')]).join('\n'),
      format: 'diff',
    }),
    result: (output) => ({
      title: `${output.created ? 'Created' : 'Edited'} ${output.filePath}`,
      summary: `${output.edits} edit(s), ${output.replacements} replacement(s)`,
      body: output.snippet.diff,
      format: 'diff',
      tone: 'success',
    }),
  },
});

import * as z from 'zod';
import { posix } from '../../sandbox/posixPath';
import { buildTool } from '../buildTool';
import { changeSnippet } from './changeSnippet';
import { linesLabel, splitLines } from './lineNumbering';
import { assertStillFresh, checkReadBeforeWrite, recordWrite } from './readBeforeWrite';
import { existsAt, resolveForCall, resolveTarget } from './toolPaths';

const PROMPT = `Writes a whole file in the workspace, creating it (and its folders) or replacing it.

- To replace an existing file, Read it first: overwriting a file this session has not read, or that changed since it was read, is refused.
- Prefer Edit for changing part of an existing file; Write sends the whole text.
- A new file needs no Read.`;

const inputSchema = z.strictObject({
  file_path: z.string().describe('The file to write, relative to the workspace root or absolute inside it'),
  content: z.string().describe('The complete new text of the file'),
});

/** Write's input. */
export type WriteInput = z.infer<typeof inputSchema>;

/** What a write did; `diff` is a unified hunk against the old text when a file was replaced. */
export interface WriteOutput {
  /** Relative to the workspace root. */
  filePath: string;
  created: boolean;
  lines: number;
  diff: string;
}

/** Write: creates or replaces a whole file, guarded by read-before-write for existing files. */
export const WriteTool = buildTool<WriteInput, WriteOutput>({
  name: 'Write',
  inputSchema,
  prompt: () => PROMPT,
  searchHint: 'write create save overwrite a file',
  userFacingName: (input) => (input?.file_path ? `Write(${input.file_path})` : 'Write'),
  description: (input) => `Write ${input.file_path}`,
  kind: 'edit',
  pathField: 'file_path',

  async validateInput(input, context) {
    const target = await resolveTarget(context, input.file_path);
    if (!target.ok) return { ok: false, message: target.message };
    if (!target.stat) return { ok: true };
    if (target.stat.type === 'directory') return { ok: false, message: `${input.file_path} is a directory, not a file.` };
    const content = await context.sandbox.fs.readFile(target.path);
    return checkReadBeforeWrite(context, target.path, { content, stat: target.stat });
  },

  async call(input, context) {
    const path = await resolveForCall(context, input.file_path);
    const exists = await existsAt(context, path);
    const before = exists ? await assertStillFresh(context, path) : '';
    if (!exists) await context.sandbox.fs.mkdir(posix.dirname(path));
    await context.sandbox.fs.writeFile(path, input.content);
    await recordWrite(context, path, input.content);
    return {
      output: {
        filePath: context.sandbox.relative(path),
        created: !exists,
        lines: splitLines(input.content).length,
        diff: exists ? changeSnippet(before, input.content).diff : '',
      },
    };
  },

  mapResult: (output) =>
    output.created
      ? `Created ${output.filePath} (${linesLabel(output.lines)}).`
      : `Replaced the contents of ${output.filePath} (${linesLabel(output.lines)} now).`,

  render: {
    use: (input) => ({ title: `Write ${input.file_path}`, summary: linesLabel(splitLines(input.content).length) }),
    result: (output) => ({
      title: `${output.created ? 'Created' : 'Overwrote'} ${output.filePath}`,
      summary: linesLabel(output.lines),
      body: output.created ? undefined : output.diff,
      format: output.created ? undefined : 'diff',
      tone: 'success',
    }),
  },
});

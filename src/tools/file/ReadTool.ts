import * as z from 'zod';
import { buildTool } from '../buildTool';
import { numberLines, splitLines } from './lineNumbering';
import { resolveForCall, resolveTarget } from './toolPaths';

/** Lines returned when the call gives no `limit`. */
export const DEFAULT_READ_LINES = 2000;
/** Longer lines are cut to this many characters. */
export const MAX_LINE_CHARS = 2000;
/** A file larger than this is read only in parts (offset and limit), as the real agent's Read does. */
export const MAX_WHOLE_FILE_BYTES = 256 * 1024;

const PROMPT = `Reads a text file from the workspace.

- file_path is relative to the workspace root, or absolute inside it.
- Up to ${DEFAULT_READ_LINES} lines are returned from the start of the file; offset (a 1-based line number) and limit pick another range of a long file.
- Lines come numbered like \`cat -n\`: the line number, a tab, then the line. Lines longer than ${MAX_LINE_CHARS} characters are cut.
- A file over ${MAX_WHOLE_FILE_BYTES / 1024} KB must be read in parts: give offset and limit (or search it with Grep).
- Reading the same range of an unchanged file again returns a short note instead of the text.
- A file must be read before Edit or Write may change it.
- To list a folder use Glob or Bash (ls), not Read.`;

const inputSchema = z.strictObject({
  file_path: z.string().describe('The file to read, relative to the workspace root or absolute inside it'),
  offset: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe('The line to start at (1 is the first line); only needed for files too long to read at once'),
  limit: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(`How many lines to read (default ${DEFAULT_READ_LINES})`),
});

/** Read's input, as the model sends it. */
export type ReadInput = z.infer<typeof inputSchema>;

/** What Read hands back: the numbered lines of a range, or the note that nothing changed. */
export type ReadOutput =
  | {
      kind: 'text';
      /** Relative to the workspace root. */
      filePath: string;
      /** The range, numbered `cat -n` style. */
      numbered: string;
      startLine: number;
      numLines: number;
      totalLines: number;
    }
  | { kind: 'unchanged'; filePath: string; startLine: number; limit: number };

/** Read: numbered lines of a workspace file; records what was read for read-before-write. */
export const ReadTool = buildTool<ReadInput, ReadOutput>({
  name: 'Read',
  inputSchema,
  prompt: () => PROMPT,
  kind: 'read',
  pathField: 'file_path',
  isConcurrencySafe: () => true,
  maxResultSizeChars: Infinity,
  searchHint: 'read view open file contents lines',
  userFacingName: (input) => (input?.file_path ? `Read(${input.file_path})` : 'Read'),
  description: (input) => `Read ${input.file_path}`,

  async validateInput(input, context) {
    const target = await resolveTarget(context, input.file_path);
    if (!target.ok) return { ok: false, message: target.message };
    if (!target.stat) return { ok: false, message: `File does not exist: ${input.file_path}` };
    if (target.stat.type === 'directory') {
      return { ok: false, message: `${input.file_path} is a directory, not a file. List it with Glob or Bash (ls) instead.` };
    }
    if (target.stat.size > MAX_WHOLE_FILE_BYTES && input.offset === undefined && input.limit === undefined) {
      const kb = Math.ceil(target.stat.size / 1024).toLocaleString('en-US');
      return {
        ok: false,
        message: `${input.file_path} is ${kb} KB, over the ${MAX_WHOLE_FILE_BYTES / 1024} KB that Read returns at once. Read it in parts with offset and limit, or search it with Grep.`,
      };
    }
    return { ok: true };
  },

  async call(input, context) {
    const path = await resolveForCall(context, input.file_path);
    const filePath = context.sandbox.relative(path);
    const [content, stat] = await Promise.all([context.sandbox.fs.readFile(path), context.sandbox.fs.stat(path)]);
    const mtimeMs = stat?.mtimeMs ?? context.clock.now();
    const startLine = Math.max(1, input.offset ?? 1);
    const limit = input.limit ?? DEFAULT_READ_LINES;

    const previous = context.readFileState.get(path);
    const unchanged =
      previous !== undefined &&
      previous.offset === startLine &&
      previous.limit === limit &&
      previous.mtimeMs === mtimeMs &&
      previous.content === content;
    context.readFileState.set(path, { content, mtimeMs, offset: startLine, limit });
    if (unchanged) return { output: { kind: 'unchanged', filePath, startLine, limit } };

    const lines = splitLines(content);
    const range = lines.slice(startLine - 1, startLine - 1 + limit).map(cutLongLine);
    return {
      output: {
        kind: 'text',
        filePath,
        numbered: numberLines(range, startLine),
        startLine,
        numLines: range.length,
        totalLines: lines.length,
      },
    };
  },

  mapResult(output) {
    if (output.kind === 'unchanged') {
      return `${output.filePath} has not changed since it was last read (same range, same content): the earlier Read result is still current.`;
    }
    if (output.totalLines === 0) return `(${output.filePath} exists but is empty)`;
    if (output.numLines === 0) {
      return `(${output.filePath} has ${output.totalLines} lines; offset ${output.startLine} is past the end)`;
    }
    const last = output.startLine + output.numLines - 1;
    const rest = output.totalLines - last;
    const note =
      rest > 0
        ? `\n\n(Lines ${output.startLine}-${last} of ${output.totalLines}; ${rest} more. Call Read with offset ${last + 1} to go on.)`
        : '';
    return output.numbered + note;
  },

  render: {
    use: (input) => ({
      title: `Read ${input.file_path}`,
      summary: input.offset !== undefined || input.limit !== undefined ? rangeLabel(input) : undefined,
    }),
    result: (output) =>
      output.kind === 'unchanged'
        ? { title: `Read ${output.filePath}`, summary: 'unchanged since last read', tone: 'muted' }
        : {
            title: `Read ${output.filePath}`,
            summary: `${output.numLines} of ${output.totalLines} ${output.totalLines === 1 ? 'line' : 'lines'}`,
            body: output.numbered,
            format: 'code',
            tone: 'success',
          },
  },
});

function cutLongLine(line: string): string {
  return line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}… [${line.length - MAX_LINE_CHARS} more characters cut]` : line;
}

function rangeLabel(input: ReadInput): string {
  const from = Math.max(1, input.offset ?? 1);
  return `lines ${from}-${from + (input.limit ?? DEFAULT_READ_LINES) - 1}`;
}

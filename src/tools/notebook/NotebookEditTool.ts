import * as z from 'zod';
import { buildTool } from '../buildTool';
import { assertStillFresh, checkReadBeforeWrite, recordWrite } from '../file/readBeforeWrite';
import { resolveForCall, resolveTarget } from '../file/toolPaths';
import { editNotebookText, type CellEdit } from './notebookDocument';

const PROMPT = `Changes one cell of a Jupyter notebook (.ipynb, nbformat 4): replaces its source, inserts a new cell, or deletes one.

- Read the notebook with the Read tool first: it shows the notebook's JSON, where each cell's "id" is the cell_id to pass. An edit of a notebook this session has not read, or that changed since it was read, is refused.
- Cells without an id are named by position: cell-0 is the first cell.
- edit_mode "replace" (the default) sets the source of cell_id; cell_type, when given, also changes its kind. A replaced code cell loses its outputs and execution count, since they belonged to the old source.
- edit_mode "insert" adds a cell after cell_id, or at the start when cell_id is left out; cell_type is required.
- edit_mode "delete" removes cell_id; new_source is ignored (pass an empty string).
- new_source is the cell's whole text, not a diff.
- The rest of the notebook (metadata, other cells and their outputs, indentation) is left as it was.`;

const inputSchema = z.strictObject({
  notebook_path: z.string().describe('The .ipynb file to change, relative to the workspace root or absolute inside it'),
  cell_id: z.string().optional().describe('The id of the cell to replace or delete, or to insert after (cell-N by position when cells have no ids)'),
  new_source: z.string().describe("The cell's new source (ignored by delete)"),
  cell_type: z.enum(['code', 'markdown']).optional().describe('The kind of cell; required to insert'),
  edit_mode: z.enum(['replace', 'insert', 'delete']).default('replace').describe('What to do (default replace)'),
});

/** NotebookEdit's input after parsing (`edit_mode` defaulted). */
export type NotebookEditInput = z.infer<typeof inputSchema>;

/** What an edit did to the notebook. */
export interface NotebookEditOutput {
  /** Relative to the workspace root. */
  notebookPath: string;
  editMode: NotebookEditInput['edit_mode'];
  cellId: string;
  cellType: string;
  /** The cell a new one was inserted after; absent when it went first. */
  afterCellId?: string;
  totalCells: number;
  clearedOutputs: boolean;
}

/** NotebookEdit: replaces, inserts or deletes one cell of a notebook, guarded by read-before-write. */
export const NotebookEditTool = buildTool<NotebookEditInput, NotebookEditOutput>({
  name: 'NotebookEdit',
  inputSchema,
  prompt: () => PROMPT,
  shouldDefer: true,
  searchHint: 'jupyter notebook ipynb cell edit insert delete',
  userFacingName: (input) => (input?.notebook_path ? `NotebookEdit(${input.notebook_path})` : 'NotebookEdit'),
  description: (input) => `Edit ${input.notebook_path}: ${modeVerb(input)}`,
  kind: 'edit',
  pathField: 'notebook_path',

  async validateInput(input, context) {
    if (!input.notebook_path.endsWith('.ipynb')) {
      return { ok: false, message: `${input.notebook_path} is not a Jupyter notebook (.ipynb). Use Edit for other files.` };
    }
    const edit = toCellEdit(input);
    if (!edit.ok) return edit;
    const target = await resolveTarget(context, input.notebook_path);
    if (!target.ok) return { ok: false, message: target.message };
    if (!target.stat) return { ok: false, message: `Notebook does not exist: ${input.notebook_path}. NotebookEdit changes existing notebooks; create one with Write.` };
    if (target.stat.type === 'directory') return { ok: false, message: `${input.notebook_path} is a directory, not a notebook.` };
    const content = await context.sandbox.fs.readFile(target.path);
    const fresh = checkReadBeforeWrite(context, target.path, { content, stat: target.stat });
    if (!fresh.ok) return fresh;
    const edited = editNotebookText(content, edit.edit);
    return edited.ok ? { ok: true } : { ok: false, message: `Cannot edit ${input.notebook_path}: ${edited.message}.` };
  },

  async call(input, context) {
    const edit = toCellEdit(input);
    if (!edit.ok) throw new Error(edit.message);
    const path = await resolveForCall(context, input.notebook_path);
    const notebookPath = context.sandbox.relative(path);
    const before = await assertStillFresh(context, path);
    const edited = editNotebookText(before, edit.edit);
    if (!edited.ok) throw new Error(`Cannot edit ${notebookPath}: ${edited.message}.`);
    await context.sandbox.fs.writeFile(path, edited.text);
    await recordWrite(context, path, edited.text);
    const { cellId, cellType, totalCells, clearedOutputs } = edited.change;
    const afterCellId = edit.edit.mode === 'insert' ? edit.edit.afterCellId : undefined;
    return {
      output: { notebookPath, editMode: input.edit_mode, cellId, cellType, ...(afterCellId === undefined ? {} : { afterCellId }), totalCells, clearedOutputs },
    };
  },

  mapResult(output) {
    switch (output.editMode) {
      case 'replace':
        return (
          `Replaced the source of cell ${output.cellId} (${output.cellType}) in ${output.notebookPath}.` +
          (output.clearedOutputs ? ' Its outputs and execution count were cleared; run the cell again for new ones.' : '')
        );
      case 'insert': {
        const where = output.afterCellId === undefined ? 'at the start' : `after cell ${output.afterCellId}`;
        return `Inserted a ${output.cellType} cell with id ${output.cellId} ${where} of ${output.notebookPath} (${cellsLabel(output.totalCells)} now).`;
      }
      case 'delete':
        return `Deleted cell ${output.cellId} (${output.cellType}) from ${output.notebookPath} (${cellsLabel(output.totalCells)} left).`;
      default: {
        const exhaustive: never = output.editMode;
        return exhaustive;
      }
    }
  },

  render: {
    use: (input) => ({
      title: `NotebookEdit ${input.notebook_path}`,
      summary: modeVerb(input),
      ...(input.edit_mode === 'delete' ? {} : { body: input.new_source, format: 'code' as const }),
    }),
    result: (output) => ({
      title: `${{ replace: 'Replaced', insert: 'Inserted', delete: 'Deleted' }[output.editMode]} cell ${output.cellId} in ${output.notebookPath}`,
      summary: output.clearedOutputs ? `${output.cellType}; outputs cleared` : `${output.cellType}; ${cellsLabel(output.totalCells)}`,
      tone: 'success',
    }),
  },
});

/** The input as a {@link CellEdit}, or why its fields do not fit its mode. */
function toCellEdit(input: NotebookEditInput): { ok: true; edit: CellEdit } | { ok: false; message: string } {
  const { cell_id: cellId, cell_type: cellType, new_source: source } = input;
  switch (input.edit_mode) {
    case 'insert':
      if (cellType === undefined) return { ok: false, message: 'Inserting a cell needs cell_type ("code" or "markdown").' };
      return { ok: true, edit: { mode: 'insert', source, cellType, ...(cellId === undefined ? {} : { afterCellId: cellId }) } };
    case 'replace':
      if (cellId === undefined) return { ok: false, message: 'Replacing a cell needs the cell_id of the cell to replace. To add a cell, use edit_mode "insert".' };
      return { ok: true, edit: { mode: 'replace', cellId, source, ...(cellType === undefined ? {} : { cellType }) } };
    case 'delete':
      if (cellId === undefined) return { ok: false, message: 'Deleting a cell needs the cell_id of the cell to delete.' };
      return { ok: true, edit: { mode: 'delete', cellId } };
    default: {
      const exhaustive: never = input.edit_mode;
      return exhaustive;
    }
  }
}

function modeVerb(input: NotebookEditInput): string {
  switch (input.edit_mode) {
    case 'replace':
      return `replace cell ${input.cell_id ?? '?'}`;
    case 'insert':
      return `insert a ${input.cell_type === undefined ? '' : `${input.cell_type} `}cell ${input.cell_id === undefined ? 'at the start' : `after ${input.cell_id}`}`;
    case 'delete':
      return `delete cell ${input.cell_id ?? '?'}`;
    default: {
      const exhaustive: never = input.edit_mode;
      return exhaustive;
    }
  }
}

function cellsLabel(count: number): string {
  return `${count} ${count === 1 ? 'cell' : 'cells'}`;
}

import * as z from 'zod';

/** The cell kinds NotebookEdit writes (nbformat also knows `raw`, which it keeps as it is). */
export type CellType = 'code' | 'markdown';

/** One cell change, with the fields its mode needs and no others. */
export type CellEdit =
  | { mode: 'replace'; cellId: string; source: string; cellType?: CellType }
  | { mode: 'insert'; afterCellId?: string; source: string; cellType: CellType }
  | { mode: 'delete'; cellId: string };

/** What an edit did, for the result. */
export interface CellChange {
  /** The edited, new or deleted cell's id (or its `cell-N` name when it has none). */
  cellId: string;
  cellType: string;
  /** Where the cell is now, or was before it was deleted (0-based). */
  index: number;
  totalCells: number;
  /** A code cell's outputs or execution count were dropped. */
  clearedOutputs: boolean;
}

// Loose objects: every field NotebookEdit does not touch (metadata, attachments, unknown keys)
// must survive the round trip unchanged.
const cellSchema = z.looseObject({
  cell_type: z.string(),
  id: z.string().optional(),
  source: z.union([z.string(), z.array(z.string())]),
});
const notebookSchema = z.looseObject({
  nbformat: z.number(),
  nbformat_minor: z.number().optional(),
  cells: z.array(cellSchema),
});

type Cell = z.infer<typeof cellSchema>;
type Notebook = z.infer<typeof notebookSchema>;

/** How the file was laid out, so a rewrite changes only the edited cell's lines. */
interface Layout {
  indent: string;
  trailingNewline: boolean;
}

const MAX_LISTED_IDS = 20;

/**
 * Applies one cell edit to a notebook's text and returns the new text, or a message naming what
 * is wrong (not JSON, not nbformat 4, no such cell). Pure: the tool reads and writes the file.
 */
export function editNotebookText(text: string, edit: CellEdit): { ok: true; text: string; change: CellChange } | { ok: false; message: string } {
  const parsed = parseNotebook(text);
  if (!parsed.ok) return parsed;
  const applied = applyEdit(parsed.notebook, edit);
  if (!applied.ok) return applied;
  return { ok: true, text: serialize(parsed.notebook, layoutOf(text)), change: applied.change };
}

function parseNotebook(text: string): { ok: true; notebook: Notebook } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error: unknown) {
    return { ok: false, message: `the file is not valid JSON: ${describeJsonError(text, error)}` };
  }
  const notebook = notebookSchema.safeParse(json);
  if (!notebook.success) {
    const issue = notebook.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'the top level';
    return { ok: false, message: `the file is not an nbformat 4 notebook: ${where}: ${issue?.message ?? 'unexpected shape'}` };
  }
  if (notebook.data.nbformat !== 4) {
    return { ok: false, message: `the notebook is nbformat ${notebook.data.nbformat}; only nbformat 4 is supported (convert it with jupyter nbconvert --to notebook)` };
  }
  // The parsed copy lists the schema's keys first; the original keeps the file's key order.
  return { ok: true, notebook: json as Notebook };
}

/** The engine's message with the position turned into a line and column a person can find. */
function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message);
  if (!position) return message;
  const at = Number(position[1]);
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = at - before.lastIndexOf('\n');
  return `${message.replace(/\s*in JSON at position \d+.*$/s, '')} at line ${line}, column ${column}`;
}

function applyEdit(notebook: Notebook, edit: CellEdit): { ok: true; change: CellChange } | { ok: false; message: string } {
  const cells = notebook.cells;
  switch (edit.mode) {
    case 'replace': {
      const index = findCell(cells, edit.cellId);
      if (index === undefined) return { ok: false, message: cellNotFound(cells, edit.cellId) };
      const old = cells[index]!;
      const cellType = edit.cellType ?? old.cell_type;
      const cleared = old.cell_type === 'code' && (hasOutputs(old) || old.execution_count != null);
      const cell: Cell = { ...old, cell_type: cellType, source: toSource(edit.source, old.source) };
      if (cellType === 'code') {
        // The old outputs described the old source; keeping them would show results it never produced.
        cell.outputs = [];
        cell.execution_count = null;
      } else {
        delete cell.outputs;
        delete cell.execution_count;
      }
      cells[index] = cell;
      return { ok: true, change: { cellId: nameOf(cell, index), cellType, index, totalCells: cells.length, clearedOutputs: cleared } };
    }
    case 'insert': {
      let index = 0;
      if (edit.afterCellId !== undefined) {
        const after = findCell(cells, edit.afterCellId);
        if (after === undefined) return { ok: false, message: cellNotFound(cells, edit.afterCellId) };
        index = after + 1;
      }
      const cell = newCell(edit.cellType, toSource(edit.source, cells[0]?.source ?? []), usesIds(notebook) ? newCellId(cells) : undefined);
      cells.splice(index, 0, cell);
      return { ok: true, change: { cellId: nameOf(cell, index), cellType: edit.cellType, index, totalCells: cells.length, clearedOutputs: false } };
    }
    case 'delete': {
      const index = findCell(cells, edit.cellId);
      if (index === undefined) return { ok: false, message: cellNotFound(cells, edit.cellId) };
      const [cell] = cells.splice(index, 1);
      return { ok: true, change: { cellId: nameOf(cell!, index), cellType: cell!.cell_type, index, totalCells: cells.length, clearedOutputs: false } };
    }
    default: {
      const exhaustive: never = edit;
      return exhaustive;
    }
  }
}

/** A cell by its `id`, else by the `cell-N` (0-based) name cells without ids go by. */
function findCell(cells: readonly Cell[], cellId: string): number | undefined {
  const byId = cells.findIndex((cell) => cell.id === cellId);
  if (byId >= 0) return byId;
  const byIndex = /^cell-(\d+)$/.exec(cellId);
  const index = byIndex ? Number(byIndex[1]) : -1;
  return index >= 0 && index < cells.length ? index : undefined;
}

function nameOf(cell: Cell, index: number): string {
  return cell.id ?? `cell-${index}`;
}

function cellNotFound(cells: readonly Cell[], cellId: string): string {
  if (cells.length === 0) return `no cell has the id "${cellId}": the notebook has no cells (insert one without a cell_id)`;
  const names = cells.slice(0, MAX_LISTED_IDS).map((cell, i) => nameOf(cell, i));
  const more = cells.length > MAX_LISTED_IDS ? ` and ${cells.length - MAX_LISTED_IDS} more` : '';
  return `no cell has the id "${cellId}". The notebook's cells are: ${names.join(', ')}${more}`;
}

function hasOutputs(cell: Cell): boolean {
  return Array.isArray(cell.outputs) && cell.outputs.length > 0;
}

/** nbformat 4.5 gave every cell an id; older notebooks get none, as Jupyter would write them. */
function usesIds(notebook: Notebook): boolean {
  return (notebook.nbformat_minor ?? 0) >= 5 || notebook.cells.some((cell) => cell.id !== undefined);
}

/** Jupyter's own form: eight hex characters from a random UUID, unique in the notebook. */
function newCellId(cells: readonly Cell[]): string {
  const taken = new Set(cells.map((cell) => cell.id));
  for (;;) {
    const id = crypto.randomUUID().replaceAll('-', '').slice(0, 8);
    if (!taken.has(id)) return id;
  }
}

/** A fresh cell with its keys in the order Jupyter writes them (sorted). */
function newCell(cellType: CellType, source: Cell['source'], id: string | undefined): Cell {
  const identity = id === undefined ? {} : { id };
  return cellType === 'code'
    ? { cell_type: 'code', execution_count: null, ...identity, metadata: {}, outputs: [], source }
    : { cell_type: 'markdown', ...identity, metadata: {}, source };
}

/** The text in the form `like` uses: one string, or Jupyter's list of lines that keep their `\n`. */
function toSource(text: string, like: Cell['source']): Cell['source'] {
  if (typeof like === 'string') return text;
  return text.split(/(?<=\n)/).filter((line) => line !== '');
}

function layoutOf(text: string): Layout {
  const indent = /^\{\r?\n([ \t]+)"/.exec(text)?.[1] ?? '';
  return { indent, trailingNewline: text.endsWith('\n') };
}

function serialize(notebook: Notebook, layout: Layout): string {
  return JSON.stringify(notebook, null, layout.indent) + (layout.trailingNewline ? '\n' : '');
}

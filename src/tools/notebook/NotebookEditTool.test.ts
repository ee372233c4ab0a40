import { describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';
import { ReadTool } from '../file/ReadTool';
import { NotebookEditTool } from './NotebookEditTool';

/** A small nbformat 4.5 notebook as Jupyter writes it: one-space indent, sources as line lists. */
function notebookText(cells: unknown[] = sampleCells(), minor = 5): string {
  return `${JSON.stringify({ cells, metadata: { kernelspec: { name: 'python3' } }, nbformat: 4, nbformat_minor: minor }, null, 1)}\n`;
}

function sampleCells(): unknown[] {
  return [
    { cell_type: 'markdown', id: 'intro', metadata: {}, source: ['# Title\n', 'Some text'] },
    {
      cell_type: 'code',
      execution_count: 3,
      id: 'calc',
      metadata: { tags: ['keep'] },
      outputs: [{ name: 'stdout', output_type: 'stream', text: ['2\n'] }],
      source: ['print(1 + 1)'],
    },
  ];
}

interface CellJson {
  cell_type: string;
  id?: string;
  source: string | string[];
  outputs?: unknown[];
  execution_count?: number | null;
  metadata?: unknown;
}

async function readFirst(text = notebookText(), path = 'nb.ipynb') {
  const t = createToolTestEnv({ [path]: text }, [ReadTool, NotebookEditTool]);
  expect((await t.run('Read', { file_path: path })).outcome).toBe('success');
  return t;
}

async function cellsOf(t: { read(path: string): Promise<string> }, path = 'nb.ipynb'): Promise<CellJson[]> {
  return (JSON.parse(await t.read(path)) as { cells: CellJson[] }).cells;
}

describe('NotebookEdit', () => {
  it('replaces a code cell by id, clearing its outputs and execution count', async () => {
    const t = await readFirst();
    const run = await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'calc', new_source: 'x = 2\nprint(x)' });
    expect(run.outcome).toBe('success');
    expect(run.result.content).toBe(
      'Replaced the source of cell calc (code) in nb.ipynb. Its outputs and execution count were cleared; run the cell again for new ones.',
    );
    const [intro, calc] = await cellsOf(t);
    expect(calc).toEqual({ cell_type: 'code', execution_count: null, id: 'calc', metadata: { tags: ['keep'] }, outputs: [], source: ['x = 2\n', 'print(x)'] });
    expect(intro).toEqual(sampleCells()[0]);
  });

  it('keeps the file valid JSON with the same one-space indentation and trailing newline', async () => {
    const t = await readFirst();
    await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'intro', new_source: '# New title' });
    const text = await t.read('nb.ipynb');
    const expected = JSON.parse(notebookText()) as { cells: CellJson[] };
    expected.cells[0]!.source = ['# New title'];
    expect(text).toBe(`${JSON.stringify(expected, null, 1)}\n`);
  });

  it('keeps a two-space or compact layout as it found it', async () => {
    const compact = JSON.stringify(JSON.parse(notebookText()));
    const t = await readFirst(compact);
    await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'intro', new_source: 'a' });
    expect(await t.read('nb.ipynb')).not.toContain('\n');

    const twoSpace = JSON.stringify(JSON.parse(notebookText()), null, 2);
    const u = await readFirst(twoSpace);
    await u.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'intro', new_source: 'a' });
    expect(await u.read('nb.ipynb')).toMatch(/^\{\n {2}"cells"/);
  });

  it('changes a cell type on replace when cell_type is given', async () => {
    const t = await readFirst();
    const run = await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'calc', new_source: 'Now prose', cell_type: 'markdown' });
    expect(run.outcome).toBe('success');
    const calc = (await cellsOf(t))[1]!;
    expect(calc.cell_type).toBe('markdown');
    expect(calc).not.toHaveProperty('outputs');
    expect(calc).not.toHaveProperty('execution_count');
  });

  it('inserts after a cell, giving the new cell a fresh id', async () => {
    const t = await readFirst();
    const run = await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'intro', new_source: 'import os\n', cell_type: 'code', edit_mode: 'insert' });
    expect(run.outcome).toBe('success');
    const cells = await cellsOf(t);
    expect(cells.map((cell) => cell.id?.length)).toEqual([5, 8, 4]);
    expect(cells[1]).toMatchObject({ cell_type: 'code', execution_count: null, outputs: [], source: ['import os\n'] });
    expect(run.result.content).toBe(`Inserted a code cell with id ${cells[1]!.id} after cell intro of nb.ipynb (3 cells now).`);
  });

  it('inserts at the start when no cell_id is given', async () => {
    const t = await readFirst();
    const run = await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', new_source: '# Preface', cell_type: 'markdown', edit_mode: 'insert' });
    expect(run.outcome).toBe('success');
    expect(run.result.content).toMatch(/at the start of nb\.ipynb \(3 cells now\)/);
    const first = (await cellsOf(t))[0]!;
    expect(first).toMatchObject({ cell_type: 'markdown', metadata: {}, source: ['# Preface'] });
    expect(first).not.toHaveProperty('outputs');
  });

  it('deletes a cell', async () => {
    const t = await readFirst();
    const run = await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'intro', new_source: '', edit_mode: 'delete' });
    expect(run.outcome).toBe('success');
    expect(run.result.content).toBe('Deleted cell intro (markdown) from nb.ipynb (1 cell left).');
    expect((await cellsOf(t)).map((cell) => cell.id)).toEqual(['calc']);
  });

  it('names cells without ids by position and inserts without inventing ids', async () => {
    const cells = sampleCells().map((cell) => ({ ...(cell as object), id: undefined }));
    const t = await readFirst(notebookText(JSON.parse(JSON.stringify(cells)) as unknown[], 4));
    expect((await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'cell-1', new_source: 'y = 1' })).outcome).toBe('success');
    expect((await cellsOf(t))[1]!.source).toEqual(['y = 1']);
    const insert = await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'cell-0', new_source: 'z', cell_type: 'code', edit_mode: 'insert' });
    expect(insert.result.content).toContain('with id cell-1 after cell cell-0');
    expect((await cellsOf(t))[1]).not.toHaveProperty('id');
  });

  it('may edit again a notebook it just edited without a new Read', async () => {
    const t = await readFirst();
    await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'intro', new_source: 'one' });
    expect((await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'intro', new_source: 'two' })).outcome).toBe('success');
    expect((await cellsOf(t))[0]!.source).toEqual(['two']);
  });
});

describe('NotebookEdit refusals', () => {
  it('refuses a notebook that was not read, or that changed since it was read', async () => {
    const t = createToolTestEnv({ 'nb.ipynb': notebookText() }, [ReadTool, NotebookEditTool]);
    const unread = await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'intro', new_source: 'x' });
    expect(unread.outcome).toBe('invalid');
    expect(unread.result.content).toMatch(/has not been read in this session/);

    await t.run('Read', { file_path: 'nb.ipynb' });
    await t.write('nb.ipynb', notebookText([]));
    const stale = await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'intro', new_source: 'x' });
    expect(stale.outcome).toBe('invalid');
    expect(stale.result.content).toMatch(/modified since it was last read/);
    expect(await t.read('nb.ipynb')).toBe(notebookText([]));
  });

  it('refuses a file that is not a .ipynb', async () => {
    const t = await readFirst('x', 'notes.txt');
    const run = await t.run('NotebookEdit', { notebook_path: 'notes.txt', cell_id: 'a', new_source: 'x' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/notes\.txt is not a Jupyter notebook \(\.ipynb\)/);
  });

  it('says where the JSON is broken', async () => {
    const t = await readFirst('{\n "cells": [\n  {"cell_type": "code",}\n ]\n}\n');
    const run = await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'cell-0', new_source: 'x' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/not valid JSON: .* at line 3, column \d+/);
  });

  it('refuses JSON that is not an nbformat 4 notebook', async () => {
    const t = await readFirst(JSON.stringify({ nbformat: 3, worksheets: [] }));
    const run = await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'cell-0', new_source: 'x' });
    expect(run.result.content).toMatch(/not an nbformat 4 notebook: cells:/);
  });

  it('lists the available ids, capped, when the cell id is not found', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ cell_type: 'markdown', id: `c${i}`, metadata: {}, source: [] }));
    const t = await readFirst(notebookText(many));
    const run = await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'nope', new_source: 'x' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toContain('no cell has the id "nope". The notebook\'s cells are: c0, c1,');
    expect(run.result.content).toContain('c19 and 5 more');
    expect(run.result.content).not.toContain('c20');
  });

  it('refuses an insert without cell_type and a replace or delete without cell_id', async () => {
    const t = await readFirst();
    const insert = await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', new_source: 'x', edit_mode: 'insert' });
    expect(insert.result.content).toMatch(/Inserting a cell needs cell_type/);
    const replace = await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', new_source: 'x' });
    expect(replace.result.content).toMatch(/Replacing a cell needs the cell_id/);
    const del = await t.run('NotebookEdit', { notebook_path: 'nb.ipynb', new_source: '', edit_mode: 'delete' });
    expect(del.result.content).toMatch(/Deleting a cell needs the cell_id/);
    expect(await t.read('nb.ipynb')).toBe(notebookText());
  });

  it('refuses a missing notebook and unknown fields', async () => {
    const t = createToolTestEnv({}, [NotebookEditTool]);
    expect((await t.run('NotebookEdit', { notebook_path: 'gone.ipynb', cell_id: 'a', new_source: 'x' })).result.content).toMatch(/does not exist/);
    const extra = await t.run('NotebookEdit', { notebook_path: 'a.ipynb', new_source: 'x', cell_number: 1 });
    expect(extra.result.content).toMatch(/InputValidationError: .*unexpected field\(s\) `cell_number`/);
  });
});

describe('NotebookEdit metadata and rendering', () => {
  const input = { notebook_path: 'nb.ipynb', cell_id: 'calc', new_source: 'x = 1', edit_mode: 'replace' as const };

  it('is a deferred, unsafe writing tool', () => {
    expect(NotebookEditTool.isConcurrencySafe(input)).toBe(false);
    expect(NotebookEditTool.isReadOnly(input)).toBe(false);
    expect(NotebookEditTool.shouldDefer).toBe(true);
    expect(NotebookEditTool.maxResultSizeChars).toBe(100_000);
    expect([NotebookEditTool.kind, NotebookEditTool.pathField]).toEqual(['edit', 'notebook_path']);
    expect(NotebookEditTool.userFacingName(input)).toBe('NotebookEdit(nb.ipynb)');
    expect(NotebookEditTool.description(input)).toBe('Edit nb.ipynb: replace cell calc');
  });

  it('renders the call, the result and the failures', () => {
    expect(NotebookEditTool.render.use(input)).toEqual({ title: 'NotebookEdit nb.ipynb', summary: 'replace cell calc', body: 'x = 1', format: 'code' });
    expect(NotebookEditTool.render.use({ ...input, edit_mode: 'delete' })).toEqual({ title: 'NotebookEdit nb.ipynb', summary: 'delete cell calc' });
    expect(NotebookEditTool.render.use({ ...input, edit_mode: 'insert', cell_type: 'markdown', cell_id: undefined }).summary).toBe(
      'insert a markdown cell at the start',
    );
    const output = { notebookPath: 'nb.ipynb', editMode: 'replace' as const, cellId: 'calc', cellType: 'code', totalCells: 2, clearedOutputs: true };
    expect(NotebookEditTool.render.result(output, input)).toEqual({ title: 'Replaced cell calc in nb.ipynb', summary: 'code; outputs cleared', tone: 'success' });
    expect(NotebookEditTool.render.rejected(input, 'the user said no')).toMatchObject({ summary: 'the user said no', tone: 'warning' });
    expect(NotebookEditTool.render.error(input, 'boom')).toMatchObject({ title: 'NotebookEdit failed', body: 'boom', tone: 'error' });
  });
});

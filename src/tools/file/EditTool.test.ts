import { describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';
import { EditTool } from './EditTool';

const source = 'const retries = 1;\nconst timeoutMs = 1000;\nconst retriesLabel = "retries";\n';

async function readFirst(files: Record<string, string>, path = 'src/a.ts') {
  const t = createToolTestEnv(files);
  const read = await t.run('Read', { file_path: path });
  expect(read.outcome).toBe('success');
  return t;
}

describe('Edit', () => {
  it('replaces a unique string and shows the changed lines', async () => {
    const t = await readFirst({ 'src/a.ts': source });
    const run = await t.run('Edit', { file_path: 'src/a.ts', old_string: 'timeoutMs = 1000', new_string: 'timeoutMs = 5000' });
    expect(run.outcome).toBe('success');
    expect(await t.read('src/a.ts')).toBe(source.replace('1000', '5000'));
    expect(run.result.content).toMatch(/^Edited src\/a.ts \(1 replacement\)/);
    expect(run.result.content).toContain(`${'2'.padStart(6)}\tconst timeoutMs = 5000;`);
  });

  it('refuses an old_string that occurs more than once, saying how often', async () => {
    const t = await readFirst({ 'src/a.ts': source });
    const run = await t.run('Edit', { file_path: 'src/a.ts', old_string: 'retries', new_string: 'attempts' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/occurs 3 times/);
    expect(run.result.content).toMatch(/replace_all/);
    expect(await t.read('src/a.ts')).toBe(source);
  });

  it('replaces every occurrence with replace_all', async () => {
    const t = await readFirst({ 'src/a.ts': source });
    const run = await t.run('Edit', { file_path: 'src/a.ts', old_string: 'retries', new_string: 'attempts', replace_all: true });
    expect(run.outcome).toBe('success');
    expect(run.result.content).toMatch(/3 replacements/);
    expect(await t.read('src/a.ts')).toBe(source.replaceAll('retries', 'attempts'));
  });

  it('inserts new_string literally, $ signs included', async () => {
    const t = await readFirst({ 'src/a.ts': 'greet(name)\n' });
    await t.run('Edit', { file_path: 'src/a.ts', old_string: 'name', new_string: '`$& ${name} $1`' });
    expect(await t.read('src/a.ts')).toBe('greet(`$& ${name} $1`)\n');
  });

  it('refuses a file that was never read', async () => {
    const t = createToolTestEnv({ 'src/a.ts': source });
    const run = await t.run('Edit', { file_path: 'src/a.ts', old_string: 'retries = 1', new_string: 'retries = 3' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/has not been read.*Read it/);
    expect(await t.read('src/a.ts')).toBe(source);
  });

  it('refuses a file modified since it was read', async () => {
    const t = await readFirst({ 'src/a.ts': source });
    await t.write('src/a.ts', `${source}// someone else\n`);
    const run = await t.run('Edit', { file_path: 'src/a.ts', old_string: 'retries = 1', new_string: 'retries = 3' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/modified since it was last read/);
  });

  it('accepts a file whose modification time moved but whose text did not (a touch)', async () => {
    const t = await readFirst({ 'src/a.ts': source });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.sandbox.exec('touch src/a.ts');
    const run = await t.run('Edit', { file_path: 'src/a.ts', old_string: 'retries = 1', new_string: 'retries = 3' });
    expect(run.outcome).toBe('success');
  });

  it('allows a second edit right after the first without a new Read', async () => {
    const t = await readFirst({ 'src/a.ts': source });
    await t.run('Edit', { file_path: 'src/a.ts', old_string: 'retries = 1', new_string: 'retries = 3' });
    const second = await t.run('Edit', { file_path: 'src/a.ts', old_string: 'timeoutMs = 1000', new_string: 'timeoutMs = 5000' });
    expect(second.outcome).toBe('success');
    expect(await t.read('src/a.ts')).toBe('const retries = 3;\nconst timeoutMs = 5000;\nconst retriesLabel = "retries";\n');
  });

  it('refuses new_string equal to old_string', async () => {
    const t = await readFirst({ 'src/a.ts': source });
    const run = await t.run('Edit', { file_path: 'src/a.ts', old_string: 'retries', new_string: 'retries' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/identical/);
  });

  it('refuses an old_string that is not in the file', async () => {
    const t = await readFirst({ 'src/a.ts': source });
    const run = await t.run('Edit', { file_path: 'src/a.ts', old_string: 'retries = 2', new_string: 'retries = 3' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/not found in src\/a.ts/);
  });

  it('refuses a missing file, unless old_string is empty, which creates it', async () => {
    const t = createToolTestEnv();
    const missing = await t.run('Edit', { file_path: 'src/new.ts', old_string: 'x', new_string: 'y' });
    expect(missing.outcome).toBe('invalid');
    expect(missing.result.content).toMatch(/File does not exist: src\/new.ts/);
    const created = await t.run('Edit', { file_path: 'src/new.ts', old_string: '', new_string: 'export {};\n' });
    expect(created.outcome).toBe('success');
    expect(created.result.content).toBe('Created src/new.ts (1 line).');
    expect(await t.read('src/new.ts')).toBe('export {};\n');
  });

  it('refuses an empty old_string on an existing file with content', async () => {
    const t = await readFirst({ 'src/a.ts': source });
    const run = await t.run('Edit', { file_path: 'src/a.ts', old_string: '', new_string: 'x' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/already exists/);
  });

  it('refuses paths outside the workspace', async () => {
    const t = createToolTestEnv();
    const run = await t.run('Edit', { file_path: '../outside.ts', old_string: '', new_string: 'x' });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/outside the workspace/);
  });

  it('keeps the cache in step with what it wrote', async () => {
    const t = await readFirst({ 'src/a.ts': source });
    await t.run('Edit', { file_path: 'src/a.ts', old_string: 'retries = 1', new_string: 'retries = 3' });
    expect(t.env.readFileState.get('/workspace/src/a.ts')?.content).toBe(await t.read('src/a.ts'));
  });

  it('renders its result as a diff and writes to the file it names', async () => {
    const t = await readFirst({ 'src/a.ts': source });
    const input = { file_path: 'src/a.ts', old_string: 'retries = 1', new_string: 'retries = 3', replace_all: false };
    const outcome = await EditTool.call(input, { ...t.env, toolUseId: 'x', abortSignal: new AbortController().signal }, t.env.canUseTool, { turn: 0, toolUseIds: [] });
    const view = EditTool.render.result(outcome.output, input);
    expect(view.format).toBe('diff');
    expect(view.body).toContain('-const retries = 1;');
    expect(view.body).toContain('+const retries = 3;');
    expect([EditTool.kind, EditTool.pathField]).toEqual(['edit', 'file_path']);
    expect(EditTool.isConcurrencySafe(input)).toBe(false);
    expect(EditTool.userFacingName(input)).toBe('Edit(src/a.ts)');
  });
});

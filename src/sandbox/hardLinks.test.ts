import { linkSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createToolTestEnvOn, type ToolTestEnv } from '../../test/toolEnv';
import { snapshotFiles } from '../run/session';
import { createNodeSandbox } from './nodeSandbox';

/**
 * Hard links on the node sandbox, with real links in real temp folders: a name in the workspace
 * for a file that has a name outside it is refused, as a symbolic link out is (design.md, Threat
 * model); a file whose every name is inside reads as any other.
 */
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** A node sandbox, and beside it (on the same file system: both in the temp folder) a folder holding a secret. */
async function setUp(): Promise<{ t: ToolTestEnv; outside: string; root: string }> {
  const sandbox = await createNodeSandbox();
  const outside = mkdtempSync(join(tmpdir(), 'hard-link-outside-'));
  cleanup.push(() => sandbox.dispose(), () => rmSync(outside, { recursive: true, force: true }));
  writeFileSync(join(outside, 'secret.txt'), 'SECRET=hunter2\n');
  const t = await createToolTestEnvOn(sandbox, { 'src/a.txt': 'plain\n', 'src/twin.txt': 'twin\n' });
  // Made as a command (or the user) would make them: behind the tools' back.
  linkSync(join(outside, 'secret.txt'), join(sandbox.root, 'key.txt'));
  linkSync(join(sandbox.root, 'src/twin.txt'), join(sandbox.root, 'src/twin-again.txt'));
  symlinkSync(join(outside, 'secret.txt'), join(sandbox.root, 'key-link.txt'));
  return { t, outside, root: sandbox.root };
}

describe('hard links on the node sandbox', () => {
  it('refuses to read a hard link to a file outside the workspace, with a clear error, as it refuses a symbolic link out', async () => {
    const { t, root } = await setUp();
    await expect(t.sandbox.fs.readFile(`${root}/key.txt`)).rejects.toThrow(
      `The path ${root}/key.txt is a hard link to a file with 2 names, only 1 of them inside the workspace ${root}: a hard link to a file outside the workspace is refused, as a symbolic link out of it is`,
    );
    const read = await t.run('Read', { file_path: 'key.txt' });
    expect(read.outcome).toBe('error');
    expect(read.result.content).toContain('is a hard link to a file with 2 names');
    expect(read.result.content).not.toContain('hunter2');
    const symlink = await t.run('Read', { file_path: 'key-link.txt' });
    expect(symlink.outcome).not.toBe('success');
    expect(symlink.result.content).toContain('outside the workspace');
  });

  it('reads a file whose every name is inside the workspace', async () => {
    const { t } = await setUp();
    expect((await t.run('Read', { file_path: 'src/twin.txt' })).result.content).toContain('twin');
    expect((await t.run('Read', { file_path: 'src/twin-again.txt' })).result.content).toContain('twin');
  });

  it('Grep, through rg and through its own scan, finds nothing in the hard link; the other files are searched', async () => {
    const { t } = await setUp();
    // The second pattern is JavaScript-only, so ripgrep refuses it and Grep reads each file itself.
    for (const pattern of ['hunter2|plain', 'x[]|hunter2|plain']) {
      for (const output_mode of ['content', 'files_with_matches']) {
        const result = await t.run('Grep', { pattern, output_mode });
        expect(result.outcome, `${pattern} ${output_mode}`).toBe('success');
        expect(result.result.content, `${pattern} ${output_mode}`).not.toMatch(/hunter2|key\.txt/);
        expect(result.result.content, `${pattern} ${output_mode}`).toContain('src/a.txt');
      }
    }
    // Output the sandbox cannot check file by file is refused, so a search falls back to the checked reads.
    const plain = await t.sandbox.ripgrep!(['hunter2', '.'], { cwd: t.sandbox.root });
    if (plain !== null) {
      // (null where the machine has no rg)
      expect(plain).toMatchObject({ exitCode: 2, stdout: '' });
      expect(plain.stderr).toContain('only with --json or --files');
    }
  });

  it('Edit and Write never change the file outside; the run’s snapshot leaves it out', async () => {
    const { t, outside } = await setUp();
    expect((await t.run('Edit', { file_path: 'key.txt', old_string: 'hunter2', new_string: 'PWNED' })).outcome).not.toBe('success');
    await t.run('Write', { file_path: 'key.txt', content: 'PWNED\n' });
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('SECRET=hunter2\n');
    const files = await snapshotFiles(t.sandbox);
    expect(Object.values(files).join('\n')).not.toContain('hunter2');
    expect(files['src/twin-again.txt']).toBe('twin\n');
  });
});

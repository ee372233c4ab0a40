import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports } from './importGraph.js';

let roots: string[] = [];
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

/** A source tree of the given files (path → text) in a temporary folder; its root. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const relativeTo = (root: string, lines: string[]) => lines.map((line) => line.split(`${root}/`).join('').replace(/^.*?(import cycle|layer crossed)/, '$1'));

describe('the import rules of npm run lint', () => {
  it('holds for a tree whose imports point down the layers', () => {
    const root = tree({
      'time/clock.ts': 'export const now = () => 0;\n',
      'tools/tool.ts': "import { now } from '../time/clock';\nexport const tool = now;\n",
      'ui/app.tsx': "import { tool } from '../tools/tool';\nexport const app = tool;\n",
      // A test may drive its layer through the layers above it.
      'tools/tool.test.ts': "import { app } from '../ui/app';\nvoid app;\n",
      // An import written in a comment is not an import.
      'sandbox/box.ts': "/** Not `import { x } from '../run/x'`. */\nexport const box = 1;\n",
    });
    expect(checkImports(root)).toEqual([]);
  });

  it('names an import that crosses a layer upward, type-only and dynamic imports too', () => {
    const root = tree({
      'run/record.ts': 'export interface RunRecord { id: string }\nexport const record = 1;\n',
      'tools/tool.ts': "import type { RunRecord } from '../run/record';\nexport type Seen = RunRecord;\n",
      'model/loop.ts': "export const later = () => import('../scenarios/schema');\n",
      'scenarios/schema.ts': 'export const schema = 1;\n',
    });
    expect(relativeTo(root, checkImports(root)).sort()).toEqual([
      expect.stringMatching(/^layer crossed upward: .*model\/loop\.ts \(model\) imports .*scenarios\/schema\.ts \(scenarios\)$/),
      expect.stringMatching(/^layer crossed upward: .*tools\/tool\.ts \(tools\) imports .*run\/record\.ts \(run\)$/),
    ]);
  });

  it('names an import between the two layers of one rank (cli and live)', () => {
    const root = tree({ 'live/runLive.ts': "import { main } from '../cli/main';\nexport const live = main;\n", 'cli/main.ts': 'export const main = 1;\n' });
    expect(checkImports(root)).toEqual([expect.stringMatching(/^layer crossed upward: .*live\/runLive\.ts \(live\) imports .*cli\/main\.ts \(cli\)$/)]);
  });

  it('names every file of an import cycle, within one layer as across folders', () => {
    const root = tree({
      'tools/search/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'tools/search/b.ts': "import { c } from '../c';\nexport const b = () => c;\n",
      'tools/c.ts': "import { a } from './search/a';\nexport const c = () => a;\n",
      'tools/d.ts': "import { a } from './search/a';\nexport const d = a;\n",
    });
    const lines = checkImports(root);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^import cycle: /);
    for (const file of ['tools/c.ts', 'tools/search/a.ts', 'tools/search/b.ts']) expect(lines[0]).toContain(file);
    expect(lines[0]).not.toContain('tools/d.ts');
  });

  it('exits 1 from the command line naming each breach, and 0 on the project’s own src/', () => {
    const root = tree({ 'tools/a.ts': "import { b } from './b';\nexport const a = b;\n", 'tools/b.ts': "import { a } from './a';\nexport const b = a;\n" });
    const failed = spawnSync(process.execPath, ['scripts/importGraph.js', root], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/import cycle: .*tools\/a\.ts → .*tools\/b\.ts/);
    expect(() => execFileSync(process.execPath, ['scripts/importGraph.js', 'src'], { encoding: 'utf8', stdio: 'pipe' })).not.toThrow();
  });
});

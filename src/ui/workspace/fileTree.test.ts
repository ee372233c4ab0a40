import { describe, expect, it } from 'vitest';
import { buildFileTree, defaultCollapsed, folderPathsOf, foldersContaining, visibleRows, type TreeNode } from './fileTree';

/** The tree as indented names, folders with a trailing slash. */
function outline(nodes: TreeNode[], depth = 0): string[] {
  return nodes.flatMap((n) =>
    n.kind === 'folder' ? [`${'  '.repeat(depth)}${n.name}/`, ...outline(n.children, depth + 1)] : [`${'  '.repeat(depth)}${n.name}`],
  );
}

describe('buildFileTree', () => {
  it('nests paths into folders, folders first, then by name', () => {
    const tree = buildFileTree(['src/b.ts', 'README.md', 'src/ui/App.tsx', 'src/a.ts', 'docs/x.md', 'a.txt']);
    expect(outline(tree)).toEqual(['docs/', '  x.md', 'src/', '  ui/', '    App.tsx', '  a.ts', '  b.ts', 'a.txt', 'README.md']);
  });

  it('keeps the original key on files and the joined prefix on folders', () => {
    const tree = buildFileTree(['/src/main.ts']);
    expect(tree[0]).toMatchObject({ kind: 'folder', path: 'src' });
    expect(tree[0]?.kind === 'folder' && tree[0].children[0]).toEqual({ kind: 'file', name: 'main.ts', path: '/src/main.ts' });
  });

  it('ignores empty segments and ./ prefixes, and empty paths', () => {
    expect(outline(buildFileTree(['./a//b.ts', '', 'a/c.ts']))).toEqual(['a/', '  b.ts', '  c.ts']);
  });

  it('sorts numbers naturally', () => {
    expect(outline(buildFileTree(['f10.txt', 'f2.txt', 'f1.txt']))).toEqual(['f1.txt', 'f2.txt', 'f10.txt']);
  });

  it('returns an empty tree for no files', () => {
    expect(buildFileTree([])).toEqual([]);
  });
});

describe('visibleRows', () => {
  const tree = buildFileTree(['src/ui/App.tsx', 'src/a.ts', 'README.md']);

  it('lists every node with its level when nothing is collapsed', () => {
    expect(visibleRows(tree, new Set()).map((r) => `${r.level}:${r.node.name}`)).toEqual([
      '1:src',
      '2:ui',
      '3:App.tsx',
      '2:a.ts',
      '1:README.md',
    ]);
  });

  it('hides what a collapsed folder holds', () => {
    expect(visibleRows(tree, new Set(['src/ui'])).map((r) => r.node.name)).toEqual(['src', 'ui', 'a.ts', 'README.md']);
    expect(visibleRows(tree, new Set(['src'])).map((r) => r.node.name)).toEqual(['src', 'README.md']);
  });
});

describe('folderPathsOf / foldersContaining', () => {
  it('names every enclosing folder', () => {
    expect(folderPathsOf('a/b/c.ts')).toEqual(['a', 'a/b']);
    expect(folderPathsOf('top.ts')).toEqual([]);
  });

  it('collects the folders of several paths once', () => {
    expect([...foldersContaining(['a/b/c.ts', 'a/d.ts', 'e.ts'])].sort()).toEqual(['a', 'a/b']);
  });
});

describe('defaultCollapsed', () => {
  it('leaves a small tree open', () => {
    expect(defaultCollapsed(buildFileTree(['src/a.ts', 'src/lib/b.ts', 'README.md']))).toEqual(new Set());
  });

  it('opens a large tree level by level as far as fits, and closes every folder below', () => {
    const paths = Array.from({ length: 20 }, (_, p) => Array.from({ length: 60 }, (_, f) => `src/pkg${p}/deep/file${f}.ts`)).flat();
    const tree = buildFileTree(paths);
    const closed = defaultCollapsed(tree, 200);
    // src (1 row) and its 20 packages (20 rows) fit, each package's one folder too (20 more);
    // the 1,200 files do not.
    expect(closed).toEqual(new Set(Array.from({ length: 20 }, (_, p) => `src/pkg${p}/deep`)));
    expect(visibleRows(tree, closed)).toHaveLength(41);
  });
});

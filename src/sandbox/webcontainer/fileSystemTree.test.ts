import { describe, expect, it } from 'vitest';
import { toFileSystemTree } from './fileSystemTree';

describe('toFileSystemTree', () => {
  it('nests files into folders, from relative paths and absolute ones inside the root', () => {
    expect(toFileSystemTree('/home/workspace', { 'src/a.ts': 'a', 'src/nested/c.ts': 'c', '/home/workspace/README.md': 'r' })).toEqual({
      src: {
        directory: {
          'a.ts': { file: { contents: 'a' } },
          nested: { directory: { 'c.ts': { file: { contents: 'c' } } } },
        },
      },
      'README.md': { file: { contents: 'r' } },
    });
  });

  it('gives an empty tree for no files', () => {
    expect(toFileSystemTree('/home/workspace', {})).toEqual({});
  });

  it('refuses paths outside the root, the root itself, and a path that is both a file and a folder', () => {
    expect(() => toFileSystemTree('/home/workspace', { '../x': 'x' })).toThrow(/outside the workspace/);
    expect(() => toFileSystemTree('/home/workspace', { '.': 'x' })).toThrow(/names the root/);
    expect(() => toFileSystemTree('/home/workspace', { a: 'x', 'a/b': 'y' })).toThrow(/goes through the file a/);
    expect(() => toFileSystemTree('/home/workspace', { 'a/b': 'y', a: 'x' })).toThrow(/is also a folder/);
  });
});

import type { TreeFile } from '../../sandbox/types';
import { inVcsFolder } from './searchScope';

/** A file of a text tree as a search reads it: its absolute path, its text, and whether the text holds a `\r`. */
export interface SearchableFile {
  readonly path: string;
  readonly text: string;
  /** A `\r` anywhere in the text: such a file is never prefiltered (see `ContentMatchOptions.prefilterRegex`). */
  readonly hasCarriageReturn: boolean;
}

/** What was derived from one tree, for one base. */
interface Derived {
  base: string;
  files: readonly SearchableFile[];
}

/**
 * Keyed by the tree itself: an adapter hands out the same array while nothing has changed
 * (`SandboxFs.readTree`), and a changed workspace is a new array, so nothing here outlives what
 * it was derived from. Weak, so a dropped tree takes its entry with it.
 */
const derived = new WeakMap<readonly TreeFile[], Derived>();

/**
 * The files of `tree` (everything under `base`) a search looks at: those outside version-control
 * folders, in the tree's order, each with the one fact about its text the scan needs. Worked out
 * once per tree: a search repeated over an unchanged workspace (the usual case) goes straight to
 * the texts, as a bare scan would. Nothing here concerns permissions: what the rules deny is
 * judged by every search, on its own rules.
 */
export function searchableFiles(tree: readonly TreeFile[], base: string): readonly SearchableFile[] {
  const known = derived.get(tree);
  if (known?.base === base) return known.files;
  const basePrefix = base.endsWith('/') ? base.length : base.length + 1;
  const files: SearchableFile[] = [];
  for (const { path, text } of tree) {
    if (path.includes('/.') && inVcsFolder(path.slice(basePrefix))) continue;
    files.push({ path, text, hasCarriageReturn: text.includes('\r') });
  }
  derived.set(tree, { base, files });
  return files;
}

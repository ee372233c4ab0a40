/**
 * What a Grep scan is asked and what it hands back, whichever way it runs (ripgrep, the texts of a
 * kept tree, a read per file): the shapes the scans share, in a file of their own so that neither
 * scan imports the other for them.
 */
import type { FileStat } from '../../sandbox/types';
import type { GlobMatcher } from './globMatch';
import type { ContentMatchOptions } from './grepContent';

/** One matching file: its path from the root, its count, its content rows (when asked for). */
export interface FileHit {
  path: string;
  count: number;
  rows: string[];
}

/** What to search and how. */
export interface ScanPlan {
  base: { path: string; type: FileStat['type'] };
  pattern: string;
  ignoreCase: boolean;
  multiline: boolean;
  globParts: readonly string[];
  acceptsGlob: GlobMatcher;
  type: string | undefined;
  isType: ((name: string) => boolean) | undefined;
  options: ContentMatchOptions;
  wantRows: boolean;
  /** Files the permission rules keep from the search (absolute paths): never reported. */
  exclude?: ((absolutePath: string) => boolean) | undefined;
}

/** What a scan found: the matching files, how many files it searched, how many the rules kept from it. */
export interface ScanResult {
  hits: FileHit[];
  scanned: number;
  leftOut: number;
}

/** How far a scan has got. */
export interface ScanProgress {
  filesScanned: number;
  totalFiles: number;
  matchingFiles: number;
}

import { isBinary, matchLines } from './grepContent';
import type { FileHit, ScanPlan, ScanResult } from './scanPlan';
import type { SearchableFile } from './searchableTree';
import type { LinearRegex } from '../linearRegex';

/**
 * Grep over texts held in memory (the files of a kept tree), in three passes, each a small loop
 * of its own: which files the search reads (its glob and type, the permission rules), which of
 * those the prefilter cannot rule out, and the line-by-line match of these few. The middle pass
 * runs once per file of the workspace and does what a bare scan does, one test of a regular
 * expression per text, so the engine compiles it as early and as well as a bare scan; the others
 * do work only when a filter or a rule is in force, or for the files that may match.
 */
export function scanTexts(files: readonly SearchableFile[], plan: ScanPlan, root: string): ScanResult {
  const { files: searched, leftOut } = selected(files, plan);
  const prefilter = plan.options.prefilterRegex;
  const candidates = prefilter !== undefined ? notRuledOut(searched, prefilter) : searched;
  const rootPrefix = root.endsWith('/') ? root.length : root.length + 1;
  const hits: FileHit[] = [];
  for (const { path, text } of candidates) {
    const found = matchLines(text, path.slice(rootPrefix), plan.options, plan.wantRows);
    // Binary files are skipped as rg skips them; sniffed only when they match, the rare case.
    if (found && !isBinary(text)) hits.push({ path: path.slice(rootPrefix), count: found.count, rows: found.rows });
  }
  return { hits, scanned: searched.length, leftOut };
}

/** The files the search reads: those its glob and type accept, less those the rules deny (counted). */
function selected(files: readonly SearchableFile[], plan: ScanPlan): { files: readonly SearchableFile[]; leftOut: number } {
  const { acceptsGlob, isType, exclude } = plan;
  const filtered = plan.globParts.length > 0 || isType !== undefined;
  if (!filtered && exclude === undefined) return { files, leftOut: 0 };
  const basePrefix = plan.base.path.endsWith('/') ? plan.base.path.length : plan.base.path.length + 1;
  const kept: SearchableFile[] = [];
  let leftOut = 0;
  for (const file of files) {
    const { path } = file;
    // A path is cut only when a check needs it.
    if (filtered && !(acceptsGlob(path.slice(basePrefix)) && (!isType || isType(path.slice(path.lastIndexOf('/') + 1))))) continue;
    if (exclude?.(path)) leftOut++;
    else kept.push(file);
  }
  return { files: kept, leftOut };
}

/**
 * The files the prefilter (the pattern tried on the whole text) cannot rule out, and those with a
 * `\r`, which it never rules out (see `ContentMatchOptions.prefilterRegex`).
 */
function notRuledOut(files: readonly SearchableFile[], prefilter: LinearRegex): SearchableFile[] {
  const candidates: SearchableFile[] = [];
  for (let i = 0; i < files.length; i++) {
    const file = files[i]!;
    if (file.hasCarriageReturn || prefilter.test(file.text)) candidates.push(file);
  }
  return candidates;
}

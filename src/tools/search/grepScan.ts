import type { ToolUseContext } from '../types';
import { isBinary, matchFile } from './grepContent';
import { mapWithConcurrency } from './mapWithConcurrency';
import type { FileHit, ScanPlan, ScanProgress, ScanResult } from './scanPlan';
import { parseRipgrep, ripgrepArgs, ripgrepListArgs } from './ripgrepSearch';
import { listFiles, type FoundFile } from './searchScope';
import { searchableFiles } from './searchableTree';
import { scanTexts } from './textScan';

/** Files read at once. The in-memory sandbox answers at once; a real one likes a bounded queue. */
const READ_CONCURRENCY = 32;
/** A progress report every this many files. */
const PROGRESS_EVERY = 500;

/**
 * Searches the workspace the fastest way the sandbox allows: the machine's ripgrep where it has
 * one (as the real agent does), else the texts of the whole tree at once where the sandbox can
 * hand them out, else a listing and a read per file. All three give the same hits, in path order.
 */
export async function scanWorkspace(context: ToolUseContext, plan: ScanPlan, onProgress?: (progress: ScanProgress) => void): Promise<ScanResult> {
  const native = await withRipgrep(context, plan);
  if (native) return native;
  const { sandbox } = context;
  if (plan.base.type === 'directory' && sandbox.fs.readTree) {
    const files = searchableFiles(await sandbox.fs.readTree(plan.base.path), plan.base.path);
    const scan = scanTexts(files, plan, sandbox.root);
    onProgress?.({ filesScanned: scan.scanned, totalFiles: scan.scanned, matchingFiles: scan.hits.length });
    return scan;
  }
  const { exclude } = plan;
  let leftOut = 0;
  const candidates = (await listFiles(context, plan.base.path, plan.base.type)).filter((file) => {
    // A file named as the path is searched whatever glob and type say, as rg does.
    if (plan.base.type === 'directory' && !accepts(plan, file.relativeToBase, file.path)) return false;
    if (exclude?.(file.path)) {
      leftOut++;
      return false;
    }
    return true;
  });
  let scanned = 0;
  let matching = 0;
  const perFile = await mapWithConcurrency(
    candidates,
    READ_CONCURRENCY,
    async (file) => {
      const hit = await readAndMatch(context, file, plan);
      scanned++;
      if (hit) matching++;
      if (scanned % PROGRESS_EVERY === 0) onProgress?.({ filesScanned: scanned, totalFiles: candidates.length, matchingFiles: matching });
      return hit;
    },
    context.abortSignal,
  );
  onProgress?.({ filesScanned: scanned, totalFiles: candidates.length, matchingFiles: matching });
  return { hits: perFile.filter((hit): hit is FileHit => hit !== undefined), scanned, leftOut };
}

function accepts(plan: ScanPlan, relativeToBase: string, path: string): boolean {
  return plan.acceptsGlob(relativeToBase) && (!plan.isType || plan.isType(path.slice(path.lastIndexOf('/') + 1)));
}

function matchText(text: string, path: string, plan: ScanPlan): FileHit | undefined {
  const found = matchFile(text, path, plan.options, plan.wantRows);
  // Binary files are skipped as rg skips them; sniffed only when they match, the rare case.
  if (!found || isBinary(text)) return undefined;
  return { path, ...found };
}

async function readAndMatch(context: ToolUseContext, file: FoundFile, plan: ScanPlan): Promise<FileHit | undefined> {
  let text: string;
  try {
    text = await context.sandbox.fs.readFile(file.path);
  } catch {
    return undefined; // gone since the listing, or unreadable: nothing to report
  }
  return matchText(text, file.relativeToRoot, plan);
}

/**
 * The search through the machine's ripgrep, or `undefined` to fall back: no `rg`, or one that
 * refused the search (a pattern in JavaScript syntax it does not take, a file type it does not
 * know). Its regular expressions are Rust's, as in the real agent.
 */
async function withRipgrep(context: ToolUseContext, plan: ScanPlan): Promise<ScanResult | undefined> {
  const { sandbox } = context;
  if (!sandbox.ripgrep) return undefined;
  const target = sandbox.relative(plan.base.path) || '.';
  const request = {
    pattern: plan.pattern,
    ignoreCase: plan.ignoreCase,
    multiline: plan.multiline,
    globs: plan.base.type === 'directory' ? plan.globParts : [],
    type: plan.base.type === 'directory' ? plan.type : undefined,
    before: plan.wantRows ? plan.options.before : 0,
    after: plan.wantRows ? plan.options.after : 0,
    target,
  };
  const options = { cwd: sandbox.root, signal: context.abortSignal };
  const [result, listing] = await Promise.all([sandbox.ripgrep(ripgrepArgs(request), options), sandbox.ripgrep(ripgrepListArgs(request), options)]);
  if (!result || result.exitCode > 1 || result.aborted) return undefined;
  const found = parseRipgrep(result.stdout, {
    multiline: plan.multiline,
    wantRows: plan.wantRows,
    lineNumbers: plan.options.lineNumbers,
    separators: plan.options.before > 0 || plan.options.after > 0,
  });
  // ripgrep read every file; what the rules deny is dropped here, before anyone sees it.
  const rootPrefix = sandbox.root.endsWith('/') ? sandbox.root : `${sandbox.root}/`;
  const excluded = (path: string) => plan.exclude?.(rootPrefix + path) === true;
  const hits = found.filter((hit) => !excluded(hit.path));
  const listed = listing && listing.exitCode <= 1 ? listing.stdout.split('\n').filter((line) => line !== '').map((line) => (line.startsWith('./') ? line.slice(2) : line)) : undefined;
  const leftOut = listed ? listed.filter(excluded).length : found.length - hits.length;
  return { hits, scanned: listed ? listed.length - leftOut : hits.length, leftOut };
}

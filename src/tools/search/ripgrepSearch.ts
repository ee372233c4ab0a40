import { VCS_FOLDERS } from './searchScope';
import { row } from './grepContent';

/** What Grep asks ripgrep. */
export interface RipgrepRequest {
  pattern: string;
  ignoreCase: boolean;
  multiline: boolean;
  /** Grep's glob parts (`!` excludes), as given. */
  globs: readonly string[];
  type?: string | undefined;
  before: number;
  after: number;
  /** Where to search, relative to the workspace root (`.` for all of it). */
  target: string;
}

/**
 * Which files ripgrep reads, as Grep chooses them: every file but version-control folders (hidden
 * and ignored files too), no link followed, binary files skipped, then the call's globs and type.
 */
function fileFilters(request: RipgrepRequest): string[] {
  const args = ['--no-config', '--hidden', '--no-ignore', '--no-messages'];
  for (const folder of VCS_FOLDERS) args.push('--glob', `!${folder}`);
  for (const glob of request.globs) args.push('--glob', glob);
  if (request.type !== undefined) args.push('--type', request.type);
  return args;
}

/** The arguments of the search itself, its output in JSON. */
export function ripgrepArgs(request: RipgrepRequest): string[] {
  const args = ['--json', ...fileFilters(request)];
  if (request.ignoreCase) args.push('--ignore-case');
  if (request.multiline) args.push('--multiline', '--multiline-dotall');
  if (request.before > 0) args.push('--before-context', String(request.before));
  if (request.after > 0) args.push('--after-context', String(request.after));
  args.push('--regexp', request.pattern, '--', request.target);
  return args;
}

/** The arguments that list the files the search reads: ripgrep's own statistics count only files that matched. */
export function ripgrepListArgs(request: RipgrepRequest): string[] {
  return ['--files', ...fileFilters(request), '--', request.target];
}

/** One file's matches, as Grep reports them. */
export interface RipgrepFile {
  /** Relative to the workspace root. */
  path: string;
  /** Matching lines (matches, under multiline). */
  count: number;
  rows: string[];
}

interface RgLine {
  path: string;
  number: number;
  text: string;
  match: boolean;
}

/**
 * Reads ripgrep's JSON output into Grep's per-file results, sorted by path (ripgrep searches in
 * parallel, in no fixed order), with content rows in Grep's own format.
 */
export function parseRipgrep(stdout: string, options: { multiline: boolean; wantRows: boolean; lineNumbers: boolean; separators: boolean }): RipgrepFile[] {
  const lines = new Map<string, RgLine[]>();
  const counts = new Map<string, number>();
  for (const text of stdout.split('\n')) {
    if (text === '') continue;
    let message: { type?: string; data?: Record<string, unknown> };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      continue;
    }
    const data = message.data ?? {};
    const path = clean(((data.path as { text?: string } | undefined)?.text ?? ''));
    if (message.type === 'match' || message.type === 'context') {
      const first = data.line_number as number;
      const body = ((data.lines as { text?: string } | undefined)?.text ?? '').replace(/\n$/, '');
      const list = lines.get(path) ?? [];
      body.split('\n').forEach((line, i) => list.push({ path, number: first + i, text: line.replace(/\r$/, ''), match: message.type === 'match' }));
      lines.set(path, list);
    } else if (message.type === 'end') {
      const stats = data.stats as { matched_lines?: number; matches?: number } | undefined;
      counts.set(path, (options.multiline ? stats?.matches : stats?.matched_lines) ?? 0);
    }
  }
  const files: RipgrepFile[] = [];
  for (const [path, count] of counts) {
    if (count === 0) continue;
    files.push({ path, count, rows: options.wantRows ? rowsOf(lines.get(path) ?? [], options) : [] });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return files;
}

/** The printed rows of one file: each line once (a match wins over context), `--` between groups. */
function rowsOf(found: readonly RgLine[], options: { lineNumbers: boolean; separators: boolean }): string[] {
  const byNumber = new Map<number, RgLine>();
  for (const line of found) if (!byNumber.get(line.number)?.match) byNumber.set(line.number, line);
  const rows: string[] = [];
  let last = -1;
  for (const line of [...byNumber.values()].sort((a, b) => a.number - b.number)) {
    if (options.separators && last >= 0 && line.number > last + 1) rows.push('--');
    rows.push(row(line.path, line.number - 1, line.text, line.match ? ':' : '-', options.lineNumbers));
    last = line.number;
  }
  return rows;
}

/** ripgrep names files as reached from the target (`./src/a.ts`); Grep names them from the root. */
function clean(path: string): string {
  return path.startsWith('./') ? path.slice(2) : path;
}

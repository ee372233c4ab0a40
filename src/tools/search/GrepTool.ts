import * as z from 'zod';
import { buildTool } from '../buildTool';
import { fileTypeMatcher, knownFileTypes } from './fileTypes';
import { compileGlob, type GlobMatcher } from './globMatch';
import type { ContentMatchOptions } from './grepContent';
import { compileLinearRegex } from '../linearRegex';
import { scanWorkspace } from './grepScan';
import { deniedBy, denyIfOnlyDenied, leftOutNote, resolveSearchBase } from './searchScope';

/** Entries returned when the call gives no `head_limit`. */
export const DEFAULT_HEAD_LIMIT = 250;

const PROMPT = `Searches file contents in the workspace with a regular expression (JavaScript syntax).

- output_mode: "files_with_matches" (default) lists the files that match; "content" shows matching lines as path:line:text; "count" shows path:N per file.
- Filter files with glob (e.g. "*.ts", "src/**/*.{ts,tsx}", several separated by spaces or commas, "!pattern" excludes) or type (${knownFileTypes().join(', ')}).
- -i ignores case; -n (default true) shows line numbers in content mode; -A, -B and -C add lines of context after, before or around each match.
- multiline lets a match span lines (. then matches newlines too).
- head_limit (default ${DEFAULT_HEAD_LIMIT}, 0 for all) and offset page through the entries.
- .git, .svn and .hg are never searched; nor are binary files.
- Use Grep rather than grep or rg in Bash: it is much faster and its output is bounded.`;

const count = (what: string) => z.number().int().nonnegative().optional().describe(what);

const inputSchema = z.strictObject({
  pattern: z.string().describe('The regular expression to search for (JavaScript syntax)'),
  path: z.string().optional().describe('The file or folder to search, relative to the workspace root (default: the whole workspace)'),
  glob: z.string().optional().describe('Only files whose path matches these globs, e.g. "*.ts" or "src/**/*.{ts,tsx}"'),
  type: z.string().optional().describe('Only files of this type, e.g. ts, js, py, rust, go, json, md, css, html'),
  output_mode: z
    .enum(['content', 'files_with_matches', 'count'])
    .optional()
    .describe('What to return: matching lines, file names (default), or match counts per file'),
  '-A': count('Lines of context after each match (content mode)'),
  '-B': count('Lines of context before each match (content mode)'),
  '-C': count('Lines of context before and after each match (content mode)'),
  context: count('The same as -C: lines of context before and after each match (content mode)'),
  '-n': z.boolean().optional().describe('Show line numbers in content mode (default true)'),
  '-i': z.boolean().optional().describe('Ignore case'),
  head_limit: count(`Return at most this many entries (default ${DEFAULT_HEAD_LIMIT}; 0 returns all)`),
  offset: count('Skip this many entries first, to page through results (default 0)'),
  multiline: z.boolean().optional().describe('Let matches span lines; "." then matches newlines too (default false)'),
});

/** Grep's input. */
export type GrepInput = z.infer<typeof inputSchema>;
/** Grep's three ways of reporting. */
export type GrepMode = NonNullable<GrepInput['output_mode']>;

/** How far a search has got. */
export interface GrepProgress {
  filesScanned: number;
  totalFiles: number;
  matchingFiles: number;
}

/** A search's result: the entries of one page and the totals behind it. */
export interface GrepOutput {
  mode: GrepMode;
  /** File names, `path:line:text` rows or `path:N` counts, after offset and head_limit. */
  entries: string[];
  totalEntries: number;
  offset: number;
  numFiles: number;
  /** Matching lines (matches, under multiline) over every file. */
  numMatches: number;
  filesScanned: number;
  /** Files the permission rules kept from the search (never read into the result). */
  leftOut?: number;
}

/** Grep: a regular-expression search over the workspace (ripgrep where the sandbox has it, else in the tool itself). */
export const GrepTool = buildTool<GrepInput, GrepOutput, GrepProgress>({
  name: 'Grep',
  inputSchema,
  prompt: () => PROMPT,
  kind: 'search',
  pathField: 'path',
  isConcurrencySafe: () => true,
  maxResultSizeChars: 20_000,
  searchHint: 'search find text regex regular expression in files',
  userFacingName: (input) => (input?.pattern !== undefined ? `Grep(${input.pattern})` : 'Grep'),
  description: (input) => `Search for ${input.pattern}${input.path ? ` in ${input.path}` : ''}`,

  async validateInput(input, context) {
    const compiled = compileRegexes(input);
    if (!compiled.ok) return compiled;
    if (input.type !== undefined && !fileTypeMatcher(input.type)) {
      return { ok: false, message: `Unknown file type "${input.type}". Known types: ${knownFileTypes().join(', ')}.` };
    }
    const globs = compileGlobFilter(input.glob);
    if (!globs.ok) return globs;
    const base = await resolveSearchBase(context, input.path);
    return base.ok ? { ok: true } : base;
  },

  async checkPermissions(input, context) {
    const globs = compileGlobFilter(input.glob);
    const isType = input.type !== undefined ? fileTypeMatcher(input.type) : undefined;
    if (!globs.ok) return { behavior: 'allow' };
    return denyIfOnlyDenied(context, input.path, (file) => globs.accepts(file.relativeToBase) && (!isType || isType(file.path.slice(file.path.lastIndexOf('/') + 1))));
  },

  async call(input, context, _canUseTool, _parent, onProgress) {
    const regexes = compileRegexes(input);
    const globs = compileGlobFilter(input.glob);
    const base = await resolveSearchBase(context, input.path);
    if (!regexes.ok || !globs.ok || !base.ok) throw new Error('Grep input changed between validation and the call');
    const mode = input.output_mode ?? 'files_with_matches';
    const options: ContentMatchOptions = {
      ...regexes.options,
      before: input['-B'] ?? input['-C'] ?? input.context ?? 0,
      after: input['-A'] ?? input['-C'] ?? input.context ?? 0,
      lineNumbers: input['-n'] ?? true,
    };
    const { hits, scanned, leftOut } = await scanWorkspace(
      context,
      {
        base,
        pattern: input.pattern,
        ignoreCase: input['-i'] === true,
        multiline: input.multiline === true,
        globParts: globs.parts,
        acceptsGlob: globs.accepts,
        type: input.type,
        isType: input.type !== undefined ? fileTypeMatcher(input.type) : undefined,
        options,
        wantRows: mode === 'content',
        exclude: base.type === 'directory' ? deniedBy(context, base) : undefined,
      },
      onProgress,
    );
    const matchingFiles = hits.length;

    const all: string[] = [];
    let numMatches = 0;
    const separated = mode === 'content' && (options.before > 0 || options.after > 0);
    for (const found of hits) {
      numMatches += found.count;
      if (mode === 'files_with_matches') all.push(found.path);
      else if (mode === 'count') all.push(`${found.path}:${found.count}`);
      else {
        if (separated && all.length > 0) all.push('--');
        all.push(...found.rows);
      }
    }
    const offset = input.offset ?? 0;
    const limit = input.head_limit ?? DEFAULT_HEAD_LIMIT;
    return {
      output: {
        mode,
        entries: all.slice(offset, limit === 0 ? undefined : offset + limit),
        totalEntries: all.length,
        offset,
        numFiles: matchingFiles,
        numMatches,
        filesScanned: scanned,
        ...(leftOut > 0 ? { leftOut } : {}),
      },
    };
  },

  mapResult: (output) => searchText(output) + leftOutNote(output.leftOut ?? 0),

  render: {
    use: (input) => ({ title: `Grep ${input.pattern}`, summary: scopeLabel(input) }),
    progress: (progress) => ({
      title: 'Searching',
      summary: `${progress.filesScanned} of ${progress.totalFiles} files, ${progress.matchingFiles} matching`,
      tone: 'muted',
    }),
    result: (output, input) => ({
      title: `Grep ${input.pattern}`,
      summary: `${plural(output.numFiles, 'file')} of ${output.filesScanned} matched`,
      body: output.entries.join('\n'),
      format: 'code',
      tone: output.numFiles > 0 ? 'success' : 'muted',
    }),
  },
});

/** The result text of a search, before any note on files the rules left out. */
function searchText(output: GrepOutput): string {
  if (output.numFiles === 0) return `No matches found (${plural(output.filesScanned, 'file')} searched).`;
  if (output.entries.length === 0) return `No entries at offset ${output.offset}: there are only ${output.totalEntries}.`;
  const shownTo = output.offset + output.entries.length;
  const paging =
    shownTo < output.totalEntries || output.offset > 0
      ? `\n\n(Showing entries ${output.offset + 1}-${shownTo} of ${output.totalEntries}.${
          shownTo < output.totalEntries ? ` Call Grep with offset ${shownTo} for more.` : ''
        })`
      : '';
  const body = output.entries.join('\n');
  switch (output.mode) {
    case 'files_with_matches':
      return `Found ${plural(output.numFiles, 'file')}\n${body}${paging}`;
    case 'count':
      return `${body}\n\nFound ${plural(output.numMatches, 'match', 'matches')} in ${plural(output.numFiles, 'file')}.${paging}`;
    case 'content':
      return `${body}${paging}`;
    default: {
      const exhaustive: never = output.mode;
      return exhaustive;
    }
  }
}

type Compiled = { ok: true; options: Pick<ContentMatchOptions, 'lineRegex' | 'multilineRegex' | 'prefilterRegex'> } | { ok: false; message: string };

function compileRegexes(input: GrepInput): Compiled {
  const ignoreCase = input['-i'] === true;
  const line = compileLinearRegex(input.pattern, { ignoreCase });
  if (!line.ok) return { ok: false, message: `The pattern is not a regular expression Grep can run: ${line.message}` };
  const lineRegex = line.regex;
  if (input.multiline) {
    const multiline = compileLinearRegex(input.pattern, { ignoreCase, multiline: true, dotAll: true });
    return multiline.ok ? { ok: true, options: { lineRegex, multilineRegex: multiline.regex } } : { ok: false, message: `The pattern is not a regular expression Grep can run: ${multiline.message}` };
  }
  const prefilter = compileLinearRegex(input.pattern, { ignoreCase, multiline: true });
  return { ok: true, options: prefilter.ok ? { lineRegex, prefilterRegex: prefilter.regex } : { lineRegex } };
}

/** `glob` split on spaces and top-level commas; `!` marks an exclusion. Globs without `/` match file names. */
function compileGlobFilter(glob: string | undefined): { ok: true; accepts: GlobMatcher; parts: string[] } | { ok: false; message: string } {
  if (glob === undefined || glob.trim() === '') return { ok: true, accepts: () => true, parts: [] };
  const include: GlobMatcher[] = [];
  const exclude: GlobMatcher[] = [];
  for (const part of splitGlobs(glob)) {
    const negated = part.startsWith('!');
    const compiled = compileGlob(negated ? part.slice(1) : part, { matchBase: true });
    if (!compiled.ok) return { ok: false, message: `Invalid glob "${part}": ${compiled.error}` };
    (negated ? exclude : include).push(compiled.match);
  }
  return {
    ok: true,
    accepts: (path) => (include.length === 0 || include.some((m) => m(path))) && !exclude.some((m) => m(path)),
    parts: splitGlobs(glob),
  };
}

function splitGlobs(glob: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of glob) {
    if (char === '{') depth++;
    if (char === '}') depth--;
    if (depth === 0 && (char === ',' || /\s/.test(char))) {
      if (current) parts.push(current);
      current = '';
    } else current += char;
  }
  if (current) parts.push(current);
  return parts;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function scopeLabel(input: GrepInput): string | undefined {
  const parts = [input.path && `in ${input.path}`, input.glob && `glob ${input.glob}`, input.type && `type ${input.type}`];
  const label = parts.filter(Boolean).join(', ');
  return label || undefined;
}

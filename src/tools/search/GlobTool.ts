import * as z from 'zod';
import { buildTool } from '../buildTool';
import type { ToolUseContext } from '../types';
import { compileGlob, type GlobMatcher } from './globMatch';
import { deniedBy, denyIfOnlyDenied, leftOutNote, listFiles, resolveSearchBase } from './searchScope';

/** At most this many files are returned. */
export const MAX_GLOB_RESULTS = 100;

const PROMPT = `Finds files by name pattern in the workspace.

- Patterns: ** (any folders), * (any characters but /), ? (one character), {a,b} (either), [abc] (one of). E.g. "**/*.ts", "src/**/*.{ts,tsx}", "*.md".
- The pattern is matched against paths relative to path (default: the workspace root); "*.md" finds only files directly in it, "**/*.md" at any depth.
- Results are paths relative to the workspace root, sorted by path, at most ${MAX_GLOB_RESULTS}.
- .git, .svn and .hg are skipped. To search file contents use Grep.`;

const inputSchema = z.strictObject({
  pattern: z.string().describe('The glob to match file paths against, e.g. "**/*.ts"'),
  path: z.string().optional().describe('The folder to search in, relative to the workspace root (default: the root)'),
});

/** Glob's input. */
export type GlobInput = z.infer<typeof inputSchema>;

/** The files found: the first {@link MAX_GLOB_RESULTS}, sorted, and how many matched in all. */
export interface GlobOutput {
  filenames: string[];
  numFiles: number;
  truncated: boolean;
  /** Files the permission rules keep from this search (not named). */
  leftOut?: number;
}

/** Glob: file names matching a pattern, from one listing of the search folder. */
export const GlobTool = buildTool<GlobInput, GlobOutput>({
  name: 'Glob',
  inputSchema,
  prompt: () => PROMPT,
  kind: 'search',
  pathField: 'path',
  isConcurrencySafe: () => true,
  maxResultSizeChars: 100_000,
  searchHint: 'find files by name pattern wildcard list',
  userFacingName: (input) => (input?.pattern !== undefined ? `Glob(${input.pattern})` : 'Glob'),
  description: (input) => `Find files matching ${input.pattern}${input.path ? ` in ${input.path}` : ''}`,

  async validateInput(input, context) {
    const prepared = await prepare(input, context);
    return prepared.ok ? { ok: true } : prepared;
  },

  async checkPermissions(input, context) {
    const prepared = await prepare(input, context);
    return prepared.ok ? denyIfOnlyDenied(context, input.path, (file) => prepared.match(file.relativeToBase)) : { behavior: 'allow' };
  },

  async call(input, context) {
    const prepared = await prepare(input, context);
    if (!prepared.ok) throw new Error(prepared.message);
    const denied = deniedBy(context, prepared);
    const found = (await listFiles(context, prepared.base, 'directory')).filter((file) => prepared.match(file.relativeToBase));
    const matches = (denied ? found.filter((file) => !denied(file.path)) : found).map((file) => file.relativeToRoot);
    const leftOut = found.length - matches.length;
    return {
      output: {
        filenames: matches.slice(0, MAX_GLOB_RESULTS),
        numFiles: matches.length,
        truncated: matches.length > MAX_GLOB_RESULTS,
        ...(leftOut > 0 ? { leftOut } : {}),
      },
    };
  },

  mapResult(output) {
    const rules = leftOutNote(output.leftOut ?? 0);
    if (output.numFiles === 0) return `No files found${rules}`;
    const note = output.truncated
      ? `\n(${output.numFiles} files matched; only the first ${MAX_GLOB_RESULTS} are shown. Narrow the pattern or the path.)`
      : '';
    return output.filenames.join('\n') + note + rules;
  },

  render: {
    use: (input) => ({ title: `Glob ${input.pattern}`, summary: input.path ? `in ${input.path}` : undefined }),
    result: (output, input) => ({
      title: `Glob ${input.pattern}`,
      summary: `${output.numFiles} file${output.numFiles === 1 ? '' : 's'}${output.truncated ? ` (first ${MAX_GLOB_RESULTS} shown)` : ''}`,
      body: output.filenames.join('\n'),
      format: 'text',
      tone: output.numFiles > 0 ? 'success' : 'muted',
    }),
  },
});

/** The folder to list and the compiled pattern (an absolute pattern is taken relative to that folder). */
async function prepare(
  input: GlobInput,
  context: ToolUseContext,
): Promise<{ ok: true; base: string; path: string; real?: string; match: GlobMatcher } | { ok: false; message: string }> {
  const base = await resolveSearchBase(context, input.path);
  if (!base.ok) return base;
  if (base.type !== 'directory') return { ok: false, message: `${input.path ?? '.'} is not a folder; Glob searches folders.` };
  let pattern = input.pattern;
  if (pattern.startsWith('/')) {
    const prefix = base.path.endsWith('/') ? base.path : `${base.path}/`;
    if (!pattern.startsWith(prefix)) {
      return { ok: false, message: `The pattern ${pattern} is absolute but does not lie inside ${base.path}; give it relative to the search folder.` };
    }
    pattern = pattern.slice(prefix.length);
  }
  const compiled = compileGlob(pattern);
  if (!compiled.ok) return { ok: false, message: `Invalid glob: ${compiled.error}` };
  return { ok: true, base: base.path, path: base.path, ...(base.real !== undefined ? { real: base.real } : {}), match: compiled.match };
}

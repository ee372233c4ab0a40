import { joinLineContinuations } from '../../../sandbox/lineContinuations';
import { parseShell } from '../../../sandbox/shellParser';
import type { PathTarget } from '../pathRules';
import { normalizeRulePath } from '../workspacePaths';
import { dangerousAssignments } from './dangerousEnv';
import { operandAccesses, type RawAccess } from './fileEffects';
import { commandSemantics } from './semantics';
import type { BashInspection, FileAccess, FoundRedirect, InspectOptions } from './types';
import { Walker } from './walker';
import type { WordValue } from './words';

/** The workspace root when a caller names none. */
export const DEFAULT_ROOT = '/workspace';
/** Paths that are devices, not files: writing to them changes nothing a rule protects. */
const DEVICES = /^\/dev\/(null|zero|stdin|stdout|stderr|tty|fd\/\d+|urandom|random)$/;
const WRITE_OPERATORS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);

/**
 * Reads a command line without running it: every simple command (with what runs it), what the
 * analysis cannot see, the files read and written (paths normalised against the workspace) and the
 * environment assignments that change what programs run. `ok: false` when it does not parse.
 */
export function inspectBashCommand(command: string, options: InspectOptions = {}): { ok: true; inspection: BashInspection } | { ok: false; reason: string } {
  const parsed = parseShell(command);
  if (!parsed.ok) return { ok: false, reason: `the command could not be parsed: ${parsed.error}` };
  const root = options.root ?? DEFAULT_ROOT;
  const home = options.home ?? root;
  const walker = new Walker(parsed.script, root, home, commandSemantics);
  walker.statements(parsed.script.statements, { via: [], certain: true, depth: 0 });
  if (walker.incomplete) return { ok: false, reason: 'the command is incomplete (an operator with nothing after it)' };
  const files: FileAccess[] = [];
  const record = (raw: RawAccess, cwd: string[] | null, command?: number) => {
    for (const target of targetsOf(raw.word, cwd, root, home, raw.tree === true)) {
      files.push({
        ...(command !== undefined ? { command } : {}),
        access: raw.access,
        target,
        raw: raw.word.text ?? raw.word.glob ?? '(known at run time)',
        by: raw.by,
        certainty: raw.certainty,
      });
    }
  };
  for (const found of walker.commands) {
    for (const raw of redirectAccesses(found.redirects)) record(raw, found.cwd, found.index);
    for (const raw of operandAccesses(found)) record(raw, found.cwd, found.index);
  }
  for (const { redirect, cwd } of walker.compoundRedirects) for (const raw of redirectAccesses([redirect])) record(raw, cwd);
  const lineCommands = walker.commands.filter((found) => found.via.length === 0);
  return {
    ok: true,
    inspection: {
      commands: walker.commands,
      hidden: walker.hidden,
      files,
      env: dangerousAssignments(walker.commands),
      compound: walker.marks > 0 || walker.control || lineCommands.length > 1,
      control: walker.control,
      text: joinLineContinuations(command),
    },
  };
}

/** The files redirections read and write (`>`, `>>`, `&>`, `<>`, `<`, `>&file`). */
export function redirectAccesses(redirects: readonly FoundRedirect[]): RawAccess[] {
  const out: RawAccess[] = [];
  for (const redirect of redirects) {
    const target = redirect.target;
    if (target === null) continue;
    const by = `${redirect.fd ?? ''}${redirect.operator} redirection`;
    const duplicate = target.text !== null && /^(\d+|-)$/.test(target.text);
    if (WRITE_OPERATORS.has(redirect.operator) || (redirect.operator === '>&' && !duplicate)) out.push({ access: 'write', word: target, by, certainty: 'certain' });
    if (redirect.operator === '<' || redirect.operator === '<>' || (redirect.operator === '<&' && !duplicate)) out.push({ access: 'read', word: target, by, certainty: 'certain' });
  }
  return out;
}

/** The normalised targets a word names, once per working directory the command may run in. */
function targetsOf(word: WordValue, cwd: string[] | null, root: string, home: string, tree: boolean): PathTarget[] {
  const text = word.text ?? word.glob;
  if (text === undefined || text === null) return [{ kind: 'unknown' }];
  if (DEVICES.test(text)) return [];
  const anchored = text.startsWith('/') || text.startsWith('~');
  const bases: (string | undefined)[] | null = anchored ? [undefined] : cwd;
  if (bases === null) return [{ kind: 'unknown' }];
  const seen = new Set<string>();
  const out: PathTarget[] = [];
  for (const base of bases) {
    const path = normalizeRulePath(text, { root, home, ...(base !== undefined ? { cwd: base } : {}) });
    if (path === undefined) {
      out.push({ kind: 'unknown' });
      continue;
    }
    if (seen.has(path)) continue;
    seen.add(path);
    if (word.text === null) out.push(tree ? { kind: 'unknown' } : { kind: 'glob', glob: path });
    else out.push(tree ? { kind: 'tree', path } : { kind: 'path', path });
  }
  return out;
}

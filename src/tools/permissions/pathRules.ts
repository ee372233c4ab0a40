import { posix } from '../../sandbox/posixPath';
import { compileGlob } from '../search/globMatch';
import { compileGlobSet } from '../search/globAutomaton';
import { escapeGlob, globsOverlap } from './globOverlap';
import { absoluteRulePath, normalizeRulePath } from './workspacePaths';

/**
 * What a call touches, as a path rule (`Read(…)`, `Edit(…)`) sees it. Paths are normalised
 * (`normalizeRulePath`): relative to the workspace root when inside it, absolute when outside.
 */
export type PathTarget =
  /** One path. */
  | { kind: 'path'; path: string }
  /** The paths a glob expands to (`secrets/*`), normalised like a path. */
  | { kind: 'glob'; glob: string }
  /** A folder and everything below it (`rm -r dir`, `grep -r x dir`). */
  | { kind: 'tree'; path: string }
  /** A path known only at run time. */
  | { kind: 'unknown' };

/** How a path rule meets a target: it names it, it may name it, or it cannot. */
export type PathVerdict = 'match' | 'no-match' | 'unknown';

interface RuleGlobs {
  /** Globs over absolute paths (`//abs` rules), or over workspace-relative paths. */
  absolute: boolean;
  globs: string[];
}

/**
 * The globs a rule pattern stands for. gitignore-style: a pattern without a slash matches at any
 * depth; a folder (`dir/`, `dir/**`) covers the folder itself and everything in it; `//abs` is an
 * absolute path; `~/…` is the home folder (the workspace, on both sandboxes); `./` and a leading
 * `/` are the workspace root; doubled slashes and a trailing slash are read as the path would be.
 */
function ruleGlobs(pattern: string, root: string): RuleGlobs {
  if (pattern.startsWith('//')) {
    const absolute = `/${pattern.slice(2).replace(/\/{2,}/g, '/')}`;
    const base = absolute.endsWith('/') ? `${absolute}**` : absolute;
    return { absolute: true, globs: folderForms(base) };
  }
  let relative = pattern.replace(/\/{2,}/g, '/');
  let anchored = false;
  if (relative === '~' || relative.startsWith('~/')) {
    const home = normalizeRulePath(relative, { root });
    if (home === undefined || home.startsWith('/')) return { absolute: true, globs: folderForms(home ?? '/nonexistent/~') };
    relative = home === '.' ? '**' : home;
    anchored = true;
  }
  relative = relative.replace(/^\.\//, '').replace(/^\//, '');
  if (relative.endsWith('/')) relative += '**';
  if (anchored || relative.includes('/')) return { absolute: false, globs: folderForms(relative) };
  return { absolute: false, globs: [relative, `**/${relative}`, `**/${relative}/**`] };
}

/** A pattern, what is inside it when it is a folder, and the folder itself for `dir/**`. */
function folderForms(glob: string): string[] {
  const forms = [glob, `${glob}/**`];
  if (glob.endsWith('/**')) forms.push(glob.slice(0, -3));
  return forms;
}

/** Compiled rule globs: a search matches every file it finds against the same few. */
const compiledGlobs = new Map<string, ((path: string) => boolean) | null>();
const MAX_COMPILED = 1000;

function globTest(pattern: string, path: string): boolean {
  let match = compiledGlobs.get(pattern);
  if (match === undefined) {
    const compiled = compileGlob(pattern);
    match = compiled.ok ? compiled.match : null;
    if (compiledGlobs.size >= MAX_COMPILED) compiledGlobs.clear();
    compiledGlobs.set(pattern, match);
  }
  return match !== null && match(path);
}

/** Whether the rule pattern names `path` (a normalised path). */
export function pathRuleMatches(pattern: string, path: string, root: string): boolean {
  return namesPath(ruleGlobs(pattern, root), path, root);
}

/**
 * Which of several rule patterns names a path, in one pass: every pattern's globs in one automaton
 * over workspace-relative paths and one over absolute paths (`globAutomaton.ts`: linear in the
 * path, whatever the globs), made once. A search judges every file it finds by the same few rules.
 * Gives the index of the first pattern that names `path` (a normalised path), or -1; the same
 * answer as {@link pathRuleMatches} on each pattern in turn.
 */
export function pathRuleSetMatcher(patterns: readonly string[], root: string): (path: string) => number {
  const rules = patterns.map((pattern) => ruleGlobs(pattern, root));
  const either = (absolute: boolean) => {
    // Each glob that compiles, and the rule it is of (a malformed glob names nothing).
    const globs: string[] = [];
    const ruleOf: number[] = [];
    rules.forEach((rule, index) => {
      if (rule.absolute !== absolute) return;
      for (const glob of rule.globs) {
        if (!compileGlob(glob).ok) continue;
        globs.push(glob);
        ruleOf.push(index);
      }
    });
    if (globs.length === 0) return undefined;
    const set = compileGlobSet(globs);
    return (subject: string) => {
      const accepted = set(subject);
      return accepted.length === 0 ? -1 : Math.min(...accepted.map((glob) => ruleOf[glob]!));
    };
  };
  const relativeRules = either(false);
  const absoluteRules = either(true);
  const normalRoot = posix.normalize(root);
  const rootPrefix = normalRoot.endsWith('/') ? normalRoot : `${normalRoot}/`;
  // A normalised path is absolute only outside the workspace; inside, its absolute form is a plain join.
  const absoluteOf = (path: string) => (path.startsWith('/') ? path : path === '.' ? normalRoot : rootPrefix + path);
  return (path) => {
    const relative = relativeRules !== undefined && !path.startsWith('/') ? relativeRules(path) : -1;
    const absolute = absoluteRules !== undefined ? absoluteRules(absoluteOf(path)) : -1;
    return relative < 0 ? absolute : absolute < 0 ? relative : Math.min(relative, absolute);
  };
}

/** Whether a rule's globs name `path` (a normalised path). */
function namesPath(rule: RuleGlobs, path: string, root: string): boolean {
  const subject = rule.absolute ? absoluteRulePath(path, root) : path.startsWith('/') ? undefined : path;
  return subject !== undefined && rule.globs.some((glob) => globTest(glob, subject));
}

/** How the rule pattern meets a target; `unknown` when it may name what the target turns out to be. */
export function pathRuleVerdict(pattern: string, target: PathTarget, root: string): PathVerdict {
  if (target.kind === 'unknown') return 'unknown';
  const rule = ruleGlobs(pattern, root);
  const subject = (path: string): string | undefined => {
    if (rule.absolute) return absoluteRulePath(path, root);
    return path.startsWith('/') ? undefined : path;
  };
  if (target.kind === 'path') return namesPath(rule, target.path, root) ? 'match' : 'no-match';
  if (target.kind === 'tree') {
    if (namesPath(rule, target.path, root)) return 'match';
    const base = subject(target.path);
    if (base === undefined) return 'no-match';
    const below = base === '.' ? '**' : `${escapeGlob(base)}/**`;
    return overlapsAny(rule.globs, below, true) ? 'unknown' : 'no-match';
  }
  const glob = rule.absolute && !target.glob.startsWith('/') ? posix.join(escapeGlob(root), target.glob) : target.glob;
  if (!rule.absolute && glob.startsWith('/')) return 'no-match';
  return overlapsAny(rule.globs, glob, false) ? 'unknown' : 'no-match';
}

function overlapsAny(ruleGlobList: string[], glob: string, globstar: boolean): boolean {
  return ruleGlobList.some((ruleGlob) => globsOverlap(ruleGlob, { globstar: true }, glob, { globstar }));
}

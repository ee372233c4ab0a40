import type { AnyTool, PermissionDecision, PermissionMode } from '../types';
import { explainBashDecision } from './bashDecision';
import { pathRuleMatches, pathRuleSetMatcher } from './pathRules';
import type { PermissionRule, RuleSet } from './ruleTypes';
import { normalizeRulePath, rulePathsUnder } from './workspacePaths';

export type { PermissionRule, RuleSet } from './ruleTypes';

/** Parses one rule; a string is the error. */
export function parseRule(source: string): PermissionRule | string {
  const text = source.trim();
  // `mcp__server__*` names every tool of a server: the same rule as `mcp__server`.
  const server = /^(mcp__[\w-]+?)__\*$/.exec(text);
  if (server) return { source, tool: server[1]!, content: undefined };
  const match = /^([A-Za-z_][\w-]*)(?:\((.*)\))?$/s.exec(text);
  if (!match) return `"${source}" is not a rule: write Tool or Tool(pattern), e.g. Bash(npm test:*) or Read(src/**)`;
  const content = match[2];
  return { source, tool: match[1]!, content: content === undefined || content === '' || content === '*' ? undefined : content };
}

/** Parses the three lists, collecting every bad rule with its place. */
export function parseRuleSet(lists: { allow: readonly string[]; ask: readonly string[]; deny: readonly string[] }):
  | { ok: true; rules: RuleSet }
  | { ok: false; errors: { path: string; message: string }[] } {
  const errors: { path: string; message: string }[] = [];
  const parse = (name: 'allow' | 'ask' | 'deny') =>
    lists[name].flatMap((source, i) => {
      const rule = parseRule(source);
      if (typeof rule === 'string') {
        errors.push({ path: `settings.${name}[${i}]`, message: rule });
        return [];
      }
      return [rule];
    });
  const rules = { allow: parse('allow'), ask: parse('ask'), deny: parse('deny') };
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rules };
}

/** Whether a whole-tool deny removes `tool` from the pool. */
export function isDeniedAsWhole(tool: AnyTool, rules: RuleSet): PermissionRule | undefined {
  return rules.deny.find((rule) => rule.content === undefined && toolMatches(rule, tool));
}

const READING_TOOLS = new Set(['Read', 'Glob', 'Grep']);
const WRITING_TOOLS = new Set(['Edit', 'Write', 'NotebookEdit']);

function toolMatches(rule: PermissionRule, tool: AnyTool): boolean {
  if (rule.tool === tool.name) return true;
  if (tool.isMcp && rule.content === undefined) {
    // mcp__server and mcp__server__* cover every tool of the server; mcp__server__tool is exact.
    const server = rule.tool.replace(/__\*$/, '');
    return server.startsWith('mcp__') && server.split('__').length === 2 && tool.name.startsWith(`${server}__`);
  }
  // Read rules cover every reading tool; Edit rules every writing tool.
  if (rule.tool === 'Read' && rule.content !== undefined) return READING_TOOLS.has(tool.name);
  if (rule.tool === 'Edit' && rule.content !== undefined) return WRITING_TOOLS.has(tool.name);
  return false;
}

/**
 * The path argument a file tool's rules are matched on, as the model wrote it: the file a tool
 * reads or writes, or the folder a search starts from (`.` by default). `undefined` for a tool
 * without one.
 */
export function ruleSubjectPath(tool: AnyTool, input: unknown): string | undefined {
  const access = tool.fileAccess(input);
  return access?.path ?? (READING_TOOLS.has(tool.name) ? ((input as { path?: string }).path ?? '.') : undefined);
}

/** Whether `rule` covers a call of a tool other than Bash that touches `path` (normalised; `undefined`: none). */
function ruleCovers(rule: PermissionRule, tool: AnyTool, input: unknown, root: string, path: string | undefined): boolean {
  if (!toolMatches(rule, tool)) return false;
  if (rule.content === undefined) return true;
  if (rule.content.startsWith('domain:')) {
    const url = (input as { url?: string }).url;
    try {
      const host = url ? new URL(url).hostname : '';
      const domain = rule.content.slice('domain:'.length);
      return host === domain || host.endsWith(`.${domain}`);
    } catch {
      return false;
    }
  }
  return path !== undefined && pathRuleMatches(rule.content, path, root);
}

/**
 * The deny rule that keeps `tool` from the file at `absolutePath`, if one does: what a search
 * leaves out of its results, and what a file tool checks again on the path it really opens.
 * `undefined` when no path rule for the tool denies anything.
 */
export function pathDenial(tool: AnyTool, rules: RuleSet, root: string): ((absolutePath: string) => PermissionRule | undefined) | undefined {
  const denying = rules.deny.filter((rule) => rule.content !== undefined && !rule.content.startsWith('domain:') && toolMatches(rule, tool));
  if (denying.length === 0) return undefined;
  // Made at the first path asked about, once for all: a search asks about every file it finds.
  let matcher: ((path: string) => number) | undefined;
  const normalise = rulePathsUnder(root);
  return (absolutePath) => {
    const path = normalise(absolutePath);
    if (path === undefined) return undefined;
    matcher ??= pathRuleSetMatcher(denying.map((rule) => rule.content!), root);
    const index = matcher(path);
    return index === -1 ? undefined : denying[index];
  };
}

/**
 * The rules' verdict on one call, checked deny → ask → allow, first match wins. Bash commands go
 * through `explainBashDecision`, the analysis the rule tester shows: a command that cannot be
 * parsed, or that hides what it runs from a deny or ask rule, asks. `undefined` when no rule speaks
 * and the mode decides. `realPath` is where a file tool's path really leads when a symbolic link
 * is on the way (absolute): a deny or ask rule matching either path speaks, and an allow rule
 * must cover both.
 */
export function decideByRules(tool: AnyTool, input: unknown, rules: RuleSet, root: string, mode: PermissionMode, realPath?: string): PermissionDecision | undefined {
  if (tool.name === 'Bash') {
    const explanation = explainBashDecision((input as { command?: string }).command ?? '', rules, root, mode);
    switch (explanation.decision) {
      case 'deny':
      case 'ask':
        return { behavior: explanation.decision, reason: explanation.reason };
      case 'allow':
        return { behavior: 'allow' };
      case 'undecided':
        return undefined;
      default: {
        const exhaustive: never = explanation.decision;
        return exhaustive;
      }
    }
  }
  const raw = ruleSubjectPath(tool, input);
  const written = raw === undefined ? undefined : normalizeRulePath(raw, { root });
  const real = realPath === undefined ? undefined : normalizeRulePath(realPath, { root });
  const paths = real !== undefined && real !== written ? [written, real] : [written];
  const matching = (list: readonly PermissionRule[]) => {
    for (const path of paths) {
      const rule = list.find((candidate) => ruleCovers(candidate, tool, input, root, path));
      if (rule) return { rule, through: path !== written ? ` (${raw} is a symbolic link to ${path})` : '' };
    }
    return undefined;
  };
  const denied = matching(rules.deny);
  if (denied) return { behavior: 'deny', reason: `the deny rule ${denied.rule.source} matches${denied.through}` };
  if (mode !== 'bypassPermissions') {
    const asked = matching(rules.ask);
    if (asked) return { behavior: 'ask', reason: `the ask rule ${asked.rule.source} matches${asked.through}` };
  }
  return paths.every((path) => rules.allow.some((rule) => ruleCovers(rule, tool, input, root, path))) ? { behavior: 'allow' } : undefined;
}

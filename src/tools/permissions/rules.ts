import { kindTraits, type RuleReach } from '../kinds';
import type { AnyTool, PermissionDecision, PermissionMode } from '../types';
import { explainBashDecision } from './bashDecision';
import { pathRuleMatches, pathRuleSetMatcher } from './pathRules';
import { unknownToolProblem } from './ruleToolNames';
import type { PermissionRule, RuleSet } from './ruleTypes';
import { normalizeRulePath, rulePathsUnder } from './workspacePaths';

export type { PermissionRule, RuleSet } from './ruleTypes';

/**
 * Parses one rule; a string is the error. `poolTools` are names of tools a pool has beyond the
 * catalogue (a tool built for it, as a test builds one), which a rule may name too.
 */
export function parseRule(source: string, poolTools: readonly string[] = []): PermissionRule | string {
  const text = source.trim();
  // `mcp__server__*` names every tool of a server: the same rule as `mcp__server`.
  const server = /^(mcp__[\w-]+?)__\*$/.exec(text);
  if (server) return { source, tool: server[1]!, content: undefined };
  const match = /^([A-Za-z_][\w-]*)(?:\((.*)\))?$/s.exec(text);
  if (!match) return `"${source}" is not a rule: write Tool or Tool(pattern), e.g. Bash(npm test:*) or Read(src/**)`;
  const tool = match[1]!;
  const content = match[2];
  const unknown = poolTools.includes(tool) ? undefined : unknownToolProblem(tool);
  if (unknown !== undefined) return `"${source}": ${unknown}`;
  const unbalanced = content === undefined ? undefined : unbalancedParenthesis(content);
  if (unbalanced !== undefined) return `"${source}": ${unbalanced}`;
  return { source, tool, content: content === undefined || content === '' || content === '*' ? undefined : content };
}

/**
 * Why a rule's pattern has a bracket that does not pair (`Read(secrets/**))`, whose pattern would
 * be `secrets/**)` and match nothing), or `undefined`. Brackets inside quotes and after a backslash
 * are the command's own text, as in `Bash(echo ")")` or `Bash(echo \()`.
 */
function unbalancedParenthesis(content: string): string | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < content.length; i++) {
    const char = content[i]!;
    if (char === '\\') i++;
    else if (quote !== undefined) quote = char === quote ? undefined : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return `its pattern "${content}" has a ")" that closes no "(": a rule is Tool(pattern), and a ")" of the pattern's own is written \\)`;
  }
  return depth > 0 ? `its pattern "${content}" has a "(" that is never closed` : undefined;
}

/** Parses the three lists, collecting every bad rule with its place. */
export function parseRuleSet(
  lists: { allow: readonly string[]; ask: readonly string[]; deny: readonly string[] },
  poolTools: readonly string[] = [],
):
  | { ok: true; rules: RuleSet }
  | { ok: false; errors: { path: string; message: string }[] } {
  const errors: { path: string; message: string }[] = [];
  const parse = (name: 'allow' | 'ask' | 'deny') =>
    lists[name].flatMap((source, i) => {
      const rule = parseRule(source, poolTools);
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
  return rules.deny.find((rule) => rule.content === undefined && toolMatches(rule, tool, 'holds'));
}

/** Bash: the one tool whose command the analysis reads. */
const BASH = 'Bash';

/** The rules' own words for every tool that reads files, and every tool that writes them. */
const KIND_RULES = { Read: 'read', Edit: 'edit' } as const;

/** How a `Read(…)` or `Edit(…)` rule reaches `tool`, by its kind; `undefined` for any other rule. */
function kindReach(rule: PermissionRule, tool: AnyTool): RuleReach | undefined {
  const trait = KIND_RULES[rule.tool as keyof typeof KIND_RULES];
  if (trait === undefined) return undefined;
  const reach = kindTraits(tool.kind)[trait];
  // Only Bash has the analysis that sees what a command reads and writes.
  return reach === 'command' && tool.name !== BASH ? 'unseen' : reach;
}

/**
 * Whether `rule` names `tool`: by its name, an alias or a tool it is the same as; an MCP server
 * rule by its server; a `Read(…)`/`Edit(…)` rule by its kind (design.md, Tool kinds). A tool whose
 * files the rules cannot see (`unseen`) is held by the kind's deny and ask rules, never allowed by
 * them: `purpose` says which the rule is for.
 */
function toolMatches(rule: PermissionRule, tool: AnyTool, purpose: 'holds' | 'allows'): boolean {
  if (rule.tool === tool.name || tool.aliases.includes(rule.tool) || tool.sameAs.includes(rule.tool)) return true;
  if (tool.isMcp && rule.content === undefined) {
    // mcp__server and mcp__server__* cover every tool of the server; mcp__server__tool is exact.
    const server = rule.tool.replace(/__\*$/, '');
    return server.startsWith('mcp__') && server.split('__').length === 2 && tool.name.startsWith(`${server}__`);
  }
  const reach = kindReach(rule, tool);
  if (reach === undefined) return false;
  switch (reach) {
    case 'path':
      return true;
    case 'command':
      // Bash: its command's analysis answers path rules; a bare Read or Edit is not about Bash.
      return rule.content !== undefined;
    case 'unseen':
      return purpose === 'holds';
    case 'none':
      return false;
    default: {
      const exhaustive: never = reach;
      return exhaustive;
    }
  }
}

/**
 * The path argument a file tool's rules are matched on, as the model wrote it: its path field
 * (`file_path`, `notebook_path`, a search's `path`), a search's root (`.`) when it names none.
 * `undefined` for a tool without one.
 */
export function ruleSubjectPath(tool: AnyTool, input: unknown): string | undefined {
  const field = tool.pathField;
  const value = field === undefined ? undefined : (input as Record<string, unknown> | null | undefined)?.[field];
  if (typeof value === 'string') return value;
  return field !== undefined && tool.kind === 'search' ? '.' : undefined;
}

/** A `Read(…)`/`Edit(…)` rule with a path that may cover `tool` but cannot be matched: the tool's files are not seen. */
function unseenBy(rule: PermissionRule, tool: AnyTool): boolean {
  return rule.content !== undefined && !rule.content.startsWith('domain:') && kindReach(rule, tool) === 'unseen';
}

/** Whether `rule` covers a call of a tool other than Bash that touches `path` (normalised; `undefined`: none). */
function ruleCovers(rule: PermissionRule, tool: AnyTool, input: unknown, root: string, path: string | undefined, purpose: 'holds' | 'allows'): boolean {
  if (!toolMatches(rule, tool, purpose)) return false;
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
  if (tool.pathField === undefined) return undefined;
  const denying = rules.deny.filter((rule) => rule.content !== undefined && !rule.content.startsWith('domain:') && toolMatches(rule, tool, 'holds'));
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
  if (tool.name === BASH) {
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
      const rule = list.find((candidate) => ruleCovers(candidate, tool, input, root, path, 'holds'));
      if (rule) return { rule, through: path !== written ? ` (${raw} is a symbolic link to ${path})` : '' };
    }
    return undefined;
  };
  const unseen = (list: readonly PermissionRule[]) => list.find((rule) => unseenBy(rule, tool));
  const notSeen = `the files ${tool.name} reads and writes are not known (${tool.kind === 'other' ? 'it does not say what it does' : `nothing reads a ${tool.kind} tool's input for them`})`;
  const denied = matching(rules.deny);
  if (denied) return { behavior: 'deny', reason: `the deny rule ${denied.rule.source} matches${denied.through}` };
  const mayBeDenied = unseen(rules.deny);
  if (mayBeDenied) return { behavior: 'ask', reason: `the call cannot be checked against the deny rule ${mayBeDenied.source}: ${notSeen}` };
  if (mode !== 'bypassPermissions') {
    const asked = matching(rules.ask);
    if (asked) return { behavior: 'ask', reason: `the ask rule ${asked.rule.source} matches${asked.through}` };
    const mayAsk = unseen(rules.ask);
    if (mayAsk) return { behavior: 'ask', reason: `the ask rule ${mayAsk.source} may match: ${notSeen}` };
  }
  return paths.every((path) => rules.allow.some((rule) => ruleCovers(rule, tool, input, root, path, 'allows'))) ? { behavior: 'allow' } : undefined;
}

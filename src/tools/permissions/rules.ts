import { posix } from '../../sandbox/posixPath';
import { compileGlob } from '../search/globMatch';
import type { AnyTool, PermissionDecision, PermissionMode } from '../types';
import { analyzeBashCommand, type SimpleCommand } from './bashAnalysis';

/** One parsed permission rule: `Tool`, `Tool(content)`, or an MCP server rule. */
export interface PermissionRule {
  source: string;
  tool: string;
  /** `undefined` for a whole-tool rule. */
  content: string | undefined;
}

/** The three rule lists of a scenario's settings. */
export interface RuleSet {
  allow: readonly PermissionRule[];
  ask: readonly PermissionRule[];
  deny: readonly PermissionRule[];
}

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
/** Commands that run other commands (their argument, or their standard input): what they run is unknown. */
const COMMAND_RUNNERS = new Set(['sh', 'bash', 'zsh', 'dash', 'eval', 'exec', 'xargs', 'env', 'sudo', 'nohup', 'time', 'command', 'builtin', 'nice', 'timeout', 'watch', 'source', '.', 'parallel', 'node', 'python', 'python3', 'perl', 'ruby']);

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

/** A Bash simple command as rules see it: plain words joined by one space, `/bin/rm` read as `rm`. */
function commandText(command: SimpleCommand): string | null {
  if (command.argv.some((word) => word === null)) return null;
  const [name, ...args] = command.argv as string[];
  if (name === undefined) return '';
  return [name.includes('/') ? posix.basename(name) : name, ...args].join(' ');
}

function bashPatternMatches(pattern: string, text: string): boolean {
  if (pattern.endsWith(':*')) {
    const prefix = pattern.slice(0, -2);
    return text === prefix || text.startsWith(`${prefix} `);
  }
  if (/(^|[^\\])\*/.test(pattern)) {
    let source = '';
    for (let i = 0; i < pattern.length; i++) {
      const ch = pattern[i]!;
      if (ch === '\\' && pattern[i + 1] === '*') {
        source += '\\*';
        i++;
      } else if (ch === '*') source += '.*';
      else source += ch.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
    // A trailing " *" also matches the bare command (`git *` matches `git`).
    if (source.endsWith(' .*')) source = `${source.slice(0, -3)}( .*)?`;
    return new RegExp(`^${source}$`, 's').test(text);
  }
  return text === pattern;
}

/** The path a file tool touches, relative to the workspace root (or absolute when outside). */
function touchedPath(tool: AnyTool, input: unknown, root: string): string | undefined {
  const access = tool.fileAccess(input);
  const raw = access?.path ?? (READING_TOOLS.has(tool.name) ? ((input as { path?: string }).path ?? '.') : undefined);
  if (raw === undefined) return undefined;
  const absolute = posix.normalize(raw.startsWith('/') ? raw : posix.join(root, raw));
  return absolute === root ? '.' : absolute.startsWith(`${root}/`) ? absolute.slice(root.length + 1) : absolute;
}

function pathRuleMatches(pattern: string, path: string): boolean {
  if (pattern.startsWith('//')) return path.startsWith('/') && compileGlob(pattern.slice(1)).ok && globTest(pattern.slice(1), path);
  if (pattern.startsWith('~')) return false;
  let relative = pattern.replace(/^\.\//, '').replace(/^\//, '');
  if (relative.endsWith('/')) relative += '**';
  if (path.startsWith('/')) return false;
  // A folder rule (`secrets/**`) also covers the folder itself, which a search of it reads.
  if (relative.endsWith('/**') && globTest(relative.slice(0, -3), path)) return true;
  // gitignore: a pattern without a slash matches at any depth; a folder matches what is inside it.
  const candidates = relative.includes('/') ? [relative, `${relative}/**`] : [relative, `**/${relative}`, `**/${relative}/**`];
  return candidates.some((candidate) => globTest(candidate, path));
}

function globTest(pattern: string, path: string): boolean {
  const compiled = compileGlob(pattern);
  return compiled.ok && compiled.match(path);
}

type RuleVerdict = 'match' | 'no-match' | 'unknown';

/** Whether `rule` covers this call; `unknown` when a Bash command hides what it runs. */
function ruleCovers(rule: PermissionRule, tool: AnyTool, input: unknown, root: string, kind: 'allow' | 'ask' | 'deny'): RuleVerdict {
  if (!toolMatches(rule, tool)) return 'no-match';
  if (rule.content === undefined) return 'match';
  if (tool.name === 'Bash') {
    const command = (input as { command?: string }).command ?? '';
    const analysis = analyzeBashCommand(command);
    if (!analysis.ok || analysis.opaque) return 'unknown';
    const texts = analysis.commands.map(commandText);
    if (kind === 'allow') {
      // Prefix and wildcard allows never allow a compound command; an exact allow must name it all.
      if (texts.some((text) => text === null)) return 'no-match';
      if (analysis.compound || analysis.commands.some((c) => c.writes.length > 0)) return texts.join(' ; ') === rule.content ? 'match' : 'no-match';
      return bashPatternMatches(rule.content, texts[0] ?? '') && !COMMAND_RUNNERS.has(texts[0]?.split(' ')[0] ?? '') ? 'match' : 'no-match';
    }
    // Deny and ask: any part that matches counts; a part that hides its command cannot be cleared.
    let verdict: RuleVerdict = 'no-match';
    for (const [i, text] of texts.entries()) {
      if (text !== null && bashPatternMatches(rule.content, text)) return 'match';
      const name = analysis.commands[i]!.argv[0];
      if (text === null || COMMAND_RUNNERS.has(name && name.includes('/') ? posix.basename(name) : (name ?? ''))) verdict = 'unknown';
    }
    return verdict;
  }
  if (rule.content.startsWith('domain:')) {
    const url = (input as { url?: string }).url;
    try {
      const host = url ? new URL(url).hostname : '';
      const domain = rule.content.slice('domain:'.length);
      return host === domain || host.endsWith(`.${domain}`) ? 'match' : 'no-match';
    } catch {
      return 'no-match';
    }
  }
  const path = touchedPath(tool, input, root);
  return path !== undefined && pathRuleMatches(rule.content, path) ? 'match' : 'no-match';
}

/**
 * The rules' verdict on one call, checked deny → ask → allow, first match wins; a
 * Bash command that cannot be parsed, or that hides what it runs from a deny or ask rule, asks.
 * `undefined` when no rule speaks and the mode decides.
 */
export function decideByRules(tool: AnyTool, input: unknown, rules: RuleSet, root: string, mode: PermissionMode): PermissionDecision | undefined {
  let unclear: PermissionRule | undefined;
  for (const rule of rules.deny) {
    const verdict = ruleCovers(rule, tool, input, root, 'deny');
    if (verdict === 'match') return { behavior: 'deny', reason: `the deny rule ${rule.source} matches` };
    if (verdict === 'unknown') unclear ??= rule;
  }
  if (unclear) return { behavior: 'ask', reason: `the command cannot be checked against the deny rule ${unclear.source}` };
  if (tool.name === 'Bash' && [...rules.deny, ...rules.ask, ...rules.allow].some((rule) => rule.tool === 'Bash')) {
    const analysis = analyzeBashCommand((input as { command?: string }).command ?? '');
    if (!analysis.ok) return { behavior: 'ask', reason: analysis.reason };
  }
  if (mode !== 'bypassPermissions') {
    for (const rule of rules.ask) {
      if (ruleCovers(rule, tool, input, root, 'ask') !== 'no-match') return { behavior: 'ask', reason: `the ask rule ${rule.source} matches` };
    }
  }
  for (const rule of rules.allow) {
    if (ruleCovers(rule, tool, input, root, 'allow') === 'match') return { behavior: 'allow' };
  }
  return undefined;
}

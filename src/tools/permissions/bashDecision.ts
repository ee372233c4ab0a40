import type { PermissionMode } from '../types';
import { inspectBashCommand } from './bash/inspect';
import type { BashInspection, EnvFinding, FileAccess, FoundRedirect, HiddenPart } from './bash/types';
import { bashPatternMatches, bashPatternVerdict, commandDisplay, commandWords } from './bashPattern';
import { pathRuleVerdict, type PathTarget } from './pathRules';
import type { PermissionRule, RuleSet } from './ruleTypes';

/** One simple command of the line, or one a command runs, as the tester shows it. */
export interface ExplainedCommand {
  index: number;
  /** The words; `null` for a word known only at run time. */
  argv: (string | null)[];
  /** The words as rules read them, `‹…›` for a word known only at run time. */
  text: string;
  /** What runs it, outermost first (`xargs`, `sh -c`, `find -exec`…); empty for the line's own commands. */
  via: string[];
  /** The command that runs it. */
  parent?: number;
  /** Its redirections as written (`> secrets/pwned.txt`). */
  redirects: string[];
}

/** A file the line reads or writes, its path normalised against the workspace. */
export interface ExplainedFile {
  command?: number;
  access: 'read' | 'write';
  /** Workspace-relative (absolute when outside); `null` when known only at run time. */
  path: string | null;
  /** The path is a glob bash expands, or a whole folder. */
  kind: PathTarget['kind'];
  raw: string;
  by: string;
  certainty: FileAccess['certainty'];
}

/** How one rule met the line. */
export interface RuleCheck {
  rule: string;
  list: 'deny' | 'ask' | 'allow';
  verdict: 'match' | 'no-match' | 'unknown';
  why: string;
}

/** The tester's whole answer: the analysis, every rule's verdict, and the decision in words. */
export interface BashExplanation {
  command: string;
  parsed: boolean;
  commands: ExplainedCommand[];
  hidden: HiddenPart[];
  files: ExplainedFile[];
  env: EnvFinding[];
  compound: boolean;
  checks: RuleCheck[];
  /** `undecided`: no rule speaks, so the permission mode decides. */
  decision: 'allow' | 'ask' | 'deny' | 'undecided';
  /** The rule that decided, when one did. */
  rule?: string;
  reason: string;
}

const BASH_RULE_TOOLS = new Set(['Bash', 'Read', 'Edit']);

/** Whether a rule can speak to a Bash call: Bash rules, and Read/Edit path rules. */
function speaksToBash(rule: PermissionRule): boolean {
  return rule.tool === 'Bash' || (BASH_RULE_TOOLS.has(rule.tool) && rule.content !== undefined);
}

/**
 * Explains what the rules decide for one Bash command line, from the same analysis the run uses
 * (`decideByRules` calls this): the simple commands, the ones they run, the files they touch, the
 * environment they change, each rule's verdict and the decision, with its reason in words.
 * Deny rules are checked first (any part that matches denies the whole; a part the analysis cannot
 * see asks), then ask rules (not under `bypassPermissions`), then allow rules.
 */
export function explainBashDecision(command: string, rules: RuleSet, root: string, mode: PermissionMode = 'default', home?: string): BashExplanation {
  const inspected = inspectBashCommand(command, { root, ...(home !== undefined ? { home } : {}) });
  const speaking = [...rules.deny, ...rules.ask, ...rules.allow].some(speaksToBash);
  if (!inspected.ok) {
    const base = { command, parsed: false, commands: [], hidden: [], files: [], env: [], compound: false, checks: [] };
    return speaking ? { ...base, decision: 'ask', reason: inspected.reason } : { ...base, decision: 'undecided', reason: `${inspected.reason}; no rule speaks to Bash, so the mode decides` };
  }
  const inspection = inspected.inspection;
  const checks: RuleCheck[] = [];
  const check = (rule: PermissionRule, list: RuleCheck['list']): RuleCheck => {
    const result = list === 'allow' ? allowVerdict(rule, inspection, rules, root) : coverVerdict(rule, inspection, root);
    const entry = { rule: rule.source, list, ...result };
    checks.push(entry);
    return entry;
  };
  const denies = rules.deny.filter(speaksToBash).map((rule) => check(rule, 'deny'));
  const asks = rules.ask.filter(speaksToBash).map((rule) => check(rule, 'ask'));
  const allows = rules.allow.filter(speaksToBash).map((rule) => check(rule, 'allow'));
  const base = {
    command,
    parsed: true,
    commands: inspection.commands.map((found) => ({
      index: found.index,
      argv: found.argv.map((word) => word.text),
      text: found.argv.length > 0 ? commandDisplay(found.argv.map((word) => word.text)) : found.assignments.map((a) => `${a.name}=${a.value ?? '‹…›'}`).join(' '),
      via: found.via,
      ...(found.parent !== undefined ? { parent: found.parent } : {}),
      redirects: found.redirects.map(redirectText),
    })),
    hidden: inspection.hidden,
    files: explainedFiles(inspection, rules, root),
    env: inspection.env,
    compound: inspection.compound,
    checks,
  };
  const denied = denies.find((entry) => entry.verdict === 'match');
  if (denied) return { ...base, decision: 'deny', rule: denied.rule, reason: `the deny rule ${denied.rule} matches: ${denied.why}` };
  const unclear = denies.find((entry) => entry.verdict === 'unknown');
  if (unclear) return { ...base, decision: 'ask', rule: unclear.rule, reason: `the command cannot be checked against the deny rule ${unclear.rule}: ${unclear.why}` };
  if (mode !== 'bypassPermissions') {
    const asked = asks.find((entry) => entry.verdict !== 'no-match');
    if (asked) return { ...base, decision: 'ask', rule: asked.rule, reason: `the ask rule ${asked.rule} ${asked.verdict === 'match' ? 'matches' : 'may match'}: ${asked.why}` };
  }
  const allowed = allows.find((entry) => entry.verdict === 'match');
  if (allowed) return { ...base, decision: 'allow', rule: allowed.rule, reason: `the allow rule ${allowed.rule} matches: ${allowed.why}` };
  const why = allows.length > 0 ? `no allow rule covers it (${allows[0]!.why})` : 'no rule speaks to it';
  return { ...base, decision: 'undecided', reason: `${why}; the permission mode decides` };
}

/** Why a part the analysis cannot see keeps a deny or ask rule from being cleared. */
function blindSpot(inspection: BashInspection): string | undefined {
  const hidden = inspection.hidden[0];
  if (hidden) return hidden.reason;
  const env = inspection.env[0];
  return env ? `${env.name}=… changes what the program runs (${env.why})` : undefined;
}

function describe(inspection: BashInspection, index: number | undefined): string {
  if (index === undefined) return 'a redirection of a compound command';
  const found = inspection.commands[index]!;
  const text = commandDisplay(found.argv.map((word) => word.text));
  return found.via.length > 0 ? `${text} (run through ${found.via.join(' → ')})` : text;
}

/** A deny or ask rule against the line: any part that matches, or any part it cannot see. */
function coverVerdict(rule: PermissionRule, inspection: BashInspection, root: string): Omit<RuleCheck, 'rule' | 'list'> {
  if (rule.tool === 'Bash' && rule.content === undefined) return { verdict: 'match', why: 'it names the whole Bash tool' };
  let unknown: string | undefined;
  if (rule.tool === 'Bash') {
    for (const found of inspection.commands) {
      const verdict = bashPatternVerdict(rule.content!, found.argv.map((word) => word.text));
      if (verdict === 'match') return { verdict, why: describe(inspection, found.index) };
      if (verdict === 'unknown') unknown ??= `${describe(inspection, found.index)} has words known only at run time`;
    }
  } else {
    const access = rule.tool === 'Read' ? 'read' : 'write';
    for (const file of inspection.files) {
      if (file.access !== access) continue;
      const verdict = pathRuleVerdict(rule.content!, file.target, root);
      const normalised = file.target.kind === 'path' || file.target.kind === 'tree' ? file.target.path : undefined;
      const named = normalised !== undefined && normalised !== file.raw ? `${file.raw} (${normalised})` : file.raw;
      const what = `the ${access} of ${named} by ${file.by}${file.command !== undefined ? ` in ${describe(inspection, file.command)}` : ''}`;
      if (verdict === 'match' && file.certainty === 'certain') return { verdict, why: what };
      if (verdict === 'match') unknown ??= `${file.raw} is a path it protects, given to ${file.by.replace(/ argument$/, '')}, which the analysis does not know`;
      else if (verdict === 'unknown') unknown ??= `${what} may be a path it protects`;
    }
  }
  const blind = blindSpot(inspection);
  if (unknown ?? blind) return { verdict: 'unknown', why: (unknown ?? blind)! };
  return { verdict: 'no-match', why: 'no part of the command matches' };
}

/**
 * An allow rule against the line. A line that hides something, changes what programs run, is
 * compound or writes through a redirection is allowed only by an exact rule naming all of it;
 * otherwise every command (those it runs included) must be allowed by some allow rule.
 */
function allowVerdict(rule: PermissionRule, inspection: BashInspection, rules: RuleSet, root: string): Omit<RuleCheck, 'rule' | 'list'> {
  if (rule.tool !== 'Bash') return { verdict: 'no-match', why: `${rule.tool} rules do not allow Bash commands` };
  if (rule.content === undefined) return { verdict: 'match', why: 'it names the whole Bash tool' };
  const blind = blindSpot(inspection);
  if (blind) return { verdict: 'no-match', why: `an allow rule never clears what the analysis cannot see: ${blind}` };
  const lineCommands = inspection.commands.filter((found) => found.via.length === 0);
  const writes = inspection.commands.some((found) => found.redirects.some((r) => r.operator !== '<' && r.operator !== '<<' && r.operator !== '<<-' && r.operator !== '<<<' && !/^(\d+|-)$/.test(r.target?.text ?? '') && !/^\/dev\/(null|stdout|stderr)$/.test(r.target?.text ?? '')));
  if (inspection.compound || writes) {
    const whole = wholeText(inspection);
    if (whole === null) return { verdict: 'no-match', why: 'a compound command with words known only at run time is never allowed by a rule' };
    const ruleCommand = inspectBashCommand(rule.content, { root });
    const named = ruleCommand.ok ? wholeText(ruleCommand.inspection) : rule.content;
    return whole === named
      ? { verdict: 'match', why: 'it names the whole command exactly' }
      : { verdict: 'no-match', why: `a ${inspection.compound ? 'compound command' : 'command that writes through a redirection'} is allowed only by a rule naming all of it exactly (${whole})` };
  }
  const own = lineCommands[0];
  if (!own || own.argv.length === 0) return { verdict: 'no-match', why: 'it runs no command' };
  const ownWords = own.argv.map((word) => word.text);
  if (ownWords.some((word) => word === null) || !bashPatternMatches(rule.content, commandWords(ownWords).join(' '))) {
    return { verdict: 'no-match', why: `it does not match ${commandDisplay(ownWords)}` };
  }
  for (const found of inspection.commands.slice(1)) {
    const words = found.argv.map((word) => word.text);
    if (words.length === 0) continue;
    const covered = !words.some((word) => word === null) && rules.allow.some((other) => other.tool === 'Bash' && other.content !== undefined && bashPatternMatches(other.content, commandWords(words).join(' ')));
    if (!covered) return { verdict: 'no-match', why: `${describe(inspection, found.index)} is run too, and no allow rule covers it` };
  }
  const inner = inspection.commands.length > 1 ? ' and every command it runs is allowed too' : '';
  return { verdict: 'match', why: `${commandDisplay(ownWords)}${inner}` };
}

function explainedFiles(inspection: BashInspection, rules: RuleSet, root: string): ExplainedFile[] {
  const pathRules = [...rules.deny, ...rules.ask].filter((rule) => (rule.tool === 'Read' || rule.tool === 'Edit') && rule.content !== undefined);
  return inspection.files
    .filter((file) => file.certainty === 'certain' || pathRules.some((rule) => pathRuleVerdict(rule.content!, file.target, root) === 'match'))
    .map((file) => ({
      ...(file.command !== undefined ? { command: file.command } : {}),
      access: file.access,
      path: file.target.kind === 'unknown' ? null : file.target.kind === 'glob' ? file.target.glob : file.target.path,
      kind: file.target.kind,
      raw: file.raw,
      by: file.by,
      certainty: file.certainty,
    }));
}

/** A redirection as written, normalised: `> out.txt`, `2>&1`, `<<…` for a here-document. */
function redirectText(redirect: FoundRedirect): string {
  const target = redirect.target === null ? '…' : (redirect.target.text ?? '‹…›');
  const joined = redirect.target === null || /^(\d+|-)$/.test(target) && redirect.operator.endsWith('&');
  return `${redirect.fd ?? ''}${redirect.operator}${joined ? '' : ' '}${target}`;
}

/**
 * The line's own commands with their redirections, joined by ` ; `: what an exact rule must name
 * for a compound command or one that writes. `null` when a word is known only at run time.
 */
function wholeText(inspection: BashInspection): string | null {
  const lineCommands = inspection.commands.filter((found) => found.via.length === 0);
  const texts = lineCommands.map((found) => found.argv.map((word) => word.text));
  if (texts.some((argv) => argv.some((word) => word === null))) return null;
  return lineCommands.map((found, i) => [commandWords(texts[i]!).join(' '), ...found.redirects.map(redirectText)].join(' ')).join(' ; ');
}

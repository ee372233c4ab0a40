import { parseShell, type CommandNode, type RedirectionNode, type SimpleCommandNode, type StatementNode } from '../../../sandbox/shellParser';
import { checkArithmetic, checkConditional, checkParameter } from './reevaluation';
import { substitutionBodies } from './substitutionText';
import type { FoundCommand, FoundRedirect, HiddenPart, WalkContext, WalkerView } from './types';

export type { WalkContext } from './types';
import { LineVariables } from './variables';
import { expandWord, literalWord, type WordScope, type WordValue } from './words';

/** Where in the line the walk is. */

/** What a command means beyond its words: builtins, runners. Set by the analysis. */
export type Semantics = (walker: Walker, command: FoundCommand, context: WalkContext) => void;

/** A redirection on a loop, a group or another compound command. */
export interface CompoundRedirect {
  redirect: FoundRedirect;
  cwd: string[] | null;
}

const MAX_DEPTH = 8;
const DECLARATIONS = new Set(['declare', 'typeset', 'local', 'export', 'readonly']);

/** `a=(…)` as an argument: the parser keeps its inside only as text. */
function flattenedArray(word: { parts: readonly { type: string; value?: string }[] }): boolean {
  const first = word.parts[0];
  return first?.type === 'Literal' && /^[A-Za-z_][A-Za-z0-9_]*\+?=\(/.test(first.value ?? '');
}
/** String fields of the syntax tree that are not shell text. */
const NOT_SHELL_TEXT = new Set(['type', 'operator', 'originalText', 'sourceText', 'delimiter', 'name', 'variable']);

/**
 * Walks a parsed command line and collects every simple command in it: in pipelines, lists,
 * groups, loops, conditionals, function bodies and substitutions anywhere in a word (arithmetic,
 * array subscripts, parameter expansions, here-documents, redirection targets). What a command
 * runs in turn is unwrapped by `semantics`, which calls back `inner` and `script`.
 */
export class Walker implements WalkerView {
  readonly commands: FoundCommand[] = [];
  readonly hidden: HiddenPart[] = [];
  readonly compoundRedirects: CompoundRedirect[] = [];
  /** Loops, conditionals, functions or process substitutions. */
  control = false;
  /** Separators, pipes, groups and substitutions seen in the line itself. */
  marks = 0;
  incomplete = false;
  /** Absolute working directories commands may run in from here on; `null` when unknown. */
  cwd: string[] | null;
  vars: LineVariables;
  /** The source text of the statement being walked, where the parser kept it. */
  private source: string | undefined;

  constructor(
    ast: unknown,
    readonly root: string,
    readonly home: string,
    private readonly semantics: Semantics,
  ) {
    this.vars = new LineVariables(ast);
    this.cwd = [root];
  }

  /**
   * How words expand here. `$HOME` is the home folder and `$PWD` the working directory when the line
   * does not set them (both sandboxes start every command with HOME at the workspace).
   */
  scope(): WordScope {
    const valueOf = (name: string): string | undefined => {
      const value = this.vars.valueOf(name);
      if (value !== undefined || this.vars.isAssigned(name)) return value;
      if (name === 'HOME') return this.home;
      if (name === 'PWD' && this.cwd?.length === 1) return this.cwd[0];
      return undefined;
    };
    return { valueOf, home: this.home };
  }

  hide(command: number | undefined, reason: string): void {
    if (!this.hidden.some((part) => part.command === command && part.reason === reason)) {
      this.hidden.push(command === undefined ? { reason } : { command, reason });
    }
  }

  statements(list: readonly StatementNode[], context: WalkContext): void {
    if (list.length > 1) this.marks++;
    for (const statement of list) {
      if (statement.deferredError) this.hide(undefined, `the parser stopped at ${statement.deferredError.token}`);
      if (statement.background || statement.operators.length > 0) this.marks++;
      if (statement.sourceText !== undefined) this.source = statement.sourceText;
      statement.pipelines.forEach((pipeline, k) => {
        const empty = pipeline.commands.every(
          (node) => node.type === 'SimpleCommand' && !node.name && node.args.length === 0 && node.assignments.length === 0 && node.redirections.length === 0,
        );
        if (empty) this.incomplete = true;
        if (pipeline.commands.length > 1) this.marks++;
        const certain = context.certain && k === 0 && pipeline.commands.length === 1 && !statement.background;
        for (const node of pipeline.commands) this.command(node, { ...context, certain });
      });
    }
  }

  private command(node: CommandNode, context: WalkContext): void {
    if (node.type === 'SimpleCommand') return this.simple(node, context);
    const inner: WalkContext = { ...context, certain: false };
    this.marks++;
    for (const redirection of node.redirections) {
      this.compoundRedirects.push({ redirect: this.redirect(redirection), cwd: this.cwd });
    }
    this.scan(node.redirections, context);
    switch (node.type) {
      case 'Subshell':
      case 'Group':
        return this.statements(node.body, inner);
      case 'FunctionDef':
        this.control = true;
        return this.command(node.body, { ...inner, via: [...context.via, `function ${node.name}`] });
      case 'If':
        this.control = true;
        for (const clause of node.clauses) {
          this.statements(clause.condition, inner);
          this.statements(clause.body, inner);
        }
        return this.statements(node.elseBody ?? [], inner);
      case 'For':
        this.control = true;
        this.scan(node.words, context);
        return this.statements(node.body, inner);
      case 'While':
      case 'Until':
        this.control = true;
        this.statements(node.condition, inner);
        return this.statements(node.body, inner);
      case 'Case':
        this.control = true;
        this.scan(node.word, context);
        for (const item of node.items) {
          this.scan(item.patterns, context);
          this.statements(item.body, inner);
        }
        return;
      case 'CStyleFor':
        this.control = true;
        this.scan([node.init, node.condition, node.update], context);
        return this.statements(node.body, inner);
      case 'ArithmeticCommand':
        this.control = true;
        return this.scan(node.expression, context);
      case 'ConditionalCommand':
        this.control = true;
        checkConditional(this, node.expression, context);
        return this.scan(node.expression, context);
      default: {
        const exhaustive: never = node;
        return exhaustive;
      }
    }
  }

  private simple(node: SimpleCommandNode, context: WalkContext): void {
    const scope = this.scope();
    const assignments = node.assignments.map((assignment) => ({
      name: assignment.name,
      value: assignment.value ? literalWord(assignment.value, scope) : assignment.array ? null : '',
    }));
    const words = node.name ? [node.name, ...node.args] : node.args;
    const argv = words.flatMap((word) => expandWord(word, scope));
    const redirects = node.redirections.map((redirection) => this.redirect(redirection));
    const found = this.add(argv, context, { assignments, redirects });
    if (argv.length === 0 && context.certain) for (const { name, value } of assignments) this.vars.assigned(name, value);
    for (const assignment of node.assignments) if (assignment.name.includes('[')) this.subscriptOf(assignment.name, context);
    if (DECLARATIONS.has(argv[0]?.text ?? '') && node.args.some(flattenedArray)) this.flattened(context);
    this.scan([node.assignments, node.name, node.args, node.redirections], context);
    this.semantics(this, found, context);
  }

  /**
   * just-bash flattens the compound array argument of a declaration (`declare -a a=($(rm x))`)
   * into text that names its parts by type and drops them: the substitutions are read back from
   * the statement's source text, and the part is reported as hidden.
   */
  private flattened(context: WalkContext): void {
    this.hide(undefined, 'the parser does not keep the array assignment of a declaration; its substitutions were read from the raw text');
    if (this.source !== undefined) this.rawText(this.source, context);
  }

  /** Records a command and returns it; `semantics` is the caller's to run. */
  add(argv: WordValue[], context: WalkContext, extra: Partial<Pick<FoundCommand, 'assignments' | 'redirects' | 'cwd'>> = {}): FoundCommand {
    const found: FoundCommand = {
      index: this.commands.length,
      argv,
      assignments: extra.assignments ?? [],
      redirects: extra.redirects ?? [],
      via: context.via,
      cwd: extra.cwd !== undefined ? extra.cwd : this.cwd,
    };
    if (context.parent !== undefined) found.parent = context.parent;
    this.commands.push(found);
    return found;
  }

  /** A command `outer` runs with these words (`xargs rm` → `rm`). */
  inner(outer: FoundCommand, argv: WordValue[], via: string, context: WalkContext, extra: Partial<Pick<FoundCommand, 'assignments' | 'cwd'>> = {}): void {
    if (argv.length === 0) return;
    if (context.depth >= MAX_DEPTH) return this.hide(outer.index, `${via} nests deeper than the analysis follows`);
    const inner: WalkContext = { via: [...outer.via, via], parent: outer.index, certain: false, depth: context.depth + 1 };
    const found = this.add(argv, inner, extra);
    this.semantics(this, found, inner);
  }

  /** Shell text `outer` runs (`sh -c`, `eval`, `trap`, an alias): parsed and walked. */
  script(outer: FoundCommand, text: string | null, via: string, context: WalkContext, newShell: boolean): void {
    if (text === null) return this.hide(outer.index, `${via} runs a command known only at run time`);
    if (context.depth >= MAX_DEPTH) return this.hide(outer.index, `${via} nests deeper than the analysis follows`);
    const parsed = parseShell(text);
    if (!parsed.ok) return this.hide(outer.index, `${via} runs text that does not parse: ${parsed.error}`);
    const inner: WalkContext = { via: [...outer.via, via], parent: outer.index, certain: newShell, depth: context.depth + 1 };
    const saved = { vars: this.vars, marks: this.marks };
    if (newShell) this.vars = new LineVariables(parsed.script);
    this.statements(parsed.script.statements, inner);
    this.vars = saved.vars;
    this.marks = saved.marks;
  }

  private redirect(node: RedirectionNode): FoundRedirect {
    if (node.target.type === 'HereDoc') return { operator: node.operator, fd: node.fd, target: null };
    const values = expandWord(node.target, this.scope());
    return { operator: node.operator, fd: node.fd, target: values.length === 1 ? values[0]! : { text: null } };
  }

  /** Arithmetic text bash evaluates (`let`, an array subscript): parsed as `$((…))` and scanned. */
  arithmeticText(text: string, context: WalkContext): void {
    const parsed = parseShell(`: $((${text}))`);
    const command = parsed.ok ? parsed.script.statements[0]?.pipelines[0]?.commands[0] : undefined;
    if (command?.type === 'SimpleCommand' && command.args[0]) return this.scan(command.args[0], context);
    this.rawText(text, context);
  }

  /** An array subscript in a name (`a[$(rm x)]`), evaluated as arithmetic. */
  subscriptOf(name: string, context: WalkContext): void {
    const open = name.indexOf('[');
    const close = name.lastIndexOf(']');
    if (open >= 0 && close > open) this.arithmeticText(name.slice(open + 1, close), context);
  }

  /** Raw text that may hold `$(…)` or backticks: each body is parsed and walked. */
  rawText(text: string, context: WalkContext): void {
    const found = substitutionBodies(text);
    if (!found.ok) return this.hide(undefined, `a substitution in ${JSON.stringify(text)} does not close`);
    for (const body of found.bodies) {
      const parsed = parseShell(body);
      if (!parsed.ok) this.hide(undefined, `the substitution $(${body}) does not parse`);
      else {
        this.marks++;
        this.statements(parsed.script.statements, { ...context, certain: false });
      }
    }
  }

  /** Finds substitutions and re-evaluated values anywhere below a word-level node. */
  scan(node: unknown, context: WalkContext): void {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) this.scan(item, context);
      return;
    }
    const record = node as Record<string, unknown>;
    switch (record.type) {
      case 'Literal':
      case 'SingleQuoted':
      case 'Escaped':
        return;
      case 'CommandSubstitution':
      case 'ProcessSubstitution':
        this.marks++;
        if (record.type === 'ProcessSubstitution') this.control = true;
        return this.statements((record.body as { statements: StatementNode[] }).statements, { ...context, certain: false });
      case 'ArithCommandSubst':
        this.marks++;
        this.hide(undefined, `the output of $(${String(record.command)}) is evaluated as arithmetic, where an array subscript in it runs commands`);
        this.rawText(`$(${String(record.command)})`, context);
        return;
      case 'ArithmeticExpression':
        checkArithmetic(this, record.expression);
        break;
      case 'ParameterExpansion':
        checkParameter(this, record, context);
        break;
      case 'HereDoc':
        if (record.quoted === true) return;
        break;
      default:
        break;
    }
    for (const [key, value] of Object.entries(record)) {
      if (typeof value === 'object') this.scan(value, context);
      else if (typeof value === 'string' && !NOT_SHELL_TEXT.has(key) && record.type !== 'ParameterExpansion' && /\$\(|`/.test(value)) this.rawText(value, context);
    }
  }
}

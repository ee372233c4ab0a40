import { explainBashDecision, type BashExplanation } from '../tools/permissions/bashDecision';
import { BYPASS_CLASS_TEXT, BYPASS_CLASSES, BYPASS_CORPUS, CORPUS_ROOT, type BypassClass } from '../tools/permissions/bypassCorpus';
import { PERMISSION_MODES } from '../tools/permissions/modes';
import { parseRuleSet, type RuleSet } from '../tools/permissions/rules';
import type { PermissionMode } from '../tools/types';

/** Where the command writes, injected so tests run it in-process. */
export interface RulesIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

const USAGE = `usage: npm run rules -- [--allow RULE]… [--ask RULE]… [--deny RULE]… [--root DIR] [--mode MODE] [--json] COMMAND…
       npm run rules -- --examples [CLASS] [--json]
Shows what the permission rules decide for each Bash COMMAND and why: the simple commands it is made
of, the commands they run (through xargs, sh -c, find -exec…), the files it reads and writes, the
environment it changes, each rule's verdict. --examples runs the project's bypass corpus with each
case's own rules (classes: ${BYPASS_CLASSES.join(', ')}).
Exit codes: 0 done, 2 bad arguments or a malformed rule.
`;

interface RulesArgs {
  lists: { allow: string[]; ask: string[]; deny: string[] };
  root: string;
  mode: PermissionMode;
  json: boolean;
  examples: BypassClass | 'all' | undefined;
  commands: string[];
}

/** Parses the arguments; a string is the message of a usage error. */
export function parseRulesArgs(argv: readonly string[]): RulesArgs | string {
  const args: RulesArgs = { lists: { allow: [], ask: [], deny: [] }, root: CORPUS_ROOT, mode: 'default', json: false, examples: undefined, commands: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = (): string | undefined => argv[++i];
    switch (arg) {
      case '--allow':
      case '--ask':
      case '--deny': {
        const rule = value();
        if (rule === undefined) return `${arg} needs a rule, e.g. ${arg} 'Bash(npm test:*)'`;
        args.lists[arg.slice(2) as 'allow' | 'ask' | 'deny'].push(rule);
        break;
      }
      case '--root': {
        const root = value();
        if (root === undefined || !root.startsWith('/')) return '--root needs an absolute folder';
        args.root = root.length > 1 ? root.replace(/\/+$/, '') : root;
        break;
      }
      case '--mode': {
        const mode = value();
        if (!PERMISSION_MODES.includes(mode as PermissionMode)) return `--mode must be one of ${PERMISSION_MODES.join(', ')}, not "${mode ?? ''}"`;
        args.mode = mode as PermissionMode;
        break;
      }
      case '--json':
        args.json = true;
        break;
      case '--examples': {
        const next = argv[i + 1];
        if (next !== undefined && (BYPASS_CLASSES as readonly string[]).includes(next)) {
          args.examples = next as BypassClass;
          i++;
        } else args.examples = 'all';
        break;
      }
      case '--':
        args.commands.push(...argv.slice(i + 1));
        i = argv.length;
        break;
      default:
        if (arg.startsWith('--')) return `unknown option ${arg}`;
        args.commands.push(arg);
    }
  }
  if (args.examples === undefined && args.commands.length === 0) return 'give at least one COMMAND, or --examples';
  return args;
}

/** The rule tester: returns its exit code. */
export function rulesMain(argv: readonly string[], io: RulesIo): number {
  if (argv[0] === '--help' || argv[0] === '-h') {
    io.stdout(USAGE);
    return 0;
  }
  const args = parseRulesArgs(argv);
  if (typeof args === 'string') {
    io.stderr(`rules: ${args}\n${USAGE}`);
    return 2;
  }
  const parsed = parseRuleSet(args.lists);
  if (!parsed.ok) {
    for (const error of parsed.errors) {
      const [, list, index] = /^settings\.(\w+)\[(\d+)\]$/.exec(error.path) ?? [];
      const source = list ? args.lists[list as 'allow' | 'ask' | 'deny'][Number(index)] : undefined;
      io.stderr(`rules: --${list ?? '?'} ${JSON.stringify(source ?? '')}: ${error.message}\n`);
    }
    return 2;
  }
  const given = args.lists.allow.length + args.lists.ask.length + args.lists.deny.length > 0;
  const runs: { command: string; rules: RuleSet; expect?: string; class?: BypassClass; why?: string }[] = [];
  if (args.examples !== undefined) {
    for (const item of BYPASS_CORPUS) {
      if (args.examples !== 'all' && item.class !== args.examples) continue;
      const own = parseRuleSet(item.rules);
      if (!own.ok) continue;
      runs.push({ command: item.command, rules: given ? parsed.rules : own.rules, expect: item.expect, class: item.class, why: item.why });
    }
  }
  for (const command of args.commands) runs.push({ command, rules: parsed.rules });
  const explained = runs.map((run) => ({ run, explanation: explainBashDecision(run.command, run.rules, args.root, args.mode) }));
  if (args.json) {
    const out = explained.map(({ run, explanation }) =>
      run.class === undefined ? explanation : { class: run.class, expect: run.expect, why: run.why, explanation },
    );
    io.stdout(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }
  let lastClass: BypassClass | undefined;
  for (const { run, explanation } of explained) {
    if (run.class !== undefined && run.class !== lastClass) {
      lastClass = run.class;
      io.stdout(`\n== ${run.class}: ${BYPASS_CLASS_TEXT[run.class]}\n`);
    }
    io.stdout(formatExplanation(explanation, run.why === undefined ? undefined : { expect: run.expect!, why: run.why }));
  }
  if (args.examples !== undefined) {
    const corpus = explained.filter(({ run }) => run.class !== undefined);
    const held = corpus.filter(({ run, explanation }) => explanation.decision === run.expect).length;
    io.stdout(`\n${held} of ${corpus.length} examples get the decision the corpus expects${given ? ' (with the rules given here instead of their own)' : ''}.\n`);
  }
  return 0;
}

/** One explanation as text: the decision and why, then how the command was read. */
export function formatExplanation(explanation: BashExplanation, example?: { expect: string; why: string }): string {
  const lines: string[] = [`$ ${explanation.command.replace(/\n/g, '⏎')}`];
  lines.push(`  decision  ${explanation.decision}: ${explanation.reason}`);
  if (example) lines.push(`  example   expects ${example.expect}${explanation.decision === example.expect ? '' : ' (NOT MET)'}: ${example.why}`);
  const own = explanation.commands.filter((found) => found.via.length === 0);
  const inner = explanation.commands.filter((found) => found.via.length > 0);
  own.forEach((found, i) => lines.push(`  ${i === 0 ? 'commands' : '        '}  ${found.text}${found.redirects.length > 0 ? ` ${found.redirects.join(' ')}` : ''}`));
  inner.forEach((found, i) => lines.push(`  ${i === 0 ? 'runs    ' : '        '}  ${found.text}   ← ${found.via.join(' → ')}`));
  explanation.files.forEach((file, i) =>
    lines.push(`  ${i === 0 ? 'files   ' : '        '}  ${file.access} ${file.path ?? '(known at run time)'}${file.kind === 'tree' ? '/**' : ''}  (${file.by}${file.certainty === 'possible' ? ', maybe' : ''})`),
  );
  explanation.env.forEach((finding, i) => lines.push(`  ${i === 0 ? 'env     ' : '        '}  ${finding.name}: ${finding.why}`));
  explanation.hidden.forEach((part, i) => lines.push(`  ${i === 0 ? 'unseen  ' : '        '}  ${part.reason}`));
  explanation.checks.forEach((check, i) =>
    lines.push(`  ${i === 0 ? 'rules   ' : '        '}  ${check.list.padEnd(5)} ${check.rule.padEnd(22)} ${check.verdict.padEnd(8)} ${check.why}`),
  );
  return `${lines.join('\n')}\n`;
}

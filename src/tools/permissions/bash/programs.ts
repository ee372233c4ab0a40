import { scanOptions } from './options';
import { awkEffects, sedEffects, type ProgramEffects } from './sedAwk';
import type { FoundCommand } from './types';
import type { WalkContext, Walker } from './walker';
import type { WordValue } from './words';

/** How sed or awk was called: its program, its files, and whether it edits them in place. */
export interface ScriptCall {
  effects: ProgramEffects;
  files: WordValue[];
  inPlace: boolean;
  /** Files its options name (`-f script`), read. */
  optionReads: WordValue[];
}

const AWKS = new Set(['awk', 'gawk', 'mawk', 'nawk', 'busybox-awk']);
/** Programs with an option that runs a command (their other options are checked by the file tables). */
const PROGRAMS_WITH_RUNNING_OPTIONS = new Set(['tar', 'rsync', 'zip', 'ssh', 'scp', 'sftp', 'less', 'more', 'man', 'rg', 'sort', 'split', 'make', 'gmake']);

/** sed's program and files. GNU sed reads options anywhere on its line. */
export function sedCall(args: readonly WordValue[]): ScriptCall {
  const scripts: (string | null)[] = [];
  const files: WordValue[] = [];
  const optionReads: WordValue[] = [];
  let inPlace = false;
  let sandboxed = false;
  let unclear: string | undefined;
  let operandsOnly = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const text = word.text;
    if (operandsOnly || text === null || !text.startsWith('-') || text === '-') {
      files.push(word);
      continue;
    }
    if (text === '--') operandsOnly = true;
    else if (text === '-e' || text === '--expression') scripts.push(args[++i]?.text ?? null);
    else if (text.startsWith('--expression=')) scripts.push(text.slice(13));
    else if (text === '-f' || text === '--file' || text.startsWith('--file=')) {
      const file = text.startsWith('--file=') ? { text: text.slice(7) } : args[++i];
      if (file) optionReads.push(file);
      unclear = 'sed -f runs a script file the analysis does not read';
    } else if (text.startsWith('--in-place') || /^-[nrEsuzb]*i/.test(text)) inPlace = true;
    else if (text === '--sandbox') sandboxed = true;
    else if (text === '-l' || text === '--line-length') i++;
    else if (!/^-[nrEsuzb]+$/.test(text) && !/^--(posix|debug|quiet|silent|null-data|separate|regexp-extended|follow-symlinks|unbuffered|binary|line-length=.*)$/.test(text)) {
      unclear = `sed has an option the analysis does not know: ${text}`;
    } else if (text.startsWith('-e') && text.length > 2) scripts.push(text.slice(2));
  }
  if (scripts.length === 0) {
    const first = files.shift();
    scripts.push(first === undefined ? '' : first.text);
  }
  const effects: ProgramEffects = { commands: [], runsUnknown: false, writes: [], reads: [] };
  for (const script of scripts) {
    if (script === null) {
      effects.unclear = 'the sed script is known only at run time';
      continue;
    }
    const one = sedEffects(script);
    effects.commands.push(...one.commands);
    effects.runsUnknown ||= one.runsUnknown;
    effects.writes.push(...one.writes);
    effects.reads.push(...one.reads);
    effects.unclear ??= one.unclear;
  }
  effects.unclear ??= unclear;
  // --sandbox refuses e, r and w: nothing runs and only the named files are touched.
  if (sandboxed) Object.assign(effects, { commands: [], runsUnknown: false, writes: [], reads: [] });
  return { effects, files, inPlace, optionReads };
}

/** awk's program and files. */
export function awkCall(name: string, args: readonly WordValue[]): ScriptCall {
  const scan = scanOptions(name, args, {
    short: 'FvfeiEl',
    flags: 'bcCDghLMnNOPrsStVW',
    attached: 'dop',
    long: ['field-separator', 'assign', 'file', 'source', 'include', 'exec', 'load'],
    longFlags: ['sandbox', 'posix', 'traditional', 'lint', 'characters-as-bytes', 'bignum', 'optimize', 'version', 'help'],
  });
  const none = (unclear: string): ScriptCall => ({ effects: { commands: [], runsUnknown: false, writes: [], reads: [], unclear }, files: [], inPlace: false, optionReads: [] });
  if (!scan.ok) return none(scan.reason);
  const optionReads = scan.options.filter((option) => ['f', 'file', 'E', 'exec'].includes(option.name) && option.value).map((option) => option.value!);
  if (scan.options.some((option) => ['i', 'include', 'l', 'load'].includes(option.name))) return none(`${name} loads a library the analysis does not read`);
  const inline = scan.options.filter((option) => ['e', 'source'].includes(option.name));
  const fromFile = optionReads.length > 0;
  const programs = inline.map((option) => option.value?.text ?? null);
  let files = args.slice(scan.index);
  if (!fromFile && programs.length === 0) {
    programs.push(files[0]?.text ?? '');
    if (files[0]?.text === null) programs[0] = null;
    files = files.slice(1);
  }
  // `var=value` operands are assignments, not files.
  files = files.filter((word) => word.text === null || !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word.text));
  const effects: ProgramEffects = { commands: [], runsUnknown: false, writes: [], reads: [] };
  if (fromFile) effects.unclear = `${name} -f runs a program file the analysis does not read`;
  for (const program of programs) {
    if (program === null) {
      effects.unclear = `the ${name} program is known only at run time`;
      continue;
    }
    const one = awkEffects(program);
    effects.commands.push(...one.commands);
    effects.runsUnknown ||= one.runsUnknown;
    effects.writes.push(...one.writes);
    effects.reads.push(...one.reads);
    effects.unclear ??= one.unclear;
  }
  if (scan.options.some((option) => ['S', 'sandbox'].includes(option.name))) Object.assign(effects, { commands: [], runsUnknown: false, writes: [] });
  return { effects, files, inPlace: false, optionReads };
}

/** Whether `name` is an awk. */
export function isAwk(name: string): boolean {
  return AWKS.has(name);
}

/**
 * Programs that run commands through an option or a program text: sed, awk, npx and the package
 * runners, tar, rsync, zip, ssh and scp, less, man. Returns false when `name` is none of them.
 */
export function unwrapProgram(walker: Walker, command: FoundCommand, name: string, context: WalkContext): boolean {
  const args = command.argv.slice(1);
  const texts = args.map((word) => word.text);
  if (name === 'sed' || isAwk(name)) {
    const call = name === 'sed' ? sedCall(args) : awkCall(name, args);
    for (const text of call.effects.commands) walker.script(command, text, name === 'sed' ? 'sed e' : `${name} program`, context, true);
    if (call.effects.runsUnknown) walker.hide(command.index, `${name} runs a command it builds at run time`);
    if (call.effects.unclear) walker.hide(command.index, call.effects.unclear);
    return true;
  }
  if (PACKAGE_MANAGERS.has(name) && texts[0]?.startsWith('-')) {
    for (const start of subcommandStarts(args)) {
      walker.inner(command, [{ text: name }, ...args.slice(start)], `${name}, its options before the subcommand dropped`, context);
    }
    return true;
  }
  const packageRunner = packageCommand(name, args);
  if (packageRunner) {
    if (packageRunner.index < 0) walker.hide(command.index, packageRunner.reason);
    else if (packageRunner.inline !== undefined) walker.script(command, packageRunner.inline, `${name} -c`, context, true);
    else walker.inner(command, args.slice(packageRunner.index), packageRunner.via, context);
    return true;
  }
  const risky = (reason: string) => {
    walker.hide(command.index, reason);
    return true;
  };
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i];
    if (text === null || text === undefined) continue;
    const value = text.includes('=') ? text.slice(text.indexOf('=') + 1) : (texts[i + 1] ?? null);
    switch (name) {
      case 'tar':
        if (/^--(to-command|use-compress-program|info-script|new-volume-script|rsh-command|rmt-command)/.test(text) || /^-[A-Za-z]*[IF]$/.test(text)) {
          walker.script(command, value, `tar ${text.replace(/=.*$/, '')}`, context, true);
        } else if (text.startsWith('--checkpoint-action')) return risky('tar --checkpoint-action can run a command');
        break;
      case 'rsync':
        if (text === '-e' || text.startsWith('--rsh')) walker.script(command, value, 'rsync -e', context, true);
        else if (/^-[A-Za-z]*e$/.test(text) && !text.startsWith('--')) walker.script(command, texts[i + 1] ?? null, 'rsync -e', context, true);
        break;
      case 'zip':
        if (text === '-TT' || text.startsWith('--unzip-command')) walker.script(command, value, 'zip -TT', context, true);
        break;
      case 'ssh':
      case 'scp':
      case 'sftp': {
        const setting = text === '-o' ? (texts[i + 1] ?? '') : text.startsWith('-o') ? text.slice(2) : undefined;
        if (setting !== undefined && /^(ProxyCommand|LocalCommand|PermitLocalCommand|KnownHostsCommand|Match)/i.test(setting)) {
          return risky(`${name} ${text} can run a command on this machine`);
        }
        if (/^-[FS]/.test(text)) return risky(`${name} ${text} reads a configuration or a program that can run commands on this machine`);
        break;
      }
      case 'rg':
        if (text === '--pre' || text.startsWith('--pre=')) walker.inner(command, [{ text: value }, { text: null }], 'rg --pre', context);
        break;
      case 'sort':
        if (text.startsWith('--compress-program')) walker.inner(command, [{ text: value }], 'sort --compress-program', context);
        break;
      case 'split':
        if (text.startsWith('--filter')) walker.script(command, value, 'split --filter', context, true);
        break;
      case 'make':
      case 'gmake':
        if (/^(--eval|-E$|--file=-|--file=\/dev\/stdin)/.test(text) || (text === '-f' && /^(-|\/dev\/stdin)$/.test(texts[i + 1] ?? '')) || text.startsWith('SHELL=')) {
          return risky(`${name} ${text} runs recipes the analysis cannot read`);
        }
        break;
      case 'less':
      case 'more':
        if (text.startsWith('+')) return risky(`${name} ${text} runs pager commands, which can run shell commands`);
        break;
      case 'man':
        if (/^(-P|--pager|-H|--html)/.test(text)) return risky(`man ${text} runs a program it is given`);
        break;
      default:
        return false;
    }
  }
  return PROGRAMS_WITH_RUNNING_OPTIONS.has(name);
}

/** npx and the package runners' `exec`/`dlx`: the command they run, or why it is unknown. */
function packageCommand(name: string, args: WordValue[]): { index: number; via: string; inline?: string | null; reason: string } | undefined {
  const first = args[0]?.text;
  let start: number;
  if (name === 'npx' || name === 'bunx') start = 0;
  else if (name === 'npm' && (first === 'exec' || first === 'x')) start = 1;
  else if ((name === 'pnpm' || name === 'yarn') && (first === 'exec' || first === 'dlx')) start = 1;
  else if (name === 'bun' && first === 'x') start = 1;
  else return undefined;
  const via = start === 0 ? name : `${name} ${first ?? ''}`;
  const scan = scanOptions(name, args, { short: 'pcw', flags: 'yq', long: ['package', 'call', 'workspace'], longFlags: ['yes', 'no', 'quiet', 'silent', 'ignore-existing', 'shell-auto-fallback', 'workspaces', 'include-workspace-root'] }, start);
  if (!scan.ok) return { index: -1, via, reason: scan.reason };
  const call = scan.options.find((option) => option.name === 'c' || option.name === 'call');
  if (call) return { index: scan.index, via, inline: call.value?.text ?? null, reason: '' };
  if (scan.index >= args.length) return { index: -1, via, reason: `${via} runs a command the analysis cannot name` };
  return { index: scan.index, via, reason: '' };
}

const PACKAGE_MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const PACKAGE_VALUE_OPTIONS = new Set(['--prefix', '--workspace', '-w', '--userconfig', '--globalconfig', '--registry', '--cache', '--loglevel', '--dir', '-C', '--filter', '-F', '--cwd', '--tag', '--otp', '--scope']);

/**
 * Where the subcommand may start after a package manager's own options (`npm --prefix . publish`).
 * An option the analysis does not know may or may not take the next word, so both are returned.
 */
function subcommandStarts(args: readonly WordValue[]): number[] {
  let starts = [0];
  const out: number[] = [];
  for (let guard = 0; guard < 8 && starts.length > 0; guard++) {
    const next: number[] = [];
    for (const i of starts) {
      const text = args[i]?.text;
      if (text === undefined || text === null || !text.startsWith('-') || text === '--') {
        out.push(text === '--' ? i + 1 : i);
        continue;
      }
      if (text.includes('=')) next.push(i + 1);
      else if (PACKAGE_VALUE_OPTIONS.has(text)) next.push(i + 2);
      else if (text.startsWith('--') && !(args[i + 1]?.text ?? '-').startsWith('-')) next.push(i + 1, i + 2);
      else next.push(i + 1);
    }
    starts = [...new Set(next)];
  }
  return [...new Set([...out, ...starts])].filter((start) => start < args.length);
}

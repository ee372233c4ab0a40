import { joinWords } from './options';
import type { FoundCommand } from './types';
import type { WalkContext, Walker } from './walker';
import type { WordValue } from './words';
import { resolveDirectory } from './wrappers';

const GLOBAL_WITH_VALUE = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--list-cmds', '--attr-source']);
const GLOBAL_FLAGS = new Set([
  '-p', '--paginate', '-P', '--no-pager', '--bare', '--no-replace-objects', '--literal-pathspecs', '--glob-pathspecs', '--noglob-pathspecs',
  '--icase-pathspecs', '--no-optional-locks', '--no-advice', '--html-path', '--man-path', '--info-path', '--version', '--help', '--exec-path',
]);

/** Settings that change nothing git runs. */
const SAFE_KEYS = [
  /^color\./, /^user\./, /^advice\./, /^i18n\./, /^log\./, /^status\./, /^column\./, /^pretty\./, /^init\.defaultbranch$/,
  /^core\.(quotepath|autocrlf|safecrlf|abbrev|filemode|ignorecase|longpaths|eol|whitespace)$/, /^safe\.directory$/,
  /^pull\.(rebase|ff)$/, /^push\.(default|autosetupremote)$/, /^fetch\.prune$/, /^diff\.(noprefix|renames|algorithm|colormoved|mnemonicprefix|context)$/,
  /^merge\.(conflictstyle|ff)$/, /^rebase\.(autostash|autosquash)$/, /^commit\.verbose$/, /^(tag|branch)\.sort$/, /^grep\.(linenumber|patterntype)$/,
  /^blame\.date$/, /^format\.pretty$/, /^gc\.auto$/, /^pack\.threads$/, /^checkout\.defaultremote$/,
];
/** Settings whose value is a command git runs (through the shell, most of them). */
const COMMAND_KEYS = [
  /^core\.(fsmonitor|sshcommand|pager|editor|askpass|gitproxy)$/, /^pager\./, /^sequence\.editor$/, /^diff\.external$/, /^diff\..+\.(textconv|command)$/,
  /^filter\..+\.(clean|smudge|process)$/, /^merge\..+\.driver$/, /^credential\.(.+\.)?helper$/, /^gpg\.(.+\.)?program$/, /^uploadpack\.packobjectshook$/,
  /^remote\..+\.(uploadpack|receivepack)$/, /^(difftool|mergetool)\..+\.cmd$/, /^(browser|man)\..+\.cmd$/, /^ssh\.program$/,
];

type KeyKind = 'safe' | 'command' | 'alias' | 'unknown';

function keyKind(key: string): KeyKind {
  const lower = key.toLowerCase();
  if (lower.startsWith('alias.')) return 'alias';
  if (COMMAND_KEYS.some((pattern) => pattern.test(lower))) return 'command';
  return SAFE_KEYS.some((pattern) => pattern.test(lower)) ? 'safe' : 'unknown';
}

/**
 * git: options before the subcommand are read and dropped, so `git -C . push` is also seen as
 * `git push`; `-c` settings that make git run a program (`core.fsmonitor`, `core.pager`,
 * `alias.x=!…`, filters, helpers) have that program parsed as a command, aliases defined by `-c`
 * are expanded, and settings the analysis does not know are reported as hidden. Subcommands that
 * run commands (`rebase --exec`, `bisect run`, `submodule foreach`, `filter-branch`, `config` of a
 * command setting) are unwrapped.
 */
export function unwrapGit(walker: Walker, command: FoundCommand, context: WalkContext): void {
  const args = command.argv.slice(1);
  const aliases = new Map<string, string | null>();
  let cwd = command.cwd;
  let i = 0;
  for (; i < args.length; i++) {
    const text = args[i]!.text;
    if (text === null) return walker.hide(command.index, 'git has a word known only at run time before its subcommand');
    if (!text.startsWith('-')) break;
    const eq = text.indexOf('=');
    const option = eq > 0 ? text.slice(0, eq) : text;
    let value: string | null | undefined;
    if (GLOBAL_WITH_VALUE.has(option)) value = eq > 0 ? text.slice(eq + 1) : args[++i]?.text;
    // Options the analysis cannot follow are reported, and the subcommand is still read after them.
    else if (option === '--exec-path' && eq > 0) walker.hide(command.index, `git ${text} runs git's programs from that folder`);
    else if (!GLOBAL_FLAGS.has(option)) walker.hide(command.index, `git has an option the analysis does not know before its subcommand: ${text}`);
    if (value === undefined) continue;
    if (value === null) {
      if (option === '-c' || option === '--config-env') walker.hide(command.index, `git ${option} has a value known only at run time`);
      if (option === '-C') cwd = null;
      continue;
    }
    if (option === '-C') cwd = cwd?.map((base) => resolveDirectory(base, value, walker.home)) ?? null;
    if (option === '-c') {
      // `-c key` alone sets it to true.
      const split = value.indexOf('=');
      const key = split < 0 ? value : value.slice(0, split);
      applySetting(walker, command, context, key, split < 0 ? 'true' : value.slice(split + 1), `git -c ${key}`, aliases);
    } else if (option === '--config-env') {
      const key = value.includes('=') ? value.slice(0, value.indexOf('=')) : value;
      applySetting(walker, command, context, key, null, `git --config-env ${key}`, aliases);
    }
  }
  let sub = args.slice(i);
  const dropped = i > 0;
  // An alias may name another alias: follow the chain (git refuses a loop; so does this).
  const used: string[] = [];
  for (let alias = sub[0]?.text; alias && aliases.has(alias) && !used.includes(alias); alias = sub[0]?.text) {
    used.push(alias);
    const value = aliases.get(alias) ?? null;
    if (value === null) return walker.hide(command.index, `git ${alias} is an alias known only at run time`);
    if (value.startsWith('!')) {
      const rest = joinWords(sub.slice(1));
      return walker.script(command, rest === null ? null : `${value.slice(1)} ${rest}`, `git alias ${used.join(' → ')}`, context, true);
    }
    sub = [...value.split(/\s+/).filter(Boolean).map((text) => ({ text })), ...sub.slice(1)];
  }
  if (used.length > 0) return walker.inner(command, [{ text: 'git' }, ...sub], `git alias ${used.join(' → ')}`, context, { cwd });
  if (dropped) return walker.inner(command, [{ text: 'git' }, ...sub], 'git, its options before the subcommand dropped', context, { cwd });
  subcommand(walker, command, sub, context, aliases);
}

function applySetting(walker: Walker, command: FoundCommand, context: WalkContext, key: string, value: string | null, via: string, aliases: Map<string, string | null>): void {
  const kind = keyKind(key);
  switch (kind) {
    case 'safe':
      return;
    case 'alias':
      // Read when the alias is used: `git -c alias.x='!cmd' x` runs cmd.
      aliases.set(key.slice('alias.'.length), value);
      return;
    case 'command':
      if (value !== null && /^(true|false|)$/i.test(value)) return;
      return walker.script(command, value?.replace(/^!/, '') ?? null, via, context, true);
    case 'unknown':
      return walker.hide(command.index, `${via} is a setting the analysis does not know; settings can make git run programs`);
    default: {
      const exhaustive: never = kind;
      return exhaustive;
    }
  }
}

function subcommand(walker: Walker, command: FoundCommand, sub: WordValue[], context: WalkContext, aliases: Map<string, string | null>): void {
  const name = sub[0]?.text;
  const args = sub.slice(1);
  const texts = args.map((word) => word.text);
  switch (name) {
    case 'config': {
      // `git config [scope…] KEY VALUE` and `git config set KEY VALUE` store a setting for later commands.
      const operands = args.filter((word) => !(word.text ?? '').startsWith('-'));
      const [key, value] = operands[0]?.text === 'set' ? [operands[1], operands[2]] : [operands[0], operands[1]];
      if (key?.text === null) return walker.hide(command.index, 'git config sets a setting named at run time');
      if (!key || !value) return;
      const via = `git config ${key.text} (run by later git commands)`;
      if (keyKind(key.text) === 'alias') walker.script(command, value.text?.startsWith('!') === false ? '' : (value.text?.slice(1) ?? null), via, context, true);
      else applySetting(walker, command, context, key.text, value.text, via, aliases);
      return;
    }
    case 'rebase': {
      for (let k = 0; k < texts.length; k++) {
        const text = texts[k];
        if (text === '-x' || text === '--exec') walker.script(command, texts[k + 1] ?? null, 'git rebase --exec', context, true);
        else if (text?.startsWith('--exec=')) walker.script(command, text.slice(7), 'git rebase --exec', context, true);
      }
      return;
    }
    case 'bisect':
      if (texts[0] === 'run') walker.inner(command, args.slice(1), 'git bisect run', context);
      return;
    case 'submodule': {
      const at = texts.indexOf('foreach');
      if (at >= 0) walker.script(command, joinWords(args.slice(at + 1).filter((word) => word.text !== '--recursive')), 'git submodule foreach', context, true);
      return;
    }
    case 'filter-branch':
    case 'filter-repo':
      return walker.hide(command.index, `git ${name} runs filter commands over the history`);
    case 'difftool':
    case 'mergetool':
    case 'instaweb':
    case 'web--browse':
      return walker.hide(command.index, `git ${name} runs a tool the analysis cannot see`);
    case 'grep': {
      const scan = texts.findIndex((text) => text === '-O' || text?.startsWith('-O') || text?.startsWith('--open-files-in-pager'));
      if (scan >= 0) walker.hide(command.index, 'git grep -O opens the files in a program the analysis cannot see');
      return;
    }
    case 'clone':
    case 'init':
    case 'fetch':
    case 'pull':
    case 'push':
    case 'ls-remote':
    case 'archive': {
      for (let k = 0; k < texts.length; k++) {
        const text = texts[k] ?? '';
        if (/^--(upload-pack|receive-pack|exec)=/.test(text)) walker.script(command, text.slice(text.indexOf('=') + 1), `git ${name} ${text.split('=')[0]!}`, context, true);
        else if (['--upload-pack', '--receive-pack', '--exec', '-u'].includes(text)) walker.script(command, texts[k + 1] ?? null, `git ${name} ${text}`, context, true);
        else if (text.startsWith('--template') || text.startsWith('--config') || text === '-c') walker.hide(command.index, `git ${name} ${text} can install hooks or settings that run programs`);
      }
      return;
    }
    default:
      return;
  }
}

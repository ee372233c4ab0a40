import { parse, has, valuesOf } from './parseArgs';
import { archiveAccesses, curlAccesses, findAccesses, gitAccesses } from './programFiles';
import { awkCall, isAwk, sedCall } from './programs';
import { commandName } from './semantics';
import type { FoundCommand, RawAccess } from './types';

export type { RawAccess } from './types';
import type { WordValue } from './words';


/** Programs that only read their operands, with the short options that take a value. */
const READERS: Record<string, string> = {
  cat: '', tac: 's', nl: 'bdfhilnsvw', od: 'AjNtw', xxd: 'cglos', hexdump: 'enso', strings: 'nte', base64: 'w', base32: 'w', md5sum: '',
  sha1sum: '', sha224sum: '', sha256sum: '', sha384sum: '', sha512sum: '', b2sum: 'l', cksum: 'a', sum: '', wc: '', cut: 'bcdf', paste: 'd',
  join: '12jteo', comm: '', diff: 'CDFILSUWxX', cmp: 'iIn', fold: 'w', fmt: 'pw', expand: 't', unexpand: 't', pr: 'cdehiNnosWw', rev: '',
  column: 'csoNtRx', file: 'mfeF', stat: 'ct', ls: 'ITw', du: 'dtBX', tree: 'LPIHT', bat: 'lHrm', shuf: 'ni', head: 'nc', tail: 'ncs',
  less: 'bhjkoOpPtTxyz', more: 'n', look: 'dt', iconv: 'ft', source: '', '.': '', vdir: 'ITw', dir: 'ITw', readlink: '', realpath: '',
};
const WRITERS = new Set(['tee', 'sponge', 'touch', 'truncate', 'rm', 'unlink', 'rmdir', 'shred', 'mkdir', 'mkfifo', 'mknod', 'mktemp', 'chattr', 'setfacl']);
/** Programs that touch no file through their operands (their inner commands are checked apart). */
const NO_FILES = new Set([
  'echo', 'printf', 'true', 'false', 'test', '[', '[[', 'pwd', 'date', 'whoami', 'hostname', 'uname', 'seq', 'sleep', 'yes', 'basename',
  'dirname', 'expr', 'export', 'cd', 'pushd', 'popd', 'exit', 'return', 'set', 'shopt', 'unset', 'alias', 'unalias', 'type', 'which',
  'command', 'builtin', 'hash', 'kill', 'wait', 'jobs', 'local', 'declare', 'typeset', 'readonly', 'let', 'read', 'eval', 'trap', 'printenv',
  'env', 'id', 'groups', 'nproc', 'tty', 'clear', 'tput', ':', 'umask', 'ulimit', 'times', 'getopts', 'shift', 'break', 'continue', 'exec',
  'nice', 'nohup', 'timeout', 'stdbuf', 'sudo', 'doas', 'setsid', 'xargs', 'watch', 'parallel', 'npx', 'bunx', 'sh', 'bash', 'dash', 'zsh',
  'ksh', 'mapfile', 'readarray', 'compgen', 'complete', 'ionice', 'taskset', 'unbuffer', 'busybox', 'disown', 'bg', 'fg', 'caller', 'enable',
  'help', 'history', 'logout', 'dirs', 'suspend', 'tr',
]);

/** The files a simple command reads and writes through its operands and options (redirections apart). */
export function operandAccesses(command: FoundCommand): RawAccess[] {
  const text = command.argv[0]?.text;
  if (!text) return [];
  const name = commandName(text);
  const args = command.argv.slice(1);
  const out: RawAccess[] = [];
  const add = (access: RawAccess['access'], words: readonly WordValue[], by: string, tree = false) => {
    for (const word of words) if (word.text !== '-') out.push({ access, word, by, certainty: 'certain', ...(tree ? { tree } : {}) });
  };
  if (name in READERS) {
    const parsed = parse(args, READERS[name], ['format', 'printf', 'exclude', 'hide', 'ignore', 'max-depth']);
    add('read', parsed.operands, name);
    add('write', valuesOf(parsed, 'o', 'output'), `${name} -o`);
    add('read', valuesOf(parsed, 'files0-from', 'f', 'from-file', 'reference'), `${name} option`);
    return out;
  }
  if (WRITERS.has(name)) {
    const parsed = parse(args, name === 'truncate' ? 'sr' : name === 'mkdir' || name === 'mknod' ? 'mZ' : name === 'touch' ? 'drt' : name === 'shred' ? 'ns' : '');
    const operands = name === 'mknod' ? parsed.operands.slice(0, 1) : parsed.operands;
    add('write', operands, name, has(parsed, 'r', 'R', 'recursive') && ['rm', 'chattr', 'setfacl'].includes(name));
    add('read', valuesOf(parsed, 'reference'), `${name} --reference`);
    return out;
  }
  switch (name) {
    case 'chmod':
    case 'chown':
    case 'chgrp': {
      const parsed = parse(args);
      const operands = has(parsed, 'reference') ? parsed.operands : parsed.operands.slice(1);
      add('write', operands, name, has(parsed, 'R', 'recursive'));
      return out;
    }
    case 'cp':
    case 'mv':
    case 'install':
    case 'ln':
    case 'rsync':
    case 'scp': {
      const parsed = parse(args, name === 'install' ? 'gmotSZ' : name === 'rsync' ? 'eBfTM' : name === 'scp' ? 'cFiJloPS' : 'St', ['target-directory', 'suffix', 'backup', 'exclude', 'include', 'filter', 'rsh', 'rsync-path']);
      const targetDir = valuesOf(parsed, 't', 'target-directory');
      const sources = targetDir.length > 0 ? parsed.operands : parsed.operands.slice(0, -1);
      const destination = targetDir.length > 0 ? targetDir : parsed.operands.slice(-1);
      const recursive = has(parsed, 'r', 'R', 'a', 'recursive', 'archive');
      if (name === 'ln') {
        // A link gives access to its target: reading and writing it through the link.
        add('read', sources, 'ln target');
        add('write', sources, 'ln target');
      } else {
        add('read', sources, `${name} source`, recursive || name === 'mv');
        if (name === 'mv' || has(parsed, 'remove-source-files')) add('write', sources, `${name} source (removed)`, recursive || name === 'mv');
      }
      add('write', destination, `${name} target`, recursive || has(parsed, 'delete'));
      return out;
    }
    case 'dd':
      for (const arg of args) {
        if (arg.text?.startsWith('if=')) add('read', [{ text: arg.text.slice(3) }], 'dd if=');
        else if (arg.text?.startsWith('of=')) add('write', [{ text: arg.text.slice(3) }], 'dd of=');
        else if (arg.text === null) out.push({ access: 'write', word: arg, by: 'dd', certainty: 'certain' });
      }
      return out;
    case 'sort': {
      const parsed = parse(args, 'kotST', ['files0-from', 'compress-program']);
      add('read', parsed.operands, 'sort');
      add('write', valuesOf(parsed, 'o', 'output'), 'sort -o');
      add('read', valuesOf(parsed, 'files0-from'), 'sort --files0-from');
      return out;
    }
    case 'uniq': {
      const parsed = parse(args, 'fsw');
      add('read', parsed.operands.slice(0, 1), 'uniq');
      add('write', parsed.operands.slice(1, 2), 'uniq output');
      return out;
    }
    case 'split':
    case 'csplit': {
      const parsed = parse(args, name === 'split' ? 'abCdlnt' : 'bfn');
      add('read', parsed.operands.slice(0, 1), name);
      add('write', name === 'split' ? parsed.operands.slice(1, 2).map(asPrefix) : valuesOf(parsed, 'f').map(asPrefix), `${name} output`);
      return out;
    }
    case 'sed': {
      const call = sedCall(args);
      add(call.inPlace ? 'write' : 'read', call.files, call.inPlace ? 'sed -i' : 'sed');
      if (call.inPlace) add('read', call.files, 'sed -i');
      add('write', call.effects.writes.map((path) => ({ text: path })), 'sed w');
      add('read', [...call.effects.reads.map((path) => ({ text: path })), ...call.optionReads], 'sed r');
      return out;
    }
    case 'grep':
    case 'egrep':
    case 'fgrep':
    case 'rg':
    case 'ag':
    case 'ack':
      return searchAccesses(name, args);
    case 'jq': {
      const parsed = parse(args, 'fLe', ['arg', 'argjson', 'slurpfile', 'rawfile', 'indent', 'from-file']);
      const fromFile = valuesOf(parsed, 'f', 'from-file');
      add('read', fromFile.length > 0 ? [...fromFile, ...parsed.operands] : parsed.operands.slice(1), 'jq');
      return out;
    }
    case 'curl':
      return curlAccesses(args);
    case 'wget': {
      const parsed = parse(args, 'OoaiPeUtTwQY', ['output-document', 'output-file', 'append-output', 'input-file', 'directory-prefix']);
      add('write', valuesOf(parsed, 'O', 'output-document', 'o', 'output-file', 'a', 'append-output'), 'wget output');
      add('read', valuesOf(parsed, 'i', 'input-file'), 'wget -i');
      const prefix = valuesOf(parsed, 'P', 'directory-prefix');
      if (valuesOf(parsed, 'O', 'output-document').length === 0) add('write', prefix.length > 0 ? prefix : [{ text: '.' }], 'wget download', true);
      return out;
    }
    case 'tar':
    case 'unzip':
    case 'zip':
    case 'gzip':
    case 'gunzip':
    case 'bzip2':
    case 'bunzip2':
    case 'xz':
    case 'unxz':
    case 'zstd':
    case 'patch':
      return archiveAccesses(name, args);
    case 'time':
      add('write', valuesOf(parse(args, 'fo', ['output']), 'o', 'output'), 'time -o');
      return out;
    case 'xargs':
      add('read', valuesOf(parse(args, 'adEILnPs', ['arg-file']), 'a', 'arg-file'), 'xargs -a');
      return out;
    case 'find':
      return findAccesses(args);
    case 'git':
      return gitAccesses(args);
    default:
      break;
  }
  if (isAwk(name)) {
    const call = awkCall(name, args);
    add('read', [...call.files, ...call.optionReads], name);
    add('write', call.effects.writes.map((path) => ({ text: path })), `${name} print >`);
    add('read', call.effects.reads.map((path) => ({ text: path })), `${name} getline <`);
    return out;
  }
  if (NO_FILES.has(name)) return out;
  // A program the analysis does not know: any plain argument may be a path it opens.
  for (const arg of args) {
    const value = arg.text?.startsWith('--') && arg.text.includes('=') ? arg.text.slice(arg.text.indexOf('=') + 1) : arg.text;
    if (value && !value.startsWith('-')) {
      for (const access of ['read', 'write'] as const) out.push({ access, word: { text: value }, by: `${name} argument`, certainty: 'possible' });
    }
  }
  return out;
}

/** The files `split` and `csplit` write: any name starting with the prefix. */
function asPrefix(word: WordValue): WordValue {
  return word.text === null ? word : { text: null, glob: `${word.text.replace(/[*?[\]{}\\]/g, '\\$&')}*` };
}

function searchAccesses(name: string, args: WordValue[]): RawAccess[] {
  const parsed = parse(args, name === 'rg' ? 'efgtTmABCjMrE' : 'efmABCdD', ['regexp', 'file', 'glob', 'type', 'max-count', 'context', 'include', 'exclude', 'exclude-dir', 'exclude-from', 'pre', 'replace']);
  const patterns = valuesOf(parsed, 'e', 'regexp');
  const patternFiles = valuesOf(parsed, 'f', 'file', 'exclude-from');
  const operands = patterns.length > 0 || patternFiles.length > 0 ? parsed.operands : parsed.operands.slice(1);
  const recursive = name !== 'grep' && name !== 'egrep' && name !== 'fgrep' ? true : has(parsed, 'r', 'R', 'recursive', 'dereference-recursive');
  const files = operands.length > 0 ? operands : recursive ? [{ text: '.' }] : [];
  const out: RawAccess[] = files.map((word) => ({ access: 'read' as const, word, by: name, certainty: 'certain' as const, ...(recursive ? { tree: true } : {}) }));
  for (const word of patternFiles) out.push({ access: 'read', word, by: `${name} -f`, certainty: 'certain' });
  return out;
}

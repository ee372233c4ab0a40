import type { RawAccess } from './types';
import { has, parse, valuesOf } from './parseArgs';
import type { WordValue } from './words';

/*
 * The files of programs whose options name them: curl and wget, the archivers and compressors,
 * patch, find's actions, and git's path arguments.
 */

export function curlAccesses(args: WordValue[]): RawAccess[] {
  const parsed = parse(args, 'oTdFKcDbHuXeAEw', ['output', 'upload-file', 'data', 'data-binary', 'data-raw', 'data-urlencode', 'json', 'form', 'config', 'cookie-jar', 'dump-header', 'cookie', 'trace', 'trace-ascii', 'output-dir', 'stderr']);
  const out: RawAccess[] = [];
  const add = (access: RawAccess['access'], word: WordValue, by: string) => out.push({ access, word, by, certainty: 'certain' });
  for (const word of valuesOf(parsed, 'o', 'output', 'c', 'cookie-jar', 'D', 'dump-header', 'trace', 'trace-ascii', 'stderr')) add('write', word, 'curl output');
  for (const word of valuesOf(parsed, 'T', 'upload-file', 'K', 'config')) add('read', word, 'curl upload');
  for (const word of valuesOf(parsed, 'd', 'data', 'data-binary', 'data-urlencode', 'json', 'F', 'form', 'b', 'cookie')) {
    // `@file` and `<file` send a file's content.
    const match = word.text === null ? null : /(?:^|=)[@<](.+)$/.exec(word.text);
    if (word.text === null) add('read', word, 'curl data');
    else if (match) add('read', { text: match[1]!.replace(/;.*$/, '') }, 'curl data @file');
  }
  if (has(parsed, 'O', 'remote-name', 'remote-name-all')) add('write', { text: null }, 'curl -O');
  return out;
}

export function archiveAccesses(name: string, args: WordValue[]): RawAccess[] {
  const out: RawAccess[] = [];
  const add = (access: RawAccess['access'], words: readonly WordValue[], by: string, tree = false) => {
    for (const word of words) out.push({ access, word, by, certainty: 'certain', ...(tree ? { tree } : {}) });
  };
  if (name === 'tar') {
    // Old style `tar xzf a.tgz` reads its first word as options.
    const first = args[0]?.text;
    const normalised = first && !first.startsWith('-') ? [{ text: `-${first}` }, ...args.slice(1)] : args;
    const parsed = parse(normalised, 'fCTXbBFgIKLNV', ['file', 'directory', 'files-from', 'exclude-from']);
    const archive = valuesOf(parsed, 'f', 'file');
    const directory = valuesOf(parsed, 'C', 'directory');
    if (has(parsed, 'x', 'extract', 'get')) {
      add('read', archive, 'tar archive');
      add('write', directory.length > 0 ? directory : [{ text: '.' }], 'tar extract', true);
    } else if (has(parsed, 'c', 'create', 'r', 'append', 'u', 'update')) {
      add('write', archive, 'tar archive');
      add('read', parsed.operands, 'tar source', true);
    } else add('read', archive, 'tar archive');
    add('read', valuesOf(parsed, 'T', 'files-from', 'X', 'exclude-from'), 'tar list');
    return out;
  }
  if (name === 'unzip') {
    const parsed = parse(args, 'dxP');
    add('read', parsed.operands.slice(0, 1), 'unzip archive');
    if (!has(parsed, 'l', 'v', 't', 'p', 'Z')) add('write', valuesOf(parsed, 'd').length > 0 ? valuesOf(parsed, 'd') : [{ text: '.' }], 'unzip extract', true);
    return out;
  }
  if (name === 'zip') {
    const parsed = parse(args, 'bnPtxiO');
    add('write', parsed.operands.slice(0, 1), 'zip archive');
    add('read', parsed.operands.slice(1), 'zip source', has(parsed, 'r', 'R', 'recurse-paths'));
    if (has(parsed, 'm', 'move')) add('write', parsed.operands.slice(1), 'zip -m source', has(parsed, 'r', 'R'));
    return out;
  }
  if (name === 'patch') {
    const parsed = parse(args, 'iopdDrBFzYVgF', ['input', 'output', 'directory']);
    add('read', valuesOf(parsed, 'i', 'input'), 'patch input');
    const output = valuesOf(parsed, 'o', 'output');
    // Without -o, patch writes the files the patch names, which the analysis does not read.
    add('write', output.length > 0 ? output : parsed.operands.length > 0 ? parsed.operands.slice(0, 1) : [{ text: null }], 'patch');
    return out;
  }
  // The compressors replace each file with its compressed (or decompressed) form, unless -c or -k.
  const parsed = parse(args, 'bLSTo');
  add('read', parsed.operands, name);
  if (!has(parsed, 'c', 'stdout', 'to-stdout', 'l', 'list', 't', 'test')) add('write', parsed.operands, name, has(parsed, 'r', 'recursive'));
  return out;
}

export function findAccesses(args: WordValue[]): RawAccess[] {
  const out: RawAccess[] = [];
  const start = args.findIndex((word) => word.text === null || /^[-(!]/.test(word.text));
  const roots = (start < 0 ? args : args.slice(0, start)).filter((word) => word.text !== null);
  const paths = roots.length > 0 ? roots : [{ text: '.' }];
  for (let i = 0; i < args.length; i++) {
    const text = args[i]!.text;
    if (text === '-delete') for (const word of paths) out.push({ access: 'write', word, by: 'find -delete', tree: true, certainty: 'certain' });
    if (text === '-fprint' || text === '-fprint0' || text === '-fls' || text === '-fprintf') {
      const file = args[i + 1];
      if (file) out.push({ access: 'write', word: file, by: `find ${text}`, certainty: 'certain' });
    }
  }
  // find lists names (like Glob), it does not read what the files hold.
  for (const word of paths) out.push({ access: 'read', word, by: 'find', certainty: 'certain' });
  return out;
}

const BULK_WRITES = new Set(['clean', 'checkout', 'restore', 'stash', 'switch', 'merge', 'pull', 'rebase', 'cherry-pick', 'revert', 'am', 'apply', 'read-tree', 'checkout-index']);

export function gitAccesses(args: WordValue[]): RawAccess[] {
  const out: RawAccess[] = [];
  const sub = args.find((word) => word.text !== null && !word.text.startsWith('-'))?.text ?? undefined;
  if (sub === 'config' && !args.some((word) => word.text === '--get' || word.text === '--list' || word.text === '-l')) {
    const global = args.some((word) => word.text === '--global');
    out.push({ access: 'write', word: { text: global ? '~/.gitconfig' : '.git/config' }, by: 'git config', certainty: 'certain' });
  }
  // Subcommands that rewrite or delete files of the work tree wholesale (an untracked secret included).
  const hard = args.some((word) => /^--(hard|merge|keep)$/.test(word.text ?? ''));
  if (sub !== undefined && (BULK_WRITES.has(sub) || (sub === 'reset' && hard))) {
    out.push({ access: 'write', word: { text: '.' }, by: `git ${sub}, which rewrites the work tree`, tree: true, certainty: 'certain' });
  }
  // `git show HEAD:.env`, `git checkout -- secrets/x`: paths git may read or write for its subcommand.
  for (const word of args) {
    const text = word.text;
    if (text === null || text.startsWith('-') || text === sub) continue;
    const path = text.includes(':') ? text.slice(text.indexOf(':') + 1) : text;
    if (path === '') continue;
    for (const access of ['read', 'write'] as const) out.push({ access, word: { text: path }, by: `git ${sub ?? ''} argument`, certainty: 'possible' });
  }
  return out;
}

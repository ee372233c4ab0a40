import type { BypassCase, CorpusRules } from './types';

/** Edits of secrets/ denied; an exactly allowed command and listing allowed as decoys. */
const WRITE: CorpusRules = { allow: ['Bash(git status)', 'Bash(ls:*)', 'Bash(echo:*)'], ask: [], deny: ['Edit(secrets/**)'] };
/** Reads of .env denied; readers allowed as decoys only where a rule alone must not allow them. */
const READ: CorpusRules = { allow: ['Bash(ls:*)'], ask: [], deny: ['Read(.env)'] };
const BOTH: CorpusRules = { allow: ['Bash(ls:*)', 'Bash(echo:*)'], ask: [], deny: ['Read(.env)', 'Edit(secrets/**)'] };
const SECRETS_KEPT = { unchanged: ['secrets/key.pem'], absent: ['secrets/pwned.txt'] } as const;
const ENV_UNSEEN = { unchanged: ['.env'], unseen: 'hunter2' } as const;

function write(command: string, klass: BypassCase['class'], why: string, expect: BypassCase['expect'] = 'deny'): BypassCase {
  return { command, class: klass, rules: WRITE, expect, effect: SECRETS_KEPT, why };
}

function read(command: string, why: string, expect: BypassCase['expect'] = 'deny'): BypassCase {
  return { command, class: 'file-read', rules: READ, expect, effect: ENV_UNSEEN, why };
}

function spelled(command: string, why: string, expect: BypassCase['expect'] = 'deny'): BypassCase {
  return { command, class: 'path-spelling', rules: BOTH, expect, effect: { ...SECRETS_KEPT, unseen: 'hunter2' }, why };
}

/** Redirections that write a protected file. */
export const REDIRECTION_CASES: BypassCase[] = [
  write('git status > secrets/pwned.txt', 'redirection', 'a redirection on an exactly allowed command'),
  write('git status >> secrets/pwned.txt', 'redirection', 'an appending redirection'),
  write('git status &> secrets/pwned.txt', 'redirection', 'stdout and stderr into a file'),
  write('git status >| secrets/pwned.txt', 'redirection', 'a redirection that overrides noclobber'),
  write('git status 2> secrets/pwned.txt', 'redirection', 'stderr into a file'),
  write('ls >& secrets/pwned.txt', 'redirection', '>& with a file name'),
  write('echo x 1<> secrets/key.pem', 'redirection', 'a read-write redirection'),
  write('cat <<< x > secrets/pwned.txt', 'redirection', 'a here-string written into a file'),
  write('cat > secrets/pwned.txt <<EOF\nx\nEOF', 'redirection', 'a here-document written into a file'),
  write('exec 3> secrets/pwned.txt', 'redirection', 'exec opening a file for writing'),
  write('{ ls; } > secrets/pwned.txt', 'redirection', 'a redirected group'),
  write('for i in 1; do echo x; done > secrets/pwned.txt', 'redirection', 'a redirected loop'),
  write('echo x > "secrets/$n"', 'redirection', 'a target known only at run time inside the protected folder: the rules ask', 'ask'),
  write('echo x > secre*/key.pem', 'redirection', 'a target that is a glob: the rules ask', 'ask'),
];

/** Programs that write, move or delete a protected file. */
export const FILE_WRITE_CASES: BypassCase[] = [
  write('tee secrets/pwned.txt < x', 'file-write', 'tee'),
  write('tee -a secrets/key.pem < x', 'file-write', 'tee -a'),
  write('ls | tee secrets/pwned.txt', 'file-write', 'tee in a pipeline'),
  write('cp x secrets/pwned.txt', 'file-write', 'cp'),
  write('cp x secrets/', 'file-write', 'cp into the folder'),
  write('cp -t secrets x', 'file-write', 'cp -t'),
  write('mv x secrets/pwned.txt', 'file-write', 'mv into the folder'),
  write('mv secrets/key.pem y', 'file-write', 'mv out of the folder removes the file'),
  write('install x secrets/pwned.txt', 'file-write', 'install'),
  write('ln -s ../x secrets/pwned.txt', 'file-write', 'ln'),
  write('ln -s secrets/key.pem link', 'file-write', 'a link to a protected file gives access to it'),
  write('sed -i s/KEY/X/ secrets/key.pem', 'file-write', 'sed -i'),
  write('sed -i.bak s/KEY/X/ secrets/key.pem', 'file-write', 'sed -i with a suffix'),
  write('sed s/KEY/X/ -i secrets/key.pem', 'file-write', 'sed -i after the script (GNU sed reads options anywhere)'),
  write("sed -n 'w secrets/pwned.txt' x", 'file-write', "sed's w command"),
  write("awk '{ print > \"secrets/pwned.txt\" }' x", 'file-write', 'awk print >'),
  write('dd if=x of=secrets/key.pem', 'file-write', 'dd of='),
  write('truncate -s 0 secrets/key.pem', 'file-write', 'truncate'),
  write('touch secrets/pwned.txt', 'file-write', 'touch'),
  write('rm secrets/key.pem', 'file-write', 'rm'),
  write('rm -r secrets', 'file-write', 'rm -r of the folder'),
  write('rm -rf .', 'file-write', 'rm -rf of a folder holding the protected one: the rules ask', 'ask'),
  write('unlink secrets/key.pem', 'file-write', 'unlink'),
  write('shred secrets/key.pem', 'file-write', 'shred'),
  write('chmod 000 secrets/key.pem', 'file-write', 'chmod'),
  write('sort -o secrets/key.pem x', 'file-write', 'sort -o'),
  write('find secrets -delete', 'file-write', 'find -delete in the folder'),
  write('gzip secrets/key.pem', 'file-write', 'gzip replaces the file'),
  write('tar xf x -C secrets', 'file-write', 'tar extracting into the folder'),
  write('cp x y; cd secrets && touch pwned.txt', 'file-write', 'touch after cd into the folder'),
  write('git clean -fdx', 'file-write', 'git clean deletes untracked files, a secret among them: the rules ask', 'ask'),
  write('git checkout -- secrets/key.pem', 'file-write', 'git given the protected path: the rules ask', 'ask'),
];

/** Programs that read a protected file. */
export const FILE_READ_CASES: BypassCase[] = [
  read('cat .env', 'cat'),
  read('head -n 1 .env', 'head'),
  read('tail .env', 'tail'),
  read('less .env', 'less'),
  read('more .env', 'more'),
  read('grep TOKEN .env', 'grep'),
  read('grep -e TOKEN .env', 'grep -e'),
  read('source .env', 'source'),
  read('. ./.env', '.'),
  read('cat < .env', 'a < redirection'),
  read('while read l; do echo $l; done < .env', 'a redirected loop'),
  read('base64 .env', 'base64'),
  read('od -c .env', 'od'),
  read('cp .env leak.txt', 'cp copies it out'),
  read('mv .env leak.txt', 'mv moves it out'),
  read('ln -s .env leak', 'a link to it'),
  read('tar cf out.tar .env', 'tar'),
  read('awk 1 .env', 'awk'),
  read('sed -n p .env', 'sed'),
  read('sort .env', 'sort'),
  read('diff .env x', 'diff'),
  read('dd if=.env', 'dd if='),
  read('xargs -a .env echo', 'xargs -a'),
  read("curl -d @.env http://127.0.0.1:9", 'curl sending it'),
  read('grep -r TOKEN .', 'grep -r over a folder holding it: the rules ask', 'ask'),
  read('rg TOKEN', 'rg searches the working directory: the rules ask', 'ask'),
  read('cat .en?', 'a glob that can name it: the rules ask', 'ask'),
  read('cat $(echo .env)', 'a path made by a substitution: the rules ask', 'ask'),
  read('mycat .env', 'a program the analysis does not know, given the protected path: the rules ask', 'ask'),
  read('git show HEAD:.env', 'git given the protected path: the rules ask', 'ask'),
];

/** The same protected paths, spelled another way. */
export const PATH_SPELLING_CASES: BypassCase[] = [
  spelled('cat ./.env', './'),
  spelled('cat .//.env', 'a doubled slash'),
  spelled('cat src/../.env', '..'),
  spelled('cat /workspace/.env', 'an absolute path inside the workspace'),
  spelled('cat /workspace//.env', 'an absolute path with a doubled slash'),
  spelled('cat ~/.env', '~ (the workspace is HOME on both sandboxes)'),
  spelled('cat "$HOME/.env"', '$HOME'),
  spelled('cd src; cat ../.env', 'a relative path from another folder'),
  spelled('cd /workspace/src && cat ../.env', 'a relative path after cd to an absolute folder'),
  spelled('echo x > ./secrets/pwned.txt', './ in a write'),
  spelled('echo x > secrets//pwned.txt', 'a doubled slash in a write'),
  spelled('echo x > src/../secrets/pwned.txt', '.. in a write'),
  spelled('echo x > secrets/./pwned.txt', '/./ in a write'),
  spelled('echo x > /workspace/secrets/pwned.txt', 'an absolute path in a write'),
  spelled('echo x > ~/secrets/pwned.txt', '~ in a write'),
  spelled('cd secrets && touch pwned.txt', 'a write after cd'),
  spelled('pushd secrets; touch pwned.txt', 'a write after pushd'),
  spelled('touch secrets/', 'a trailing slash on the folder itself'),
];

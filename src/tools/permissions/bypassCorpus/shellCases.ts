import type { BypassCase, CorpusRules } from './types';

/** `rm` denied; listing, echoing and reading allowed (decoys a fooled analysis would let through). */
export const RM: CorpusRules = { allow: ['Bash(ls:*)', 'Bash(echo:*)', 'Bash(true)', 'Bash(cat:*)'], ask: [], deny: ['Bash(rm:*)'] };
const KEEP_X = { unchanged: ['x'] } as const;

function rm(command: string, klass: BypassCase['class'], why: string, expect: BypassCase['expect'] = 'deny', extra: Partial<BypassCase> = {}): BypassCase {
  return { command, class: klass, rules: RM, expect, effect: KEEP_X, why, ...extra };
}

/** Operators, subshells, groups and control flow around a denied command. */
export const COMPOUND_CASES: BypassCase[] = [
  rm('rm x', 'compound', 'the denied command itself'),
  rm('rm -rf x', 'compound', 'with options'),
  rm('rm  -rf x', 'compound', 'with doubled blanks'),
  rm('ls && rm -rf x', 'compound', 'after &&'),
  rm('ls; rm x', 'compound', 'after ;'),
  rm('ls || rm x', 'compound', 'after ||'),
  rm('ls | rm x', 'compound', 'in a pipeline'),
  rm('ls |& rm x', 'compound', 'in a pipeline that also pipes stderr'),
  rm('ls & rm x', 'compound', 'after a background job'),
  rm('ls\nrm x', 'compound', 'on the next line'),
  rm('(rm x)', 'compound', 'in a subshell'),
  rm('{ rm x; }', 'compound', 'in a group'),
  rm('rm x > /dev/null', 'compound', 'with its output thrown away'),
  rm('rm x 2>&1', 'compound', 'with stderr joined to stdout'),
  rm('ls > out; rm x', 'compound', 'after a redirected command'),
  rm('true && (ls; rm x)', 'compound', 'in a subshell after &&'),
  rm('for f in a; do rm $f; done', 'compound', 'in a loop body, with an argument known only at run time'),
  rm('if true; then rm x; fi', 'compound', 'in a conditional'),
  rm('while false; do :; done; rm x', 'compound', 'after a loop'),
  rm('case a in a) rm x;; esac', 'compound', 'in a case branch'),
  rm('! rm x', 'compound', 'negated'),
  rm('time rm x', 'compound', 'timed by the time keyword'),
  rm('coproc rm x', 'compound', 'as a coprocess: the parser does not read it, so the rules ask', 'ask'),
];

/** The command name spelled so a text match would miss it. */
export const QUOTING_CASES: BypassCase[] = [
  rm('/bin/rm x', 'quoting', 'the program by its absolute path'),
  rm('/usr/bin/rm -rf x', 'quoting', 'the program by another absolute path'),
  rm("'rm' x", 'quoting', 'a single-quoted name'),
  rm('"rm" x', 'quoting', 'a double-quoted name'),
  rm("r'm' x", 'quoting', 'a name split by quotes'),
  rm('r""m x', 'quoting', 'an empty quoted string inside the name'),
  rm('r\\m x', 'quoting', 'an escaped letter inside the name'),
  rm('\\rm x', 'quoting', 'a leading backslash, which also skips aliases'),
  rm("$'r\\x6d' x", 'quoting', "an ANSI-C quoted name with a hex escape"),
  rm("$'\\162\\155' x", 'quoting', 'an ANSI-C quoted name in octal'),
  rm('{rm,x}', 'quoting', 'brace expansion that makes the name and its argument'),
];

/** Command substitutions in places a word-level check did not look. */
export const SUBSTITUTION_CASES: BypassCase[] = [
  rm('$(rm x)', 'substitution', 'a substitution as the whole command'),
  rm('echo $(rm x)', 'substitution', 'a substitution in an argument'),
  rm('`rm x`', 'substitution', 'backticks as the whole command'),
  rm('echo `rm x`', 'substitution', 'backticks in an argument'),
  rm('echo "$(rm x)"', 'substitution', 'a substitution inside double quotes'),
  rm('cat <(rm x)', 'substitution', 'a process substitution'),
  rm('ls >(rm x)', 'substitution', 'an output process substitution'),
  rm('ls $(rm x)', 'substitution', 'a substitution in an allowed command'),
  rm('x=$((0$(rm x))) ls', 'substitution', 'inside arithmetic in an assignment before an allowed command'),
  rm('echo $(( $(rm x) ))', 'substitution', 'inside an arithmetic expansion'),
  rm('echo $[1+$(rm x)]', 'substitution', 'inside the old $[…] arithmetic'),
  rm('echo ${a[$(rm x)]}', 'substitution', 'inside an array subscript of a parameter expansion'),
  rm('a[$(rm x)]=1 ls', 'substitution', 'inside an array subscript of an assignment'),
  rm('echo ${x:-$(rm x)}', 'substitution', 'inside a default value'),
  rm('echo ${x:=`rm x`}', 'substitution', 'backticks inside an assigned default'),
  rm('echo ${x/a/$(rm x)}', 'substitution', 'inside a pattern replacement'),
  rm('echo ${x:$(rm x)}', 'substitution', 'inside a substring offset'),
  rm('cat <<EOF\n$(rm x)\nEOF', 'substitution', 'inside a here-document'),
  rm('cat <<< "$(rm x)"', 'substitution', 'inside a here-string'),
  rm('ls > "$(rm x)"', 'substitution', 'inside a redirection target'),
  rm('ls 2> `rm x`', 'substitution', 'backticks inside a redirection target'),
  rm('[[ -n $(rm x) ]]', 'substitution', 'inside a conditional expression'),
  rm('case $(rm x) in *) ;; esac', 'substitution', 'as the word a case tests'),
  rm('for i in $(rm x); do :; done', 'substitution', 'in the words of a for loop'),
  rm("printf -v 'a[$(rm x)]' x", 'substitution', 'in a quoted variable name whose subscript printf -v evaluates'),
  rm("read 'a[$(rm x)]' <<< 1", 'substitution', 'in a quoted variable name whose subscript read evaluates'),
  rm("let 'a[$(rm x)]=1'", 'substitution', 'in a quoted arithmetic expression let evaluates'),
  rm("declare -n r='a[$(rm x)]'; echo $r", 'substitution', 'in the name a nameref holds, evaluated on use'),
  rm("[[ -v 'a[$(rm x)]' ]]", 'substitution', 'in a quoted name [[ -v ]] evaluates'),
  rm('declare -a a=($(rm x))', 'substitution', 'in the array a declaration assigns (the parser keeps it only as text; it is read back from the source)'),
  rm('f() { local a=([$(rm x)]=1); }; f', 'substitution', 'in a subscript of a local array'),
  rm('readonly a=(1 `rm x`)', 'substitution', 'backticks in a readonly array'),
  rm('declare a=(${q:-$(rm x)})', 'substitution', 'in a default value inside a declared array'),
  rm("x='a[$(rm x)]'; echo $((x))", 'substitution', 'a value that arithmetic evaluates again: the rules cannot see it, so they ask', 'ask'),
  rm("x='a[$(rm x)]'; [[ $x -eq 1 ]]", 'substitution', 'a value that [[ -eq ]] evaluates again', 'ask'),
  rm("x='a[$(rm x)]'; echo ${!x}", 'substitution', 'a value ${!x} evaluates again', 'ask'),
  rm("x='$(rm x)'; echo ${x@P}", 'substitution', 'a value ${x@P} expands as a prompt', 'ask'),
];

/** Backslash-newline, read as bash reads it. */
export const CONTINUATION_CASES: BypassCase[] = [
  rm('rm\\\n x', 'line-continuation', 'a continuation after the name: bash runs rm x, the parser alone read rmx'),
  rm('r\\\nm x', 'line-continuation', 'a continuation inside the name'),
  rm('ls; rm\\\n -rf x', 'line-continuation', 'a continuation after a separator'),
  rm('ls \\\n&& rm x', 'line-continuation', 'a continuation before an operator'),
  rm('echo `rm\\\n x`', 'line-continuation', 'a continuation inside backticks'),
  rm('echo "$(rm\\\n x)"', 'line-continuation', 'a continuation inside a quoted substitution'),
  rm('# a note \\\nrm x', 'line-continuation', 'a comment ends at the newline even after a backslash'),
  rm("echo 'a\\\n' ; rm x", 'line-continuation', 'a backslash-newline inside single quotes stays'),
];

/** The kinds of rule bypass the corpus holds, one per way a command line can hide what it does. */
export const BYPASS_CLASSES = [
  'compound',
  'quoting',
  'substitution',
  'runner',
  'environment',
  'subcommand-options',
  'line-continuation',
  'redirection',
  'file-write',
  'file-read',
  'path-spelling',
] as const;

/** One kind of bypass. */
export type BypassClass = (typeof BYPASS_CLASSES)[number];

/** What each kind is, in a sentence (the rule tester shows it). */
export const BYPASS_CLASS_TEXT: Record<BypassClass, string> = {
  compound: 'a denied command joined to others by operators, subshells, groups, loops or conditionals',
  quoting: 'the command name spelled through quotes, escapes, $\'…\' or a path to the program',
  substitution: 'a command substitution inside a word: arithmetic, array subscripts, parameter expansions, here-documents, here-strings, redirection targets, or a value bash evaluates again',
  runner: 'a program that runs another command: xargs, find -exec, sh -c, eval, env, sudo, trap, awk, sed, functions, aliases, a command name known only at run time',
  environment: 'an environment assignment that makes an allowed program run something else',
  'subcommand-options': 'options before a subcommand (git -C . push) so a prefix rule does not see it',
  'line-continuation': 'a backslash-newline the parser and bash read differently',
  redirection: 'a redirection writing a protected file, even on an exactly allowed command',
  'file-write': 'a program that writes, moves or deletes a protected file (tee, cp, mv, sed -i, dd, truncate, touch, rm…)',
  'file-read': 'a program that reads a protected file (cat, head, less, grep, source, <…)',
  'path-spelling': 'a protected path spelled another way: ./, //, .., an absolute path, ~, or from another folder',
};

/** The rules a case is checked against (the same strings a scenario's settings hold). */
export interface CorpusRules {
  allow: readonly string[];
  ask: readonly string[];
  deny: readonly string[];
}

/** A command written to slip past the rules, and what the rules must decide instead. */
export interface BypassCase {
  command: string;
  class: BypassClass;
  /**
   * The rules. Deny and ask rules are what it tries to get past; allow rules are decoys: the
   * command must not be allowed by them even when they are the only rules.
   */
  rules: CorpusRules;
  /** What the rules decide: never `allow`. `ask` when the analysis cannot see enough to deny. */
  expect: 'deny' | 'ask';
  /**
   * What must not happen, checked after running it through the real pipeline on the corpus's
   * workspace: files that must keep their content, files that must not appear, text that must
   * not be shown.
   */
  effect?: { unchanged?: readonly string[]; absent?: readonly string[]; unseen?: string };
  why: string;
  /** Said when real bash runs nothing of it (it fails to parse, or only defines something). */
  bashRunsNothing?: string;
}

/**
 * The workspace every case runs against. `/workspace` in a command stands for its root, whatever
 * the sandbox's root is.
 */
export const CORPUS_WORKSPACE: Readonly<Record<string, string>> = {
  x: 'x\n',
  y: 'y\n',
  list: 'x\n',
  f: 'a\n',
  '.env': 'TOKEN=hunter2\n',
  'secrets/key.pem': 'KEY\n',
  'src/a.ts': 'export const a = 1;\n',
  'package.json': '{ "name": "demo", "scripts": { "test": "echo ok" } }\n',
};

/** The root the corpus's commands are written against. */
export const CORPUS_ROOT = '/workspace';

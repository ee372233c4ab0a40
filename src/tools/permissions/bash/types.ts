import type { PathTarget } from '../pathRules';
import type { WordScope, WordValue } from './words';

/** A redirection of a command, with its target when it is a fixed word. */
export interface FoundRedirect {
  operator: string;
  fd: number | null;
  /** The target word; `null` for a here-document. */
  target: WordValue | null;
}

/**
 * One simple command the analysis found: a command of the line itself, one in a substitution, or
 * one another command runs (`xargs rm`, `sh -c 'rm x'`, `find -exec rm`), with the path to it.
 */
export interface FoundCommand {
  /** Position in the analysis's list. */
  index: number;
  /** The words after static expansion, the command name first. */
  argv: WordValue[];
  /** Assignments written before the command (`X=1 cmd`), or alone (`X=1`). */
  assignments: { name: string; value: string | null }[];
  redirects: FoundRedirect[];
  /**
   * What runs it, outermost first (`xargs`, `sh -c`, `find -exec`, `function f`, `alias ls`…);
   * empty for a command written on the line itself or in a substitution.
   */
  via: string[];
  /** The index of the command that runs this one, for unwrapped commands. */
  parent?: number;
  /** Absolute working directories the command may run in; `null` when unknown. */
  cwd: string[] | null;
}

/** Something the analysis cannot see through: it may run, read or write anything. */
export interface HiddenPart {
  /** The command it belongs to, when there is one. */
  command?: number;
  reason: string;
}

/** A file a command reads or writes, as the rules check it. */
export interface FileAccess {
  /** The command it belongs to; absent for a redirection of a compound command. */
  command?: number;
  access: 'read' | 'write';
  target: PathTarget;
  /** The path as written (or the glob), for people. */
  raw: string;
  /** What makes it an access: `> redirection`, `tee`, `cp target`, `sed -i`… */
  by: string;
  /**
   * `certain`: the program reads or writes this path. `possible`: an argument of a program the
   * analysis does not know, which is a path a rule protects (it may or may not be used as one).
   */
  certainty: 'certain' | 'possible';
}

/** An environment assignment that changes what a program runs (`NODE_OPTIONS`, `GIT_CONFIG_*`…). */
export interface EnvFinding {
  command: number;
  name: string;
  value: string | null;
  why: string;
}

/** Everything the static analysis of one command line found. */
export interface BashInspection {
  commands: FoundCommand[];
  hidden: HiddenPart[];
  files: FileAccess[];
  env: EnvFinding[];
  /** More than one simple command in the line itself, or control flow around one. */
  compound: boolean;
  /** Loops, conditionals, function definitions or process substitutions appear. */
  control: boolean;
  /** The command line with continuations joined, as it was analysed. */
  text: string;
}

/** How a command line is read: where it runs and what `~` is. */
export interface InspectOptions {
  /** Absolute workspace root; `/workspace` when absent. */
  root?: string;
  /** Absolute home folder; the root when absent. */
  home?: string;
}

/** A file access before its path is normalised. */
export interface RawAccess {
  access: 'read' | 'write';
  word: WordValue;
  by: string;
  /** A folder and everything below it. */
  tree?: boolean;
  certainty: 'certain' | 'possible';
}

/** Where the walker is in a command line. */
export interface WalkContext {
  /** What runs the commands found here, outermost first. */
  via: string[];
  /** The command that runs them, for unwrapped commands. */
  parent?: number;
  /** Assignments here certainly run, and in order, before the rest of the line. */
  certain: boolean;
  /** How many command strings deep (`sh -c "eval '…'"`). */
  depth: number;
}

/** What the re-evaluation checks ask of the walker: the line's variables, and a way to mark a part hidden. */
export interface WalkerView {
  readonly vars: { tainted(name: string): boolean };
  hide(command: number | undefined, reason: string): void;
  subscriptOf(name: string, context: WalkContext): void;
  arithmeticText(text: string, context: WalkContext): void;
  scope(): WordScope;
}

/**
 * The project's corpus of rule bypasses: commands written to slip a denied command, write or read
 * past the permission rules, each with the rules it tries to get past and what they must decide
 * (never allow). Data, shipped: the tests hold the rules and both sandboxes to it, and the rule
 * tester (`npm run rules -- --examples`) shows it.
 */
import { FILE_READ_CASES, FILE_WRITE_CASES, PATH_SPELLING_CASES, REDIRECTION_CASES } from './fileCases';
import { ENVIRONMENT_CASES, RUNNER_CASES, SUBCOMMAND_CASES } from './runnerCases';
import { COMPOUND_CASES, CONTINUATION_CASES, QUOTING_CASES, SUBSTITUTION_CASES } from './shellCases';
import type { BypassCase } from './types';

export { BYPASS_CLASSES, BYPASS_CLASS_TEXT, CORPUS_ROOT, CORPUS_WORKSPACE } from './types';
export type { BypassCase, BypassClass, CorpusRules } from './types';

/** Every case, grouped by class in the order of `BYPASS_CLASSES`. */
export const BYPASS_CORPUS: readonly BypassCase[] = [
  ...COMPOUND_CASES,
  ...QUOTING_CASES,
  ...SUBSTITUTION_CASES,
  ...RUNNER_CASES,
  ...ENVIRONMENT_CASES,
  ...SUBCOMMAND_CASES,
  ...CONTINUATION_CASES,
  ...REDIRECTION_CASES,
  ...FILE_WRITE_CASES,
  ...FILE_READ_CASES,
  ...PATH_SPELLING_CASES,
];

import type { ReplayResult } from './replayOne';
import { escapeMarkup } from '../run/report/markup';

const OUTCOME: Record<ReplayResult['code'], string> = { 0: 'met', 1: 'NOT MET', 2: 'INVALID' };

/** The exit code of several replays: 2 if any was invalid, else 1 if any was not met, else 0. */
export function combinedCode(results: readonly ReplayResult[]): 0 | 1 | 2 {
  return results.reduce<0 | 1 | 2>((worst, result) => (result.code > worst ? result.code : worst), 0);
}

const label = (result: ReplayResult) => result.id ?? result.name;

/**
 * The table several replays end with: a row per scenario (outcome, makespan, expectations), a total
 * line, then what went wrong in each scenario that was not met or invalid.
 */
export function formatTable(results: readonly ReplayResult[], wallMs: number, jobs: number): string {
  const width = Math.max(8, ...results.map((result) => label(result).length));
  const rows = [`${'scenario'.padEnd(width)}  ${'outcome'.padEnd(7)}  ${'makespan'.padStart(10)}  expectations`];
  for (const result of results) {
    const makespan = result.makespanMs === undefined ? '—' : `${Math.round(result.makespanMs)} ms`;
    const expectations = result.code === 2 ? '—' : result.failures.length === 0 ? 'passed' : `${result.failures.length} failed`;
    rows.push(`${label(result).padEnd(width)}  ${OUTCOME[result.code].padEnd(7)}  ${makespan.padStart(10)}  ${expectations}`);
  }
  const count = (code: 0 | 1 | 2) => results.filter((result) => result.code === code).length;
  rows.push(
    `${results.length} scenario${results.length === 1 ? '' : 's'}: ${count(0)} met, ${count(1)} not met, ${count(2)} invalid · ${(wallMs / 1000).toFixed(2)} s on ${jobs} job${jobs === 1 ? '' : 's'}`,
  );
  for (const result of results) {
    if (result.code === 0) continue;
    const detail = result.code === 2 ? result.summary.trimEnd().split('\n') : result.failures.map((failure) => `- ${failure}`);
    rows.push('', `${label(result)}:`, ...detail.map((line) => `  ${line}`));
  }
  return `${rows.join('\n')}\n`;
}

/**
 * A JUnit XML report, as CI systems read them: one `testsuite` named `suite`, a `testcase` per
 * scenario (its class the strategy), a `failure` with the unmet expectations, an `error` for an
 * invalid scenario, and the run's summary as the case's output.
 */
export function toJUnit(results: readonly ReplayResult[], options: { suite: string; strategy: string; wallMs: number; timestamp: string }): string {
  const failures = results.filter((result) => result.code === 1).length;
  const errors = results.filter((result) => result.code === 2).length;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeMarkup(options.suite)}" tests="${results.length}" failures="${failures}" errors="${errors}" time="${seconds(options.wallMs)}">`,
    `  <testsuite name="${escapeMarkup(options.suite)}" tests="${results.length}" failures="${failures}" errors="${errors}" skipped="0" time="${seconds(options.wallMs)}" timestamp="${escapeMarkup(options.timestamp)}">`,
  ];
  for (const result of results) {
    const attributes = `classname="${escapeMarkup(`${options.suite}.${options.strategy}`)}" name="${escapeMarkup(label(result))}" time="${seconds(result.wallMs)}"${result.id !== undefined && result.id !== result.name ? ` file="${escapeMarkup(result.name)}"` : ''}`;
    lines.push(`    <testcase ${attributes}>`);
    if (result.code === 1) {
      const message = `${result.failures.length} expectation${result.failures.length === 1 ? '' : 's'} not met`;
      lines.push(`      <failure message="${escapeMarkup(result.failures[0]?.startsWith('run failed') ? result.failures[0] : message)}" type="expectations">${escapeMarkup(result.failures.join('\n'))}</failure>`);
    } else if (result.code === 2) {
      lines.push(`      <error message="invalid scenario" type="invalid">${escapeMarkup(result.summary)}</error>`);
    }
    if (result.code !== 2) lines.push(`      <system-out>${escapeMarkup(result.summary)}</system-out>`);
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>');
  return `${lines.join('\n')}\n`;
}

import type { LogProblem } from './logLines';

/** At most this many problems are listed one by one; the rest are counted. */
const LISTED = 20;

/** Problems of a log as lines a person reads: `FILE:LINE: message`, the whole log's as `FILE: message`. */
export function formatLogProblems(problems: readonly LogProblem[]): string {
  const lines = problems.slice(0, LISTED).map((problem) => `${problem.source}${problem.line > 0 ? `:${problem.line}` : ''}: ${problem.message}`);
  if (problems.length > LISTED) lines.push(`… and ${problems.length - LISTED} more`);
  return lines.join('\n');
}

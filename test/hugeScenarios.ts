import { validateScenario } from '../src/scenarios/validate';
import type { Scenario } from '../src/scenarios/schema';

/**
 * Scenarios at the sizes a run must survive in bounded memory and time: many calls, megabyte
 * inputs, deeply nested input. Shared by the tests (generous bounds) and `npm run bench:hostile`
 * (the real figures).
 */

function scenario(id: string, stream: Record<string, unknown>[], files: Record<string, string> = { 'a.txt': 'a\n' }): Scenario {
  const result = validateScenario({ id, title: id, workspace: { files }, turns: [{ stream }, { stream: [{ type: 'text', text: 'done', at: 0, durationMs: 1 }] }] });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

/** `count` Reads of one file in one turn, a millisecond apart. */
export function manyCallsScenario(count: number): Scenario {
  const stream = Array.from({ length: count }, (_, i) => ({ type: 'tool_use', id: `toolu_${i}`, name: 'Read', input: { file_path: 'a.txt' }, at: i, durationMs: 1 }));
  return scenario('many-calls', stream);
}

/** A Write of `bytes` characters, a Bash call with a long command, then a search and a Read of the big file. */
export function bigInputScenario(bytes: number): Scenario {
  const big = `${'x'.repeat(bytes - 1)}\n`;
  return scenario('big-input', [
    { type: 'tool_use', id: 'toolu_write', name: 'Write', input: { file_path: 'big.txt', content: big }, at: 0, durationMs: 10 },
    { type: 'tool_use', id: 'toolu_bash', name: 'Bash', input: { command: `: ${'y'.repeat(Math.min(bytes, 100_000))}; wc -c big.txt` }, at: 10, durationMs: 10 },
    { type: 'tool_use', id: 'toolu_grep', name: 'Grep', input: { pattern: 'needle', output_mode: 'count' }, at: 20, durationMs: 10 },
    { type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: 'big.txt', limit: 1 }, at: 30, durationMs: 10 },
  ]);
}

/** One Read whose input nests `depth` objects deep, between two plain Reads. */
export function deepInputScenario(depth: number): Scenario {
  const deepText = `${'{"x":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return scenario('deep-input', [
    { type: 'tool_use', id: 'toolu_before', name: 'Read', input: { file_path: 'a.txt' }, at: 0, durationMs: 10 },
    { type: 'tool_use', id: 'toolu_deep', name: 'Read', input: deepText, at: 10, durationMs: 10 },
    { type: 'tool_use', id: 'toolu_after', name: 'Read', input: { file_path: 'a.txt' }, at: 20, durationMs: 10 },
  ]);
}

/**
 * Patterns a backtracking engine takes hours on, against a line of 50,000 `a`s: a Grep regex (line
 * by line and across lines), a background shell's output through a BashOutput filter, and a loop
 * that never yields, past its 300 ms timeout.
 */
export function hostilePatternsScenario(): Scenario {
  const id = (name: string) => `toolu_${name}`;
  const result = validateScenario({
    id: 'hostile-patterns',
    title: 'hostile-patterns',
    settings: { permissionMode: 'bypassPermissions' },
    workspace: { files: { 'long.txt': `${'a'.repeat(50_000)}!\n` } },
    turns: [
      {
        stream: [
          { type: 'tool_use', id: id('grep'), name: 'Grep', input: { pattern: '(a+)+$', output_mode: 'count' }, at: 0, durationMs: 1 },
          { type: 'tool_use', id: id('grep_multiline'), name: 'Grep', input: { pattern: '(a|aa)+$', multiline: true }, at: 1, durationMs: 1 },
          { type: 'tool_use', id: id('background'), name: 'Bash', input: { command: 'cat long.txt', run_in_background: true }, at: 2, durationMs: 1 },
          { type: 'tool_use', id: id('loop'), name: 'Bash', input: { command: 'while true; do :; done', timeout: 300 }, at: 3, durationMs: 1 },
        ],
      },
      { stream: [{ type: 'tool_use', id: id('filter'), name: 'BashOutput', input: { bash_id: 'bash_1', filter: 'a*a*a*a*a*a*b' }, at: 0, durationMs: 1 }] },
    ],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

/** A foreground command printing 300 MB and a background one printing 100 MB, read whole (the node sandbox: the virtual one has no `/dev/zero`). */
export function outputFloodScenario(): Scenario {
  const result = validateScenario({
    id: 'output-flood',
    title: 'output-flood',
    settings: { permissionMode: 'bypassPermissions' },
    turns: [
      {
        stream: [
          { type: 'tool_use', id: 'toolu_fg', name: 'Bash', input: { command: "head -c 300000000 /dev/zero | tr '\\0' a", timeout: 600_000 }, at: 0, durationMs: 1 },
          { type: 'tool_use', id: 'toolu_bg', name: 'Bash', input: { command: "head -c 100000000 /dev/zero | tr '\\0' b", run_in_background: true }, at: 1, durationMs: 1 },
        ],
      },
      { stream: [{ type: 'tool_use', id: 'toolu_out', name: 'TaskOutput', input: { task_id: 'bash_1', block: true, timeout: 120_000 }, at: 0, durationMs: 1 }] },
    ],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

/**
 * The doubling half of `npm run bench:hostile`: each hostile input measured at n, 2n and 4n, with
 * the ratio of the CPU time at 4n to the time at n beside it. Linear work gives about 4; quadratic
 * work 16. Ratios, not times: the machine's speed changes, the shape does not.
 */
import { compileLinearRegex } from '../src/tools/linearRegex';
import { compileGlobSet, GlobSyntaxError } from '../src/tools/search/globAutomaton';
import { codeModeCalls } from '../src/scenarios/import/codex/codeMode';

/** A wide RE2 program (over 200 characters): fifteen counted repeats, then a class the text never holds. */
const WIDE_PATTERN = `(?:${'[a-y]{1,12}'.repeat(15)}(?:[0-9]|#|%|&))(?:[a-y]{0,30}|[0-9]{1,9}){1,2}(?:${'x{0,2}'.repeat(3)})`;

const CASES: [name: string, base: number, run: (n: number) => void][] = [
  [
    `RE2 spans, a ${WIDE_PATTERN.length}-character pattern`,
    10_000,
    (n) => {
      const regex = compileLinearRegex(WIDE_PATTERN);
      if (!regex.ok) throw new Error(regex.message);
      regex.regex.spans('abcdefghijklmnopqrstuvwxy\n'.repeat(Math.ceil(n / 26)).slice(0, n));
    },
  ],
  [
    'a glob nesting braces n deep (refused past 64)',
    5_000,
    (n) => {
      try {
        compileGlobSet([`${'{a,'.repeat(n)}b${'}'.repeat(n)}`]);
      } catch (error: unknown) {
        if (!(error instanceof GlobSyntaxError)) throw error;
      }
    },
  ],
  ['a glob of n unclosed classes, matched', 5_000, (n) => compileGlobSet(['['.repeat(n)])('['.repeat(n))],
  [
    'code mode: nested calls',
    2_000,
    (n) => codeModeCalls(`${'await tools.exec_command({"cmd": '.repeat(n)}"ls"${'})'.repeat(n)}`),
  ],
  [
    'code mode: unclosed calls in a Promise.all',
    2_000,
    (n) => codeModeCalls(`await Promise.all([${'tools.exec_command({"cmd":"x"}, '.repeat(n)}`),
  ],
];

function cpuSeconds(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

export function doublingReport(line: (text?: string) => void): void {
  line('Doubling (CPU-seconds at n, 2n, 4n; the ratio 4n/n is about 4 when linear, 16 when quadratic)');
  for (const [name, base, run] of CASES) {
    run(base / 4); // warm the engine's code
    const times = [base, base * 2, base * 4].map((n) => cpuSeconds(() => run(n)));
    const ratio = times[2]! / Math.max(times[0]!, 1e-6);
    line(`${name.padEnd(48)} n=${String(base).padEnd(7)} ${times.map((time) => time.toFixed(3)).join(' · ')} s · ratio ${ratio.toFixed(1)}`);
  }
  line();
}

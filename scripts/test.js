/**
 * `npm test`: every check the project has, with each stage's time.
 *
 *   node scripts/test.js            type-check, lint, unit tests and the page's build side by side,
 *                                   the end-to-end suite in Chromium as soon as the build is done
 *
 * The checks are independent and each mostly single-threaded (the unit tests use every core they
 * are given), so they run at once and their output is printed as each ends, whole, so that no two
 * interleave. The end-to-end suite needs only the build, so it starts the moment the build is done,
 * beside the checks still running, its progress printed as it goes: waiting for all four left the
 * cores idle in turns as each check finished (on the idle machine the whole run took 362 s one
 * stage after another and 308 s so, docs/performance.md). A stage that fails prints its output;
 * a failed build leaves the end-to-end suite out; the summary lists every stage's time and result.
 *
 *   node scripts/test.js --one-by-one   each stage alone, one after another, with the CPU the machine
 *                                       spent during it: on an otherwise idle machine, the stage's own
 *
 * Each stage's line and the summary say the CPU its processes spent (scripts/machine.js reads it
 * as each ends, so other work on the machine does not count), the figure the suite's budget is
 * kept on (docs/performance.md). The summary also says how busy the machine's CPU was and how fast it started `node -e 0` just
 * before (scripts/machine.js): on this project's 2-core machines the suite took 308 s one morning
 * and 582 s one afternoon, when `node -e 0` took 57 and 100 ms, and those two figures tell a slower
 * suite from a slower machine.
 */
import { spawn } from 'node:child_process';
import { childrenCpuSeconds, cpuSeconds, describeCpu, nodeStartMs } from './machine.js';

/** @typedef {{ name: string, script: string, live?: boolean }} Stage */

/** @type {Stage} */
const BUILD = { name: 'build', script: 'build:page' };
/** @type {Stage[]} */
const CHECKS = [
  // First, so that the end-to-end suite, which waits for it, starts as early as it can.
  BUILD,
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  // Every project, the slow one too (`npm run test:unit` leaves it out for a quick loop).
  { name: 'unit tests', script: 'test:unit:all' },
];
/** @type {Stage} */
const E2E = { name: 'end-to-end', script: 'test:e2e', live: true };

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The children's CPU when the last stage ended, or the stages began (see `childrenCpuSeconds`). */
let spentBefore;

/** Runs one stage's npm script; resolves with its exit code, time and (unless live) its output. */
function run(stage) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', stage.script], {
      stdio: stage.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      // Read as the child is reaped, before any other stage can end: its processes' CPU alone.
      const cpu = childrenCpuSeconds();
      const own = cpu === undefined || spentBefore === undefined ? undefined : cpu - spentBefore;
      spentBefore = cpu;
      resolve({ stage, code: code ?? (signal ? 1 : 0), ms: performance.now() - started, cpu: own, output: Buffer.concat(output).toString() });
    });
  });
}

function report(result, cpu) {
  const mark = result.code === 0 ? '✓' : '✗';
  const own = result.cpu === undefined ? '' : `, ${Math.round(result.cpu)} CPU-s`;
  process.stdout.write(`${mark} ${result.stage.name.padEnd(11)} ${seconds(result.ms).padStart(8)}${own}${cpu ? `   the machine: ${cpu}` : ''}\n`);
  if (result.code !== 0 && result.output) process.stdout.write(`${result.output.trimEnd()}\n\n`);
}

const oneByOne = process.argv.includes('--one-by-one');
process.stdout.write(`npm test: node -e 0 starts in ${nodeStartMs().toFixed(0)} ms on this machine now\n`);
const started = performance.now();
const cpuBefore = cpuSeconds();
spentBefore = childrenCpuSeconds();
const results = oneByOne ? await oneAfterAnother() : await sideBySide();
const e2eRan = results.some((result) => result.stage === E2E);

process.stdout.write(`\nnpm test: ${seconds(performance.now() - started)} in all`);
process.stdout.write(` (${results.map((result) => `${result.stage.name} ${seconds(result.ms)}`).join(', ')}`);
process.stdout.write(e2eRan ? ')\n' : `; ${E2E.name} not run: the ${BUILD.name} failed)\n`);
const own = results.every((result) => result.cpu !== undefined) ? results.reduce((sum, result) => sum + result.cpu, 0) : undefined;
if (own !== undefined) {
  const byStage = results.map((result) => `${result.stage.name} ${Math.round(result.cpu)}`).join(', ');
  process.stdout.write(`its CPU: ${Math.round(own).toLocaleString('en')} s (${byStage}), what its processes spent whatever else ran\n`);
}
const cpu = describeCpu(cpuBefore, cpuSeconds());
if (cpu) process.stdout.write(`the machine: ${cpu}\n`);
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);

/** The checks side by side, the end-to-end suite as soon as the build is done. */
async function sideBySide() {
  process.stdout.write(`npm test: ${CHECKS.map((stage) => stage.name).join(', ')} side by side; ${E2E.name} once ${BUILD.name} is done\n`);
  const reported = async (stage) => {
    const result = await run(stage);
    report(result);
    return result;
  };
  const checks = CHECKS.map(reported);
  const e2e = checks[CHECKS.indexOf(BUILD)].then((build) => {
    if (build.code !== 0) return null;
    process.stdout.write(`▸ ${E2E.name}\n`);
    return reported(E2E);
  });
  const done = await Promise.all(checks);
  const e2eResult = await e2e;
  return e2eResult ? [...done, e2eResult] : done;
}

/** Each stage alone, with the machine's CPU during it. */
async function oneAfterAnother() {
  process.stdout.write(`npm test --one-by-one: ${[...CHECKS, E2E].map((stage) => stage.name).join(', ')}, one after another\n`);
  const done = [];
  for (const stage of [...CHECKS, E2E]) {
    if (stage === E2E && done[CHECKS.indexOf(BUILD)]?.code !== 0) break;
    const before = cpuSeconds();
    const result = await run(stage);
    report(result, describeCpu(before, cpuSeconds()));
    done.push(result);
  }
  return done;
}

/**
 * `npm run bench:hostile`: how long huge and hostile scenarios take, and the memory they hold, on
 * each sandbox: 20,000 calls, a 5 MB input, a 10,000-deep input, patterns that backtrack without
 * end, 400 MB of output (node); and first, how the hostile inputs of doubling.ts grow. Absolute figures vary with the machine; the tests hold only
 * generous bounds. Peak RSS is the process's so far (the cases run in order).
 */
import { doublingReport } from './doubling';
import { bigInputScenario, deepInputScenario, hostilePatternsScenario, manyCallsScenario, outputFloodScenario } from '../test/hugeScenarios';
import { runScenario } from '../src/run/runScenario';
import { createNodeSandbox } from '../src/sandbox/nodeSandbox';
import type { Sandbox } from '../src/sandbox/types';
import { createVirtualSandbox } from '../src/sandbox/virtualSandbox';
import type { Scenario } from '../src/scenarios/schema';
import { createVirtualClock } from '../src/time/virtualClock';

const line = (text = '') => process.stdout.write(`${text}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const signed = (bytes: number) => (bytes < 0 ? `-${mb(-bytes)}` : `+${mb(bytes)}`);

const SANDBOXES: [string, () => Sandbox | Promise<Sandbox>][] = [
  ['virtual', () => createVirtualSandbox({})],
  ['node', () => createNodeSandbox()],
];

const CASES: [name: string, build: () => Scenario, only?: readonly string[]][] = [
  ['20,000 calls', () => manyCallsScenario(20_000)],
  ['5 MB input', () => bigInputScenario(5 * 1024 * 1024)],
  ['10,000-deep input', () => deepInputScenario(10_000)],
  ['hostile patterns', hostilePatternsScenario],
  ['400 MB of output', outputFloodScenario, ['node']],
];

async function measure(scenario: Scenario, sandbox: Sandbox): Promise<string> {
  const heapBefore = process.memoryUsage().heapUsed;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const clock = createVirtualClock();
  try {
    const record = await clock.runUntil(runScenario({ scenario, sandbox, strategy: 'streaming', clock }));
    const calls = record.turns.flatMap((turn) => turn.calls);
    const answered = calls.filter((call) => call.result !== null).length;
    const wall = (performance.now() - started) / 1000;
    return `${wall.toFixed(1)} s · ${answered}/${calls.length} answered · heap ${signed(process.memoryUsage().heapUsed - heapBefore)} · peak RSS ${mb(peakRss)}${record.error ? ` · error: ${record.error}` : ''}`;
  } finally {
    clearInterval(sampler);
    await sandbox.dispose();
  }
}

doublingReport(line);
line('Huge and hostile scenarios (wall time, calls answered, heap growth, peak RSS)');
for (const [sandboxName, make] of SANDBOXES) {
  for (const [caseName, build, only] of CASES) {
    if (only && !only.includes(sandboxName)) continue;
    line(`${sandboxName.padEnd(8)} ${caseName.padEnd(18)} ${await measure(build(), await make())}`);
  }
}

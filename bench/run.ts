/**
 * `npm run bench`: every figure of docs/performance.md, measured side by side in one run.
 * Ratios are what to read; absolute times vary with the machine.
 */
import { z } from 'zod';
import { createVirtualSandbox } from '../src/sandbox/virtualSandbox';
import { runScenario } from '../src/run/runScenario';
import type { RunRecord } from '../src/run/record';
import { BUILT_IN_SCENARIOS } from '../src/scenarios/library';
import { validateScenario } from '../src/scenarios/validate';
import type { Scenario } from '../src/scenarios/schema';
import { createRealClock } from '../src/time/clock';
import { buildTool } from '../src/tools/buildTool';
import type { SessionEnvironment } from '../src/tools/execution';
import { FileStateCache } from '../src/tools/file/fileState';
import { createScheduler } from '../src/tools/orchestration/StreamingToolExecutor';
import { ToolPool } from '../src/tools/pool';
import { grepFigures } from './grep';
import { idealMakespan } from './lowerBound';

const line = (text = '') => process.stdout.write(`${text}\n`);
const fmt = (n: number, digits = 2) => n.toFixed(digits);

const NoOp = buildTool({
  name: 'NoOp',
  inputSchema: z.strictObject({ n: z.number() }),
  prompt: () => 'Does nothing, at once.',
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  call: () => Promise.resolve({ output: 'ok' }),
  render: { use: () => ({ title: 'NoOp' }), result: () => ({ title: 'ok' }) },
});

function environment(pool: ToolPool): SessionEnvironment {
  return {
    sandbox: createVirtualSandbox({}),
    clock: createRealClock(),
    pool,
    readFileState: new FileStateCache(),
    shared: { permissionMode: 'bypassPermissions', todos: [] },
    canUseTool: () => Promise.resolve('allow'),
  };
}

/** Wall time to push `count` no-op calls through the executor and drain them. */
async function schedulerRun(count: number): Promise<number> {
  const pool = new ToolPool([NoOp]);
  const env = environment(pool);
  const turn = new AbortController();
  let events = 0;
  const executor = createScheduler({
    env,
    turn: 0,
    resultOrder: 'request',
    emit: () => void events++,
    now: () => performance.now(),
    parentMessage: { turn: 0, toolUseIds: [] },
    maxConcurrency: 10,
    timing: 'during-stream',
    grouping: 'partition',
    cascade: 'bash',
    turnSignal: turn.signal,
    isConcurrencySafe: () => true,
  });
  const start = performance.now();
  for (let i = 0; i < count; i++) executor.addTool({ id: `toolu_${i}`, name: 'NoOp', input: { n: i } });
  executor.endStream();
  const results = [];
  for await (const result of executor.results()) results.push(result);
  const elapsed = performance.now() - start;
  if (results.length !== count) throw new Error(`expected ${count} results, got ${results.length}`);
  return elapsed;
}

async function bestOf(runs: number, task: () => Promise<number>): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < runs; i++) best = Math.min(best, await task());
  return best;
}

function scenario(id: string): Scenario {
  const result = validateScenario(BUILT_IN_SCENARIOS.find((raw) => (raw as { id: string }).id === id));
  if (!result.ok) throw new Error(`built-in ${id} is invalid`);
  return result.scenario;
}

function realRun(s: Scenario, strategy: 'streaming' | 'batched' | 'serial'): Promise<RunRecord> {
  return runScenario({ scenario: s, sandbox: createVirtualSandbox({}), strategy, clock: createRealClock() });
}

async function realMakespan(s: Scenario, strategy: 'streaming' | 'batched' | 'serial'): Promise<number> {
  return (await realRun(s, strategy)).endedAt;
}

async function main() {
  line('# npm run bench');
  line(`node ${process.version}, ${new Date().toISOString()}`);
  line();

  // 1. Scheduler overhead.
  // Warm-up, so both sizes run on optimised code.
  await schedulerRun(10_000);
  await schedulerRun(1_000);
  const t1k = await bestOf(10, () => schedulerRun(1_000));
  const t10k = await bestOf(3, () => schedulerRun(10_000));
  line('## Scheduler overhead (no-op calls through the real pipeline and executor, cap 10)');
  line(`1,000 calls:  ${fmt(t1k)} ms total (best of 10), ${fmt((t1k * 1000) / 1_000)} µs per call`);
  line(`10,000 calls: ${fmt(t10k)} ms total (best of 3), ${fmt((t10k * 1000) / 10_000)} µs per call   (target ≤ 20 µs)`);
  line(`10,000 / 1,000 total-time ratio: ${fmt(t10k / t1k)}   (target ≤ 12: linear growth)`);
  line();

  // 2. Makespan over the ideal lower bound, wall clock.
  line('## Makespan over the ideal lower bound (streaming, wall clock)');
  const timed = BUILT_IN_SCENARIOS.map((raw) => scenario((raw as { id: string }).id)).filter((s) =>
    s.turns.every((turn) => turn.fallbackAt === undefined && turn.interruptAt === undefined),
  );
  let worst = 0;
  for (const s of timed) {
    const record = await realRun(s, 'streaming');
    // The cap the run obeyed, as its record says.
    const ideal = idealMakespan(record, record.schedule?.cap ?? Infinity);
    const measured = record.endedAt;
    const ratio = measured / ideal;
    worst = Math.max(worst, ratio);
    line(`${s.id.padEnd(22)} ideal ${fmt(ideal, 1).padStart(7)} ms  measured ${fmt(measured, 1).padStart(7)} ms  ratio ${fmt(ratio, 3)}`);
  }
  line(`worst ratio: ${fmt(worst, 3)}   (target ≤ 1.05)`);
  line();

  // 3. Strategies on streaming-speedup.
  line('## streaming-speedup: strategies compared (wall clock)');
  const speedup = scenario('streaming-speedup');
  const streaming = await realMakespan(speedup, 'streaming');
  const batched = await realMakespan(speedup, 'batched');
  const serial = await realMakespan(speedup, 'serial');
  line(`streaming ${fmt(streaming, 0)} ms, batched ${fmt(batched, 0)} ms, serial ${fmt(serial, 0)} ms`);
  line(`streaming / batched: ${fmt(streaming / batched, 3)}   (target ≤ 0.75)`);
  line(`streaming / serial:  ${fmt(streaming / serial, 3)}   (target ≤ 0.40)`);
  line();

  // 4. Grep: its first call (cold) and later ones (warm), each against its baseline.
  await grepFigures(line);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});

/**
 * The replays `replayMain` dispatches to once its arguments are read: one scenario, one under
 * several policies, or several on lanes. Imported on demand, with the engine they import.
 */
import type { PolicyName } from '../scenarios/policies';
import { comparePolicies, formatComparison } from './compare';
import { createProgress } from './progress';
import { combinedCode, formatTable, toJUnit } from './report';
import { FORMAT_SUFFIX, loadScenario, replayOne, type ReplayResult } from './replayOne';
import type { CliArgs, CliIo, ReplayLane } from './replayIo';

/** One scenario under several policies: the comparison to standard output (the records as JSON with --format json). */
export async function replayCompare(name: string, policies: readonly PolicyName[], args: CliArgs, io: CliIo): Promise<number> {
  const loaded = await loadScenario(name, io);
  if (!loaded.ok) {
    io.stderr(`replay: invalid scenario\n${loaded.message}\n`);
    return 2;
  }
  const runs = await comparePolicies(loaded.scenario, policies, args);
  const text = formatComparison(loaded.scenario, runs);
  const output = args.format === 'json' && args.out !== undefined ? `${JSON.stringify(runs.map(({ policy, facts, record }) => ({ policy, facts, record })), null, 2)}\n` : text;
  if (args.out !== undefined) await io.writeFile(args.out, output);
  io.stdout(text);
  return runs.some((run) => run.record.error !== undefined) ? 1 : 0;
}

/** One scenario: the record to standard output (or --out), its summary to standard error. */
export async function replaySingle(name: string, args: CliArgs, io: CliIo): Promise<number> {
  const result = await replayOne(name, args, io);
  if (result.code === 2) {
    io.stderr(`replay: invalid scenario\n${result.summary}\n`);
    return 2;
  }
  if (args.out !== undefined) await io.writeFile(args.out, result.output!);
  else io.stdout(result.output!);
  if (args.format !== 'summary' || args.out !== undefined) io.stderr(result.summary);
  return result.code;
}

/** Several scenarios, `--jobs` at a time: one table, one exit code, outputs to a folder. */
export async function replayMany(names: readonly string[], args: CliArgs, io: CliIo): Promise<number> {
  const started = performance.now();
  const jobs = Math.max(1, Math.min(args.jobs ?? io.cores ?? 1, names.length));
  const progress = createProgress('replay', names.length, { stream: io.progressStream ?? { isTTY: false, write: () => undefined }, ...(io.env ? { env: io.env } : {}) });
  const results: ReplayResult[] = new Array<ReplayResult>(names.length);
  let next = 0;
  let done = 0;
  const drain = async (lane: ReplayLane, afterEach?: (wallMs: number) => void) => {
    for (let index = next++; index < names.length; index = next++) {
      const result = await lane.run(names[index]!, args);
      results[index] = result;
      progress.update(++done, `${result.id ?? result.name} ${result.code === 0 ? 'met' : result.code === 1 ? 'NOT MET' : 'INVALID'}`);
      afterEach?.(result.wallMs);
    }
  };
  // This thread is the first lane: its code is loaded, so it starts at once. Worker lanes cost about
  // what this process took to start (`startupMs`); with --jobs given they start at once, else only
  // when the replays left (at this lane's median pace) would take longer than two of those starts.
  const workers: Promise<void>[] = [];
  const opened: ReplayLane[] = [];
  const openWorkers = () => {
    for (let k = 1; k < jobs && io.lane; k++) {
      workers.push(
        io.lane().then((lane) => {
          opened.push(lane);
          return drain(lane);
        }),
      );
    }
  };
  if (args.jobs !== undefined) openWorkers();
  const here: ReplayLane = { run: (name, options) => replayOne(name, options, io), close: async () => undefined };
  progress.update(0, names[0]);
  try {
    const times: number[] = [];
    await drain(here, (wallMs) => {
      times.push(wallMs);
      if (workers.length > 0 || args.jobs !== undefined || times.length < 3) return;
      // The median of this lane's replays so far: the first runs on cold code, and one may load a big part (the MCP SDK).
      const pace = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
      if ((names.length - next) * pace > 2 * (io.startupMs ?? 0)) openWorkers();
    });
    await Promise.all(workers);
  } finally {
    progress.end();
    await Promise.all(opened.map((lane) => lane.close()));
  }
  const lanes = 1 + opened.length;
  const wallMs = performance.now() - started;

  const used = new Set<string>();
  let unwritten = 0;
  for (const result of results) {
    if (result.output === undefined) continue;
    if (args.out !== undefined) {
      let base = result.id ?? result.name;
      for (let n = 2; used.has(base); n++) base = `${result.id ?? result.name}-${n}`;
      used.add(base);
      await io.writeFile(`${args.out.replace(/\/+$/, '')}/${base}${FORMAT_SUFFIX[args.format]}`, result.output);
    } else if (args.format === 'summary' || args.format === 'timeline') io.stdout(result.output);
    else unwritten++;
  }
  io.stderr(formatTable(results, wallMs, lanes));
  if (unwritten > 0) io.stderr(`(${args.format} output of ${unwritten} scenarios not written: give --out DIR to keep it)\n`);
  if (args.junit !== undefined) {
    await io.writeFile(args.junit, toJUnit(results, { suite: 'replay', strategy: args.strategy ?? 'the policy’s own', wallMs, timestamp: new Date().toISOString().replace(/\.\d+Z$/, '') }));
  }
  return combinedCode(results);
}

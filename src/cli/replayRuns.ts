/**
 * The replays `replayMain` dispatches to once its arguments are read: one scenario, one under
 * several policies, or several on lanes. Imported on demand, with the engine they import.
 */
import type { PolicyName } from '../scenarios/policies';
import { comparePolicies, formatComparison } from './compare';
import { runOnLanes } from './lanes';
import { combinedCode, formatTable, toJUnit } from './report';
import { FORMAT_SUFFIX, loadScenario, replayOne, type ReplayResult } from './replayOne';
import type { CliArgs, CliIo } from './replayIo';

/** One scenario under several policies: the comparison to standard output (the records as JSON with --format json). */
export async function replayCompare(name: string, policies: readonly PolicyName[], args: CliArgs, io: CliIo): Promise<number> {
  const loaded = await loadScenario(name, io);
  if (!loaded.ok) {
    io.stderr(`replay: ${name} could not be replayed\n${loaded.message}\n`);
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
    io.stderr(`replay: ${name} could not be replayed\n${result.summary}\n`);
    return 2;
  }
  if (args.out !== undefined) await io.writeFile(args.out, result.output!);
  else io.stdout(result.output!);
  if (args.format !== 'summary' || args.out !== undefined) io.stderr(result.summary);
  return result.code;
}

/** Several scenarios, `--jobs` at a time: one table, one exit code, outputs to a folder. */
export async function replayMany(names: readonly string[], args: CliArgs, io: CliIo): Promise<number> {
  const results: ReplayResult[] = new Array<ReplayResult>(names.length);
  const { lanes, wallMs } = await runOnLanes(names, args, io, {
    label: 'replay',
    verdict: (result) => (result.code === 0 ? 'met' : result.code === 1 ? 'NOT MET' : 'INVALID'),
    onResult: (result, index) => {
      results[index] = result;
    },
  });

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

import { STRATEGIES, type Strategy } from '../run/events';
import { POLICY_NAMES, type PolicyName } from '../scenarios/policies';
import { comparePolicies, formatComparison, parsePolicyList } from './compare';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import { createProgress, type ProgressStream } from './progress';
import { combinedCode, formatTable, toJUnit } from './report';
import { FORMAT_SUFFIX, FORMATS, loadScenario, replayOne, type Format, type ReplayOptions, type ReplayResult } from './replayOne';
import { SANDBOX_KINDS, type CliSandboxKind } from './sandboxes';

export { loadScenario } from './replayOne';

/** Replays scenarios elsewhere (a worker thread), one at a time. */
export interface ReplayLane {
  run(name: string, options: ReplayOptions): Promise<ReplayResult>;
  close(): Promise<void>;
}

/** The side effects the command needs, injected so tests run it in-process. */
export interface CliIo {
  readFile(path: string): Promise<string>;
  /** A session log with its sub-agents' logs beside it (a `.jsonl` SCENARIO is imported first). */
  readSessionFiles?(path: string): Promise<{ name: string; text: string }[]>;
  /** Writes a file, making its folder when missing. */
  writeFile(path: string, text: string): Promise<void>;
  /** The `*.json` files directly inside a folder, sorted; `null` when `path` is not a folder. */
  listJsonFiles?(path: string): Promise<string[] | null>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Standard error as a terminal, for the progress line (none: no progress). */
  progressStream?: ProgressStream;
  env?: Readonly<Record<string, string | undefined>>;
  /** How many cores the machine has (the default `--jobs`). */
  cores?: number;
  /**
   * A lane that replays elsewhere (a worker thread). With `--jobs N`, N - 1 of them join this
   * thread in taking the next scenario; without it every scenario replays here, one by one.
   */
  lane?(): Promise<ReplayLane>;
  /** How long this process took to start, in milliseconds: about what a worker lane takes. */
  startupMs?: number;
}

const USAGE = `usage: npm run replay -- SCENARIO... [--all] [--sandbox ${SANDBOX_KINDS.join('|')}] [--strategy ${STRATEGIES.join('|')}]
                         [--policy NAME] [--compare P1,P2,…|all] [--format ${FORMATS.join('|')}] [--include-content]
                         [--out FILE|DIR] [--realtime] [--jobs N] [--junit FILE]
SCENARIO is a path to a scenario file, a session log (a Claude Code log or a Codex CLI rollout, .jsonl, imported first), a folder (every *.json file in it) or a built-in id
(${BUILT_IN_SCENARIOS.length} built in; --list shows them, --all replays them all). With one scenario the record goes
to standard output (or --out FILE); with several, --out names a folder, a table goes to standard error,
--jobs N replays N at a time (default: the number of cores) and --junit FILE writes a JUnit XML report.
--include-content puts the calls' arguments and results in an OTLP trace (--format otlp).
--policy NAME runs under a policy preset instead of the scenario's own (${POLICY_NAMES.length}: ${POLICY_NAMES.join(', ')});
--compare P1,P2,… runs one scenario under each and prints, per policy, the makespan, the calls cancelled by a
sibling, the result order and lost edits. --strategy defaults to the policy's own.
Exit codes: 0 expectations met, 1 expectations not met, 2 invalid scenario or arguments (the worst of all).
`;

interface CliArgs extends ReplayOptions {
  scenarios: string[];
  compare?: PolicyName[];
  all: boolean;
  out?: string;
  jobs?: number;
  junit?: string;
}

/** Parses the arguments; a string is the message of a usage error. */
export function parseArgs(argv: readonly string[]): CliArgs | { list: true } | { help: true } | string {
  const args: CliArgs = { scenarios: [], all: false, sandbox: 'virtual', format: 'json', realtime: false, includeContent: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new Error(`${arg} needs a value`);
      return next;
    };
    try {
      switch (arg) {
        case '--list':
          return { list: true };
        case '--help':
        case '-h':
          return { help: true };
        case '--all':
          args.all = true;
          break;
        case '--sandbox': {
          const kind = value();
          if (!SANDBOX_KINDS.includes(kind as CliSandboxKind)) return `--sandbox must be one of ${SANDBOX_KINDS.join(', ')}, not "${kind}"`;
          args.sandbox = kind as CliSandboxKind;
          break;
        }
        case '--strategy': {
          const strategy = value();
          if (!STRATEGIES.includes(strategy as Strategy)) return `--strategy must be one of ${STRATEGIES.join(', ')}, not "${strategy}"`;
          args.strategy = strategy as Strategy;
          break;
        }
        case '--format': {
          const format = value();
          if (!FORMATS.includes(format as Format)) return `--format must be one of ${FORMATS.join(', ')}, not "${format}"`;
          args.format = format as Format;
          break;
        }
        case '--policy': {
          const policy = value();
          if (!POLICY_NAMES.includes(policy as PolicyName)) return `--policy must be one of ${POLICY_NAMES.join(', ')}, not "${policy}"`;
          args.policy = policy as PolicyName;
          break;
        }
        case '--compare': {
          const policies = parsePolicyList(value());
          if (typeof policies === 'string') return policies;
          args.compare = policies;
          break;
        }
        case '--jobs': {
          const jobs = value();
          if (!/^[1-9]\d*$/.test(jobs)) return `--jobs must be a positive whole number, not "${jobs}"`;
          args.jobs = Number(jobs);
          break;
        }
        case '--out':
          args.out = value();
          break;
        case '--junit':
          args.junit = value();
          break;
        case '--realtime':
          args.realtime = true;
          break;
        case '--include-content':
          args.includeContent = true;
          break;
        default:
          if (arg.startsWith('--')) return `unknown option ${arg}`;
          args.scenarios.push(arg);
      }
    } catch (error: unknown) {
      return error instanceof Error ? error.message : String(error);
    }
  }
  if (args.scenarios.length === 0 && !args.all) return 'SCENARIO is missing (or --all)';
  if (args.compare && (args.scenarios.length !== 1 || args.all)) return '--compare takes exactly one SCENARIO';
  return args;
}

/** The scenarios named: built-in ids and files as given, folders opened (`folder`: one was), `all` adds every built-in id. */
export async function expandScenarios(
  scenarios: readonly string[],
  all: boolean,
  io: Pick<CliIo, 'listJsonFiles'>,
): Promise<{ names: string[]; folder: boolean }> {
  const names: string[] = all ? BUILT_IN_SCENARIOS.map((raw) => (raw as { id: string }).id) : [];
  let folder = false;
  for (const name of scenarios) {
    const builtIn = BUILT_IN_SCENARIOS.some((raw) => (raw as { id: string }).id === name);
    const files = builtIn ? null : ((await io.listJsonFiles?.(name)) ?? null);
    if (files === null) names.push(name);
    else {
      folder = true;
      names.push(...files);
    }
  }
  return { names, folder };
}

/** The whole command, returning its exit code. */
export async function replayMain(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.stderr(`replay: ${args}\n${USAGE}`);
    return 2;
  }
  if ('help' in args) {
    io.stdout(USAGE);
    return 0;
  }
  if ('list' in args) {
    const scenarios = BUILT_IN_SCENARIOS.map((raw) => raw as { id: string; title: string });
    const width = Math.max(...scenarios.map(({ id }) => id.length));
    for (const { id, title } of scenarios) io.stdout(`${id.padEnd(width)}  ${title}\n`);
    return 0;
  }
  if (args.compare) return replayCompare(args.scenarios[0]!, args.compare, args, io);
  const { names, folder } = await expandScenarios(args.scenarios, args.all, io);
  if (names.length === 1 && !folder && !args.all && args.junit === undefined) return replaySingle(names[0]!, args, io);
  if (names.length === 0) {
    io.stderr(`replay: no scenario files in ${args.scenarios.join(', ')}\n`);
    return 2;
  }
  return replayMany(names, args, io);
}

/** One scenario under several policies: the comparison to standard output (the records as JSON with --format json). */
async function replayCompare(name: string, policies: readonly PolicyName[], args: CliArgs, io: CliIo): Promise<number> {
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
async function replaySingle(name: string, args: CliArgs, io: CliIo): Promise<number> {
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
async function replayMany(names: readonly string[], args: CliArgs, io: CliIo): Promise<number> {
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

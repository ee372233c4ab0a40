import { exitTwoOnWriteFailure } from './fileWriteError';
import { STRATEGIES, type Strategy } from '../tools/events';
import { POLICY_NAMES, type PolicyName } from '../scenarios/policies';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import { EFFECTS, type Effects } from '../run/effects';
import type { CliArgs, CliIo } from './replayIo';
import { FORMATS, parsePolicyList, SANDBOX_KINDS, type CliSandboxKind, type Format } from './replayOptions';

const USAGE = `usage: npm run replay -- SCENARIO... [--all] [--sandbox ${SANDBOX_KINDS.join('|')}] [--strategy ${STRATEGIES.join('|')}]
                         [--policy NAME] [--compare P1,P2,…|all] [--format ${FORMATS.join('|')}] [--include-content]
                         [--out FILE|DIR] [--realtime] [--jobs N] [--junit FILE] [--effects recorded|rerun] [--network]
SCENARIO is a path to a scenario file, a session log of any agent the playground reads, told by what it holds whatever its name (npm run import -- --help lists them; imported first), a folder (every *.json file in it) or a built-in id
(${BUILT_IN_SCENARIOS.length} built in; --list shows them, --all replays them all). With one scenario the record goes
to standard output (or --out FILE); with several, --out names a folder, a table goes to standard error,
--jobs N replays N at a time (default: the number of cores) and --junit FILE writes a JUnit XML report.
--include-content puts the calls' arguments and results in an OTLP trace (--format otlp).
--policy NAME runs under a policy preset instead of the scenario's own (${POLICY_NAMES.length}: ${POLICY_NAMES.join(', ')});
--compare P1,P2,… runs one scenario under each and prints, per policy, the makespan, the calls cancelled by a
sibling, the result order and lost edits. --strategy defaults to the policy's own.
A session log replays each call's recorded effect (--effects recorded, the default: its outcome, result and
duration come from the log; nothing is executed, fetched or sent) under the policy's scheduling; --effects rerun
runs the calls in the sandbox instead, with WebFetch, WebSearch and MCP calls kept as recorded unless --network.
--format fidelity prints, as JSON, each call's real outcome and start beside the replay's. A folder of session
logs (found at any depth, any agent) gives one report across them: --format text (the default), json or html.
Exit codes: 0 expectations met, 1 expectations not met, 2 invalid scenario or arguments (the worst of all).
`;

/** What a folder of session logs can be reported as: in words (the default), as data, or as a page. */
const FOLDER_FORMATS: readonly Format[] = ['summary', 'text', 'json', 'html'];

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
          args.formatGiven = true;
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
        case '--effects': {
          const effects = value();
          if (!EFFECTS.includes(effects as Effects)) return `--effects must be one of ${EFFECTS.join(', ')}, not "${effects}"`;
          args.effects = effects as Effects;
          break;
        }
        case '--network':
          args.network = true;
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
  if (args.network && args.effects !== 'rerun') return '--network goes with --effects rerun: recorded effects reach nothing';
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
  // A file it was asked to write and could not is said with the file and why (exit 2).
  return exitTwoOnWriteFailure('replay', (text) => io.stderr(text), () => run(argv, io));
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
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
  // The replay itself (the engine, the tools, the sandbox) loads only now: --list and --help, and
  // a command line in error, start without it.
  const { replayCompare, replayMany, replaySingle } = await import('./replayRuns');
  if (args.compare) return replayCompare(args.scenarios[0]!, args.compare, args, io);
  // A folder of session logs (at any depth) gives one report across them.
  const [only] = args.scenarios;
  const wanted = args.scenarios.length === 1 && !args.all && only !== undefined;
  const groups = wanted && io.findSessionGroups ? await io.findSessionGroups(only) : null;
  const logs = groups?.logs ?? (wanted && !io.findSessionGroups ? await io.findSessionLogs?.(only) : null);
  if (logs && (logs.length > 0 || (groups?.unread?.length ?? 0) > 0)) {
    if (args.formatGiven && !FOLDER_FORMATS.includes(args.format)) {
      io.stderr(`replay: a folder of session logs gives one report: --format ${FOLDER_FORMATS.join(', ')} (not ${args.format})\n`);
      return 2;
    }
    return (await import('./folderRun')).reportFolder(only!, logs, args.formatGiven ? args : { ...args, format: 'text' }, io, groups ?? {});
  }
  const { names, folder } = await expandScenarios(args.scenarios, args.all, io);
  if (names.length === 1 && !folder && !args.all && args.junit === undefined) return replaySingle(names[0]!, args, io);
  if (names.length === 0) {
    io.stderr(`replay: no scenario files in ${args.scenarios.join(', ')}\n`);
    return 2;
  }
  return replayMany(names, args, io);
}

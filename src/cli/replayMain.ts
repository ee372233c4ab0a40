import { toChromeTrace } from '../run/chromeTrace';
import { STRATEGIES, type Strategy } from '../run/events';
import { runScenario, settingsProblems } from '../run/runScenario';
import { formatSummary, formatTimeline } from '../run/timelineText';
import { createSandbox, SANDBOX_KINDS, type CliSandboxKind } from './sandboxes';
import { createRealClock } from '../time/clock';
import { createVirtualClock } from '../time/virtualClock';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import { formatErrors, parseScenario, validateScenario } from '../scenarios/validate';
import type { Scenario } from '../scenarios/schema';

/** The side effects the command needs, injected so tests run it in-process. */
export interface CliIo {
  readFile(path: string): Promise<string>;
  writeFile(path: string, text: string): Promise<void>;
  stdout(text: string): void;
  stderr(text: string): void;
}

const FORMATS = ['json', 'timeline', 'chrome-trace', 'summary'] as const;
type Format = (typeof FORMATS)[number];

const USAGE = `usage: npm run replay -- SCENARIO [--sandbox ${SANDBOX_KINDS.join('|')}] [--strategy ${STRATEGIES.join('|')}]
                         [--format ${FORMATS.join('|')}] [--out FILE] [--realtime]
SCENARIO is a path to a scenario file or a built-in id (${BUILT_IN_SCENARIOS.length} built in; --list shows them).
Exit codes: 0 expectations met, 1 expectations not met, 2 invalid scenario or arguments.
`;

interface CliArgs {
  scenario: string;
  sandbox: CliSandboxKind;
  strategy: Strategy;
  format: Format;
  out?: string;
  realtime: boolean;
}

/** Parses the arguments; a string is the message of a usage error. */
export function parseArgs(argv: readonly string[]): CliArgs | { list: true } | string {
  let scenario: string | undefined;
  const args: Omit<CliArgs, 'scenario'> = { sandbox: 'virtual', strategy: 'streaming', format: 'json', realtime: false };
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
        case '--out':
          args.out = value();
          break;
        case '--realtime':
          args.realtime = true;
          break;
        default:
          if (arg.startsWith('--')) return `unknown option ${arg}`;
          if (scenario !== undefined) return `only one SCENARIO may be given (got "${scenario}" and "${arg}")`;
          scenario = arg;
      }
    } catch (error: unknown) {
      return error instanceof Error ? error.message : String(error);
    }
  }
  if (scenario === undefined) return 'SCENARIO is missing';
  return { scenario, ...args };
}

/** Finds a built-in scenario by id, or reads and validates a file. */
export async function loadScenario(name: string, io: Pick<CliIo, 'readFile'>): Promise<{ ok: true; scenario: Scenario } | { ok: false; message: string }> {
  const builtIn = BUILT_IN_SCENARIOS.find((raw) => (raw as { id?: unknown }).id === name);
  if (builtIn !== undefined) {
    const result = validateScenario(builtIn);
    return result.ok ? result : { ok: false, message: formatErrors(result.errors, `built-in ${name}`) };
  }
  let text: string;
  try {
    text = await io.readFile(name);
  } catch (error: unknown) {
    const code = (error as { code?: string }).code;
    const why = code === 'ENOENT' ? 'no such file, and no built-in scenario has that id' : error instanceof Error ? error.message : String(error);
    return { ok: false, message: `${name}: ${why}` };
  }
  const result = parseScenario(text, name);
  return result.ok ? result : { ok: false, message: formatErrors(result.errors, name) };
}

/** The whole command, returning its exit code. */
export async function replayMain(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.stderr(`replay: ${args}\n${USAGE}`);
    return 2;
  }
  if ('list' in args) {
    for (const raw of BUILT_IN_SCENARIOS) {
      const { id, title } = raw as { id: string; title: string };
      io.stdout(`${id.padEnd(24)} ${title}\n`);
    }
    return 0;
  }
  const loaded = await loadScenario(args.scenario, io);
  if (!loaded.ok) {
    io.stderr(`replay: invalid scenario\n${loaded.message}\n`);
    return 2;
  }
  const scenario = loaded.scenario;
  const unsupported = settingsProblems(scenario.settings);
  if (unsupported.length > 0) {
    io.stderr(`replay: invalid scenario\n${formatErrors(unsupported, args.scenario)}\n`);
    return 2;
  }

  const sandbox = await createSandbox(args.sandbox);
  let record;
  try {
    if (args.realtime) {
      record = await runScenario({ scenario, sandbox, strategy: args.strategy, clock: createRealClock() });
    } else {
      const clock = createVirtualClock();
      record = await clock.runUntil(runScenario({ scenario, sandbox, strategy: args.strategy, clock }));
    }
  } finally {
    await sandbox.dispose();
  }

  const output =
    args.format === 'json'
      ? `${JSON.stringify(record, null, 2)}\n`
      : args.format === 'chrome-trace'
        ? `${JSON.stringify(toChromeTrace(record))}\n`
        : args.format === 'timeline'
          ? formatTimeline(record)
          : formatSummary(record);
  if (args.out !== undefined) await io.writeFile(args.out, output);
  else io.stdout(output);
  if (args.format !== 'summary' || args.out !== undefined) io.stderr(formatSummary(record));
  if (record.error) return 1;
  return record.expectations?.passed === false ? 1 : 0;
}

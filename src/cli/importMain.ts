import { exitTwoOnWriteFailure } from './fileWriteError';
import { importSessionLog } from '../scenarios/import/importSessionLog';
import { SESSION_FORMATS } from '../scenarios/import/sessionFormats';
import { formatLogProblems } from '../scenarios/import/logProblems';
import { writeScenarioJson } from '../scenarios/scenarioJson';
import type { LogFile } from '../scenarios/import/logFile';
import type { Progress } from './progress';
import { callCountText } from '../scenarios/scenarioCalls';

const USAGE = `usage: npm run import -- SESSION [--out scenario.json]
Imports a session log of any agent the playground reads, told by what the file holds (any name):
${SESSION_FORMATS.map((format) => `  ${format.name}: ${format.where}${'refusal' in format ? ' (refused: no tool calls)' : ''}`).join('\n')}
as a scenario that replays it: its responses with their real timing, each tool's real duration,
the files the log shows, and what really happened under "observed". The scenario goes to standard
output, or to --out; lines that could not be used are listed on standard error.
Exit codes: 0 imported (maybe with lines left out), 2 no scenario could be made or bad arguments.
`;

export interface ImportIo {
  readSessionFiles(path: string): Promise<LogFile[]>;
  writeFile(path: string, text: string): Promise<void>;
  stdout(text: string): void;
  stderr(text: string): void;
  progress?(label: string): Progress;
}

/** `npm run import`: returns the exit code. Nothing from the log is written but where asked. */
export async function importMain(argv: readonly string[], io: ImportIo): Promise<number> {
  // A file it was asked to write and could not is said with the file and why (exit 2).
  return exitTwoOnWriteFailure('import', (text) => io.stderr(text), () => run(argv, io));
}

async function run(argv: readonly string[], io: ImportIo): Promise<number> {
  let log: string | undefined;
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      io.stdout(USAGE);
      return 0;
    } else if (arg === '--out') {
      out = argv[++i];
      if (out === undefined) return usage(io, '--out needs a value');
    } else if (arg.startsWith('--')) return usage(io, `unknown option ${arg}`);
    else if (log !== undefined) return usage(io, `only one SESSION.jsonl may be given (got "${log}" and "${arg}")`);
    else log = arg;
  }
  if (log === undefined) return usage(io, 'SESSION.jsonl is missing');
  const progress = io.progress?.(`import ${log}`);
  progress?.update(0, 'reading');
  let files: LogFile[];
  try {
    files = await io.readSessionFiles(log);
  } catch (error: unknown) {
    progress?.end();
    io.stderr(`import: ${log}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  progress?.update(1, `importing ${files.length} file(s), ${(files.reduce((sum, file) => sum + file.text.length, 0) / 1e6).toFixed(1)} MB`);
  const result = importSessionLog(files);
  progress?.end();
  if (result.problems.length > 0) io.stderr(`${formatLogProblems(result.problems)}\n`);
  if (!result.ok) {
    io.stderr('import: no scenario could be made of the log\n');
    return 2;
  }
  const text = `${writeScenarioJson(result.scenario)}\n`;
  if (out !== undefined) await io.writeFile(out, text);
  else io.stdout(text);
  const { scenario } = result;
  io.stderr(`import: ${scenario.id}: ${scenario.turns.length} responses, ${callCountText(scenario)}, ${Object.keys(scenario.workspace.files).length} files known${out ? ` → ${out}` : ''}\n`);
  return 0;
}

function usage(io: ImportIo, message: string): number {
  io.stderr(`import: ${message}\n${USAGE}`);
  return 2;
}

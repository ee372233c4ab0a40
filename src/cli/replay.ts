/**
 * Headless replay (design.md, Command line):
 *   npm run replay -- SCENARIO... [--all] [--sandbox virtual|node] [--strategy streaming|batched|serial|parallel]
 *                     [--format json|timeline|chrome-trace|otlp|summary] [--out FILE|DIR] [--realtime]
 *                     [--jobs N] [--junit FILE] [--include-content]
 * Exit 0 when every run met its scenario's expectations, 1 when one did not, 2 when a scenario (or
 * the command line) is invalid. Built into dist-cli/ by scripts/cliBuild.js (through cliMain.ts,
 * which also starts the worker threads of `--jobs`).
 */
import { terminalSafe, safeWriter } from './terminalText';
import { availableParallelism } from 'node:os';
import { findSessionGroups, findSessionLogs, listJsonFiles, readSessionFiles, readTextFile, writeTextFile } from './nodeFiles';
import { replayMain } from './replayMain';

const io = {
  readFile: readTextFile,
  readSessionFiles,
  writeFile: writeTextFile,
  listJsonFiles,
  findSessionLogs,
  findSessionGroups,
  stdout: safeWriter(process.stdout),
  stderr: safeWriter(process.stderr),
  progressStream: process.stderr,
  env: process.env,
  cores: availableParallelism(),
  // Since the process started, as performance.now() would say, without loading perf_hooks for it.
  startupMs: process.uptime() * 1000,
  // Built, a worker thread runs the same loader (dist-cli/replay.js) as this thread; run from source
  // (tsx), every scenario replays in this thread.
  ...(import.meta.url.endsWith('.ts') ? {} : { lane: async () => (await import('./workerPool')).createWorkerLane(new URL('./replay.js', import.meta.url)) }),
};

replayMain(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(terminalSafe(`replay: internal error: ${error instanceof Error ? error.message : String(error)}\n`));
    process.exitCode = 2;
  },
);

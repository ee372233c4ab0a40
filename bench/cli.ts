/**
 * `npm run bench:cli`: the command line's start-up time and memory against `node -e 0`, measured
 * side by side in one run, and the wall time of replaying every built-in scenario in one command.
 * Every command runs as its own process; the rounds interleave the commands, so a busy moment of
 * the machine falls on all of them alike. Memory is the process's peak resident set size, reported
 * by a one-line preload at exit. Targets: the built file started for `--list`, for one built-in
 * scenario (`seed-partition --format summary`) and for the import of a short session log within
 * twice `node -e 0`'s wall time and under 60 MiB; the built-in scenarios (18 when the target was
 * set) < 5 s; a 2,000-call, 300-turn session log imported (`import LOG --out OUT`) in under 1 s,
 * replayed with recorded effects in under 2 s, and its summary over every preset in under 10 s.
 * `npm run bench:cli -- --against DIR` adds the three start-ups of DIR's build (another checkout,
 * built) to the same interleaved rounds: a before and an after measured side by side. Beside them
 * runs the start-up floor (bench/startFloor.ts, built the same way): zod and just-bash alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli } from '../scripts/cliBuild.js';
import { longSession, toJsonl } from '../test/sessionLogs';

const ROUNDS = 15;
const FOLDER_ROUNDS = 3;
const IMPORT_ROUNDS = 5;
const line = (text = '') => process.stdout.write(`${text}\n`);

const scratch = mkdtempSync(join(tmpdir(), 'bench-cli-'));
const preload = join(scratch, 'peak-rss.cjs');
const rssFile = join(scratch, 'rss');
writeFileSync(preload, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`);

interface Command {
  label: string;
  file: string;
  args: string[];
  /** Runs through npm (its own start-up included); memory is then not measured. */
  viaNpm?: boolean;
  /** Runs in only this many rounds (a slow reference). */
  rounds?: number;
}

/** One run: wall milliseconds, and the peak RSS in MiB when asked (a second run with the preload). */
function runOnce(command: Command, withMemory: boolean): { ms: number; mib?: number; status: number | null } {
  const args = withMemory ? ['-r', preload, ...command.args] : command.args;
  const started = process.hrtime.bigint();
  const run = spawnSync(command.file, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CI: 'true' } });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`${command.label} exited ${run.status}: ${run.stderr.toString().slice(0, 500)}`);
  return { ms, status: run.status, ...(withMemory ? { mib: Number(readFileSync(rssFile, 'utf8')) / 1024 } : {}) };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;

function measure(commands: readonly Command[], rounds: number): Map<Command, { times: number[]; mib: number[] }> {
  const figures = new Map(commands.map((command) => [command, { times: [] as number[], mib: [] as number[] }]));
  for (const command of commands) runOnce(command, false);
  for (let round = 0; round < rounds; round++) {
    for (const command of commands) {
      if (round >= (command.rounds ?? rounds)) continue;
      figures.get(command)!.times.push(runOnce(command, false).ms);
      if (!command.viaNpm && round < 5) figures.get(command)!.mib.push(runOnce(command, true).mib!);
    }
  }
  return figures;
}

/** Start-up's targets: at most this many times `node -e 0`'s wall time, and under this peak RSS. */
const STARTUP_RATIO = 2;
const STARTUP_MIB = 60;

async function main() {
  line('# npm run bench:cli');
  line(`node ${process.version}, ${cpus().length} cores, ${new Date().toISOString()}`);
  // Build the command line if it is missing or stale, so that no build is measured.
  spawnSync(process.execPath, ['bin/replay.js', '--list'], { stdio: 'ignore' });
  line();

  // A short session log (2 turns, 4 calls): its import is mostly start-up.
  const shortLog = join(scratch, 'short-session.jsonl');
  writeFileSync(shortLog, toJsonl(longSession(2, 4)));
  const replayArgs = ['seed-partition', '--format', 'summary'];
  const baseline: Command = { label: 'node -e 0', file: process.execPath, args: ['-e', '0'] };
  const list: Command = { label: 'node dist-cli/replay.js --list', file: process.execPath, args: ['dist-cli/replay.js', '--list'] };
  const built: Command = { label: 'node dist-cli/replay.js seed-partition', file: process.execPath, args: ['dist-cli/replay.js', ...replayArgs] };
  const shortImport: Command = { label: 'node dist-cli/replay.js import SHORT.jsonl', file: process.execPath, args: ['dist-cli/replay.js', 'import', shortLog, '--out', join(scratch, 'short-session.scenario.json')] };
  const bin: Command = { label: 'node bin/replay.js seed-partition (the bin)', file: process.execPath, args: ['bin/replay.js', ...replayArgs] };
  const npm: Command = { label: 'npm run --silent replay -- seed-partition', file: 'npm', args: ['run', '--silent', 'replay', '--', ...replayArgs], viaNpm: true };
  // The command as it ran before it was built: TypeScript compiled at every start by tsx's loader.
  const tsx: Command = { label: 'node --import tsx src/cli/replay.ts (unbuilt)', file: process.execPath, args: ['--import', 'tsx', 'src/cli/replay.ts', ...replayArgs], rounds: 5 };
  // `--against DIR`: the same three start-ups of another checkout's build (say main before a change,
  // in a worktree), in the same interleaved rounds, so that a before and an after share the machine's moments.
  const against = process.argv.includes('--against') ? process.argv[process.argv.indexOf('--against') + 1] : undefined;
  const other = against
    ? [list, built, shortImport].map((command): Command => ({ ...command, label: command.label.replace('dist-cli/', `${against}/dist-cli/`), args: [join(against, command.args[0]!), ...command.args.slice(1)] }))
    : [];
  // The floor: zod and just-bash alone, built and loaded as the command is.
  const floorDir = join(scratch, 'floor');
  if (!(await buildCli({ entry: 'bench/startFloor.ts', outDir: floorDir, warmUp: [] })).warmed) throw new Error('the start-up floor (bench/startFloor.ts) failed');
  const floor: Command = { label: 'the floor: zod and just-bash alone', file: process.execPath, args: [join(floorDir, 'replay.js')] };
  line(`## Start-up: --list, one built-in scenario (--format summary), a 4-call log imported (median of ${ROUNDS} interleaved runs, the unbuilt one 5; peak RSS the median of 5)`);
  const figures = measure([baseline, list, built, shortImport, ...other, floor, bin, npm, tsx], ROUNDS);
  for (const [command, { times, mib }] of figures) {
    const memory = mib.length > 0 ? `  peak RSS ${median(mib).toFixed(1).padStart(5)} MiB` : '';
    line(`${command.label.padEnd(46)} median ${ms(median(times))}  min ${ms(Math.min(...times))}${memory}`);
  }
  const base = median(figures.get(baseline)!.times);
  const named: [Command, string][] = [[list, '--list'], [built, 'replay'], [shortImport, 'import']];
  if (other.length > 0) named.push([other[0]!, '--list (against)'], [other[1]!, 'replay (against)'], [other[2]!, 'import (against)']);
  for (const [command, name] of named) {
    const wall = median(figures.get(command)!.times);
    const peak = median(figures.get(command)!.mib);
    const met = wall <= STARTUP_RATIO * base && peak < STARTUP_MIB;
    line(
      `${`${name}:`.padEnd(other.length > 0 ? 18 : 8)} ${wall.toFixed(0)} ms = ${(wall / base).toFixed(2)}× node -e 0 (target ≤ ${STARTUP_RATIO}×), ${peak.toFixed(1)} MiB (target < ${STARTUP_MIB} MiB)${met ? '' : ' NOT MET'}`,
    );
  }
  const floorWall = median(figures.get(floor)!.times);
  line(`floor:   ${floorWall.toFixed(0)} ms = ${(floorWall / base).toFixed(2)}× node -e 0, ${median(figures.get(floor)!.mib).toFixed(1)} MiB; the replay's own start-up over it: ${(median(figures.get(built)!.times) - floorWall).toFixed(0)} ms`);
  line();

  const count = readdirSync('src/scenarios/library').filter((file) => file.endsWith('.json')).length;
  line(`## The ${count} built-in scenarios in one command (median of ${FOLDER_ROUNDS})`);
  const folder: Command = { label: 'node dist-cli/replay.js src/scenarios/library', file: process.execPath, args: ['dist-cli/replay.js', 'src/scenarios/library', '--format', 'summary'] };
  const twoJobs: Command = { ...folder, label: `${folder.label} --jobs 2`, args: [...folder.args, '--jobs', '2'] };
  const folderFigures = measure([folder, twoJobs], FOLDER_ROUNDS);
  for (const [command, { times, mib }] of folderFigures) {
    line(`${command.label.padEnd(56)} median ${ms(median(times))}  peak RSS ${median(mib).toFixed(1).padStart(5)} MiB`);
  }
  line(`${count} scenarios: ${(median(folderFigures.get(folder)!.times) / 1000).toFixed(2)} s (target < 5 s)`);
  line();

  // A long session log, imported as a person imports one: the bin, run directly (no npm).
  const log = join(scratch, 'long-session.jsonl');
  const text = toJsonl(longSession(300, 2000));
  writeFileSync(log, text);
  line(`## A 2,000-call, 300-turn session log (${(text.length / 1e6).toFixed(1)} MB) imported (median of ${IMPORT_ROUNDS})`);
  const importing: Command = { label: 'node bin/replay.js import LOG --out OUT.json', file: process.execPath, args: ['bin/replay.js', 'import', log, '--out', join(scratch, 'long-session.scenario.json')] };
  const { times, mib } = measure([importing], IMPORT_ROUNDS).get(importing)!;
  line(`${importing.label.padEnd(46)} median ${ms(median(times))}  min ${ms(Math.min(...times))}  peak RSS ${median(mib).toFixed(1).padStart(5)} MiB`);
  line(`2,000-call import: ${median(times).toFixed(0)} ms (target < 1000 ms)`);
  line();

  // The same session replayed with recorded effects (nothing runs; the clock is virtual), then its
  // summary, which replays it under every preset beside how it really ran.
  line(`## The 2,000-call session replayed with recorded effects (median of ${IMPORT_ROUNDS})`);
  const replaying: Command = { label: 'node dist-cli/replay.js LOG --out RECORD.json', file: process.execPath, args: ['dist-cli/replay.js', log, '--out', join(scratch, 'long-session.record.json')] };
  const summarising: Command = { label: 'node dist-cli/replay.js LOG --format summary', file: process.execPath, args: ['dist-cli/replay.js', log, '--format', 'summary', '--out', join(scratch, 'long-session.summary.txt')] };
  const replayFigures = measure([replaying, summarising], IMPORT_ROUNDS);
  for (const [command, figures] of replayFigures) {
    line(`${command.label.padEnd(46)} median ${ms(median(figures.times))}  peak RSS ${median(figures.mib).toFixed(1).padStart(5)} MiB`);
  }
  line(`2,000-call replay: ${median(replayFigures.get(replaying)!.times).toFixed(0)} ms (target < 2000 ms); summary over every preset: ${(median(replayFigures.get(summarising)!.times) / 1000).toFixed(2)} s (target < 10 s)`);
}

try {
  await main();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

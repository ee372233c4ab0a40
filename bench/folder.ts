/**
 * `npm run bench:folder [-- N]`: the report across a folder of session logs, as a person runs it
 * (`node dist-cli/replay.js FOLDER`), over N generated Claude Code logs of 200 calls in 30 turns
 * each (`longSession` of test/sessionLogs.ts; N defaults to 1,000). Prints the wall time and the
 * process's peak resident memory and CPU time (its worker threads are in both), and how long
 * `node -e 0` takes on the machine then: the wall time moves with the host's speed, the CPU time
 * and that start-up tell a slower machine from a slower replay. Targets: 1,000 sessions in under
 * 60 s on 2 cores, under 500 MiB.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { longSession, toJsonl } from '../test/sessionLogs';

const count = Number(process.argv[2] ?? 1000);
const scratch = mkdtempSync(join(tmpdir(), 'bench-folder-'));
const folder = join(scratch, 'sessions');
const rssFile = join(scratch, 'rss');
const preload = join(scratch, 'peak-rss.cjs');
writeFileSync(preload, `process.on('exit', () => { const use = process.resourceUsage(); require('fs').writeFileSync(${JSON.stringify(rssFile)}, JSON.stringify(use)); });\n`);

/** How long `node -e 0` takes now, the median of five (milliseconds). */
function nodeStartMs(): number {
  const times = Array.from({ length: 5 }, () => {
    const started = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    return performance.now() - started;
  }).sort((a, b) => a - b);
  return times[2]!;
}

try {
  spawnSync(process.execPath, ['scripts/cliBuild.js'], { stdio: 'ignore' });
  const text = toJsonl(longSession(30, 200));
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < count; i++) writeFileSync(join(folder, `session-${String(i).padStart(5, '0')}.jsonl`), text);
  process.stdout.write(`# npm run bench:folder\nnode ${process.version}, ${cpus().length} cores, ${new Date().toISOString()}, node -e 0 in ${nodeStartMs().toFixed(0)} ms\n`);
  const started = performance.now();
  const run = spawnSync(process.execPath, ['-r', preload, 'dist-cli/replay.js', folder, '--format', 'json', '--out', join(scratch, 'report.json')], { encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`the replay exited ${run.status}: ${run.stderr}`);
  const use = JSON.parse(readFileSync(rssFile, 'utf8')) as NodeJS.ResourceUsage;
  const mib = use.maxRSS / 1024;
  const cpu = (use.userCPUTime + use.systemCPUTime) / 1e6;
  process.stdout.write(`${run.stderr.trim()}\n${count} sessions of 200 calls: ${seconds.toFixed(1)} s (target < 60 s for 1,000), ${cpu.toFixed(1)} CPU-seconds, peak RSS ${mib.toFixed(0)} MiB (target < 500 MiB)\n`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

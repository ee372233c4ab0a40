/**
 * `npm run bench:folder [-- N]`: the report across a folder of session logs, as a person runs it
 * (`node dist-cli/replay.js FOLDER`), over N generated Claude Code logs of 200 calls in 30 turns
 * each (`longSession` of test/sessionLogs.ts; N defaults to 1,000). Prints the wall time and the
 * process's peak resident memory (its worker threads are in it). Targets: 1,000 sessions in under
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
writeFileSync(preload, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`);

try {
  spawnSync(process.execPath, ['scripts/cliBuild.js'], { stdio: 'ignore' });
  const text = toJsonl(longSession(30, 200));
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < count; i++) writeFileSync(join(folder, `session-${String(i).padStart(5, '0')}.jsonl`), text);
  process.stdout.write(`# npm run bench:folder\nnode ${process.version}, ${cpus().length} cores, ${new Date().toISOString()}\n`);
  const started = performance.now();
  const run = spawnSync(process.execPath, ['-r', preload, 'dist-cli/replay.js', folder, '--format', 'json', '--out', join(scratch, 'report.json')], { encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`the replay exited ${run.status}: ${run.stderr}`);
  const mib = Number(readFileSync(rssFile, 'utf8')) / 1024;
  process.stdout.write(`${run.stderr.trim()}\n${count} sessions of 200 calls: ${seconds.toFixed(1)} s (target < 60 s for 1,000), peak RSS ${mib.toFixed(0)} MiB (target < 500 MiB)\n`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

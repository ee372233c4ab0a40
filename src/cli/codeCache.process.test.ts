import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The built command's code caches (dist-cli/.v8-cache), each file's modification time by name. */
function caches(dir: string): Map<string, number> {
  const folder = join(dir, '.v8-cache');
  return new Map(readdirSync(folder).map((name) => [name, statSync(join(folder, name)).mtimeMs]));
}

describe('the built command’s code cache (a real process)', () => {
  it('is taken, not made again, by short and long runs alike: the optimising compiler held back for the first quarter second changes no cache', () => {
    // A copy of the build, so that its caches are this test's alone.
    expect(spawnSync(process.execPath, ['bin/replay.js', '--list'], { encoding: 'utf8', timeout: 120_000 }).status).toBe(0);
    const dir = join(mkdtempSync(join(tmpdir(), 'code-cache-')), 'dist-cli');
    cpSync('dist-cli', dir, { recursive: true });
    const run = (...args: string[]) => spawnSync(process.execPath, [join(dir, 'replay.js'), ...args], { encoding: 'utf8', timeout: 60_000 });

    // A short run (over within the first quarter second on an idle machine, though not on a busy one).
    expect(run('seed-partition', '--format', 'summary').status).toBe(0);
    expect(run('seed-partition', '--format', 'summary').status).toBe(0);
    const made = caches(dir);
    // A long one: the same scenario in real time (2.5 s), its shell command's modules loaded a second in.
    expect(run('seed-partition', '--realtime', '--format', 'summary').status).toBe(0);
    expect(run('seed-partition', '--realtime', '--format', 'summary').status).toBe(0);
    const afterLong = caches(dir);
    expect(run('seed-partition', '--format', 'summary').status).toBe(0);
    const afterShortAgain = caches(dir);

    for (const [name, mtime] of made) {
      expect(afterLong.get(name), `${name} made again by a long run`).toBe(mtime);
      expect(afterShortAgain.get(name), `${name} made again by a short run after a long one`).toBe(mtime);
    }
    for (const [name, mtime] of afterLong) expect(afterShortAgain.get(name), `${name} made again by a short run after a long one`).toBe(mtime);
  });
});

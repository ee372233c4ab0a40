import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALSO_DEPENDS_ON } from './cliStale.cjs';

/**
 * A tree of its own with the real bin and its staleness check, a stand-in for the built command
 * (dist-cli/replay.js that prints what it was given) and an empty build script: what the bin runs, or
 * that it would build, shows.
 */
function tree(builtFrom: number) {
  const root = mkdtempSync(join(tmpdir(), 'cli-stale-'));
  for (const folder of ['bin', 'scripts', 'dist-cli', 'src']) mkdirSync(join(root, folder));
  // Every file a rebuild depends on, empty; the staleness check itself, real (copied over its stand-in below).
  for (const file of ALSO_DEPENDS_ON) writeFileSync(join(root, file), '');
  copyFileSync('bin/replay.js', join(root, 'bin/replay.js'));
  copyFileSync('bin/package.json', join(root, 'bin/package.json'));
  copyFileSync('scripts/cliStale.cjs', join(root, 'scripts/cliStale.cjs'));
  writeFileSync(join(root, 'dist-cli/replay.js'), "process.stdout.write(`built command: ${process.argv.slice(2).join(' ')}\\n`);\n");
  writeFileSync(join(root, 'dist-cli/package.json'), '{ "type": "commonjs" }\n');
  writeFileSync(join(root, 'src/a.ts'), 'export {};\n');
  writeFileSync(join(root, 'dist-cli/manifest.json'), JSON.stringify({ builtFrom, inputs: ['src/a.ts'] }));
  const old = new Date(builtFrom - 60_000);
  for (const file of ['src/a.ts', ...ALSO_DEPENDS_ON]) utimesSync(join(root, file), old, old);
  const run = () => spawnSync(process.execPath, [join(root, 'bin/replay.js'), 'seed-partition', '--format', 'summary'], { encoding: 'utf8', timeout: 30_000 });
  return { root, run };
}

describe('bin/replay.js', () => {
  it('runs the built command, with its arguments, when nothing it was built from changed since', () => {
    const { run } = tree(Date.now());
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('built command: seed-partition --format summary\n');
    expect(result.status).toBe(0);
  });

  it('builds first when a source changed since, naming it, and says so when the build cannot be made', () => {
    const { root, run } = tree(Date.now() - 10_000);
    const now = new Date();
    utimesSync(join(root, 'src/a.ts'), now, now);
    const result = run();
    expect(result.stderr).toContain('building the command line (src/a.ts changed)');
    // This tree's build script is empty: the bin says the build failed, exits 1 and never runs a stale command.
    expect(result.stderr).toContain('the command line could not be built');
    expect(result.stdout).toBe('');
    expect(result.status).toBe(1);
  });

  it('builds when the command has never been built or a source is gone', () => {
    const { root, run } = tree(Date.now());
    writeFileSync(join(root, 'dist-cli/manifest.json'), JSON.stringify({ builtFrom: Date.now(), inputs: ['src/a.ts', 'src/gone.ts'] }));
    expect(run().stderr).toContain('building the command line (src/gone.ts is gone)');
    writeFileSync(join(root, 'dist-cli/manifest.json'), 'not json');
    expect(run().stderr).toContain('building the command line (dist-cli/ has not been built)');
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCli } from './cliBuild.js';

describe('buildCli into a folder of its own', () => {
  it('finds just-bash where it is installed, from wherever the build is written', async () => {
    const outDir = join(mkdtempSync(join(tmpdir(), 'cli-build-')), 'probe');
    try {
      const built = await buildCli({ entry: 'test/cliBuildProbe.ts', outDir, warmUp: [] });
      expect(built.warmed).toBe(true);
      const run = spawnSync(process.execPath, [join(outDir, 'replay.js')], { encoding: 'utf8', timeout: 60_000 });
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe('2\n');
      expect(run.status).toBe(0);
    } finally {
      rmSync(join(outDir, '..'), { recursive: true, force: true });
    }
  }, 120_000);
});

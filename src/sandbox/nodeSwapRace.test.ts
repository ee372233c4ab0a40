import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createToolTestEnvOn } from '../../test/toolEnv';
import { createNodeSandbox } from './nodeSandbox';

/** Reads and Writes each, through the tools, while another process swaps the link. */
const ATTEMPTS = 2000;

/**
 * A process that swaps `link` in a tight loop between a folder inside the workspace and one outside
 * it (a new link renamed over the old one, so the link always exists), until killed.
 */
function startSwapper(link: string, inside: string, outside: string) {
  const script = `
    const fs = require('node:fs');
    const [link, a, b] = process.argv.slice(1);
    const temp = link + '.swap';
    for (let i = 0; ; i++) {
      try { fs.rmSync(temp, { force: true }); fs.symlinkSync(i % 2 ? b : a, temp); fs.renameSync(temp, link); } catch {}
    }`;
  return spawn(process.execPath, ['-e', script, link, inside, outside], { stdio: 'ignore' });
}

const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe('the node sandbox under a symlink swapped between check and use', () => {
  it(`lets none of ${ATTEMPTS} Reads and ${ATTEMPTS} Writes out of the workspace`, { timeout: 120_000 }, async () => {
    const sandbox = await createNodeSandbox();
    cleanup.push(() => sandbox.dispose());
    const outside = mkdtempSync(join(tmpdir(), 'swap-outside-'));
    cleanup.push(() => rmSync(outside, { recursive: true, force: true }));
    writeFileSync(join(outside, 'secret.txt'), 'SECRET outside\n');
    const t = await createToolTestEnvOn(sandbox, { 'real/secret.txt': 'inside\n' });
    await sandbox.exec('ln -s real link');

    const swapper = startSwapper(join(sandbox.root, 'link'), 'real', outside);
    cleanup.push(() => swapper.kill('SIGKILL'));
    const seen = { inside: 0, refused: 0, escaped: 0, written: 0 };
    try {
      for (let i = 0; i < ATTEMPTS; i++) {
        const read = await t.run('Read', { file_path: 'link/secret.txt' });
        if (read.result.content.includes('SECRET')) seen.escaped++;
        else if (read.outcome === 'success') seen.inside++;
        else seen.refused++;
        const write = await t.run('Write', { file_path: `link/new-${i}.txt`, content: 'written\n' });
        if (write.outcome === 'success') seen.written++;
      }
    } finally {
      swapper.kill('SIGKILL');
    }

    expect(seen.escaped).toBe(0);
    // Nothing was made or changed outside: the folder holds its one file, unchanged.
    expect(readdirSync(outside)).toEqual(['secret.txt']);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('SECRET outside\n');
    // The swap really raced the calls: some went through the link inside, some were refused.
    expect(seen.inside).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.written).toBeGreaterThan(0);
    console.log(`swap race: ${ATTEMPTS} Reads (${seen.inside} read inside, ${seen.refused} refused, ${seen.escaped} escaped), ${ATTEMPTS} Writes (${seen.written} written inside, none outside)`);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { BackgroundShells } from '../tools/bash/backgroundShells';
import { createRealClock } from '../time/clock';
import { KeptOutput, MAX_KEPT_OUTPUT } from './keptOutput';
import { createNodeSandbox } from './nodeSandbox';
import type { Sandbox } from './types';

const sandboxes: Sandbox[] = [];
afterEach(async () => {
  for (const sandbox of sandboxes.splice(0)) await sandbox.dispose();
});

describe('output kept up to a limit', () => {
  it('keeps the first characters up to the limit, counts the rest and says so', () => {
    const output = new KeptOutput(10);
    expect(output.add('12345')).toBe('12345');
    expect(output.add('6789012')).toBe('67890');
    expect(output.add('xyz')).toBe('');
    expect(output.text()).toBe('1234567890\n[output truncated: 5 more characters were not kept; at most 4194304 are]\n');
    const short = new KeptOutput();
    short.add('short');
    expect(short.text()).toBe('short');
  });

  it('a command printing 20 MB ends whole, its result bounded, on the node sandbox', async () => {
    const sandbox = await createNodeSandbox();
    sandboxes.push(sandbox);
    const result = await sandbox.exec("head -c 20000000 /dev/zero | tr '\\0' a");
    expect(result.exitCode).toBe(0);
    expect(result.stdout.length).toBeLessThan(MAX_KEPT_OUTPUT + 200);
    expect(result.stdout).toContain('[output truncated: 15805696 more characters were not kept');
  });

  it('a background shell printing 10 MB hands out at most the limit, and says what it did not keep', async () => {
    const sandbox = await createNodeSandbox();
    sandboxes.push(sandbox);
    const shells = new BackgroundShells(sandbox);
    const { id } = shells.start("head -c 10000000 /dev/zero | tr '\\0' b", 'toolu_1');
    await shells.waitFor(id, createRealClock(), 30_000, new AbortController().signal);
    const first = shells.read(id)!;
    expect(first.status).toBe('exited');
    expect(first.stdout.length).toBeLessThan(MAX_KEPT_OUTPUT + 200);
    expect(first.stdout).toMatch(/\[output truncated: \d+ more characters were not kept/);
    expect(shells.read(id)!.stdout).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import type { CliIo } from './replayIo';
import { replayMain } from './replayMain';
import { parsePolicyList } from './replayOptions';

function io(): { io: CliIo; out: () => string; err: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: {
      readFile: () => Promise.reject(Object.assign(new Error('ENOENT'), { code: 'ENOENT' })),
      writeFile: () => Promise.resolve(),
      stdout: (text) => void out.push(text),
      stderr: (text) => void err.push(text),
    },
    out: () => out.join(''),
    err: () => err.join(''),
  };
}

describe('replay --compare and --policy', () => {
  it('runs a lesson under two Claude Code versions: siblings cancelled in one, independent in the other', async () => {
    const { io: cli, out } = io();
    expect(await replayMain(['claude-code-changed-its-mind', '--compare', 'claude-code-2.1.39,claude-code-2.1.161'], cli)).toBe(0);
    const rows = out().split('\n');
    expect(rows.find((row) => row.startsWith('claude-code-2.1.39 '))).toMatch(/streaming .*\s3\s/);
    expect(rows.find((row) => row.startsWith('claude-code-2.1.161 '))).toMatch(/streaming .*\s0\s/);
  });

  it('shows the edit the all-at-once policies lose', async () => {
    const { io: cli, out } = io();
    expect(await replayMain(['parallel-edit-race', '--compare', 'seed,ai-sdk-7'], cli)).toBe(0);
    const rows = out().split('\n');
    expect(rows.find((row) => row.startsWith('seed '))).toMatch(/none$/);
    expect(rows.find((row) => row.startsWith('ai-sdk-7 '))).toMatch(/toolu_edit_\w+ \(src\/settings\.ts\)$/);
  });

  it('runs under another policy with --policy, its strategy the policy’s own', async () => {
    const { io: cli, out } = io();
    await replayMain(['seed-partition', '--policy', 'cline', '--format', 'json'], cli);
    const record = JSON.parse(out()) as { strategy: string; settings: { policy: string; maxConcurrency: number } };
    expect(record.strategy).toBe('serial');
    expect(record.settings).toMatchObject({ policy: 'cline', maxConcurrency: 1 });
  });

  it('refuses an unknown policy, naming the presets', async () => {
    expect(parsePolicyList('seed,nope')).toMatch(/no such policy: nope/);
    const { io: cli, err } = io();
    expect(await replayMain(['seed-partition', '--policy', 'nope'], cli)).toBe(2);
    expect(err()).toContain('--policy must be one of seed, claude-code-1.0');
    expect(await replayMain(['seed-partition', 'bash-cascade', '--compare', 'all'], cli)).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';
import { BashTool, DEFAULT_BASH_TIMEOUT_MS } from './BashTool';

describe('Bash', () => {
  it('returns the output of a command that exits 0', async () => {
    const t = createToolTestEnv({ 'src/a.ts': 'a', 'src/b.ts': 'b' });
    const run = await t.run('Bash', { command: 'ls src' });
    expect(run.outcome).toBe('success');
    expect(run.result).toMatchObject({ is_error: false, content: 'a.ts\nb.ts' });
  });

  it('puts stderr after stdout', async () => {
    const t = createToolTestEnv();
    const run = await t.run('Bash', { command: 'echo warn >&2; echo out' });
    expect(run.result.content).toBe('out\nwarn');
  });

  it('says so when a command prints nothing', async () => {
    const t = createToolTestEnv();
    expect((await t.run('Bash', { command: 'true' })).result.content).toBe('(no output)');
  });

  it('does not treat exit 1 of grep (no match) as an error', async () => {
    const t = createToolTestEnv({ 'a.txt': 'hello\n' });
    const run = await t.run('Bash', { command: 'grep missing a.txt' });
    expect(run.outcome).toBe('success');
    expect(run.result.is_error).toBe(false);
    expect(run.result.content).toMatch(/no line matched/);
  });

  it('does not treat exit 1 of diff or test as an error either', async () => {
    const t = createToolTestEnv({ 'a.txt': 'a\n', 'b.txt': 'b\n' });
    expect((await t.run('Bash', { command: 'diff a.txt b.txt' })).result.is_error).toBe(false);
    expect((await t.run('Bash', { command: 'test -f missing.txt' })).result.is_error).toBe(false);
    expect((await t.run('Bash', { command: '[ -d a.txt ]' })).result.is_error).toBe(false);
  });

  it('reports other non-zero exits as errors headed by the exit code', async () => {
    const t = createToolTestEnv();
    const run = await t.run('Bash', { command: 'false' });
    expect(run.outcome).toBe('error');
    expect(run.result.is_error).toBe(true);
    expect(run.result.content).toBe('Exit code 1\n(no output)');
    const cat = await t.run('Bash', { command: 'cat dist/build.log' });
    expect(cat.result.content).toMatch(/^Exit code 1\ncat: dist\/build.log: No such file or directory/);
    const three = await t.run('Bash', { command: 'echo partial; exit 3' });
    expect(three.result.content).toBe('Exit code 3\npartial');
  });

  it('judges exit 1 by the last command: grep first, then a failing command, is an error', async () => {
    const t = createToolTestEnv({ 'a.txt': 'x\n' });
    expect((await t.run('Bash', { command: 'grep x a.txt && false' })).result.is_error).toBe(true);
    expect((await t.run('Bash', { command: 'cat a.txt | grep nothing' })).result.is_error).toBe(false);
  });

  it('stops a command at its timeout and reports an error naming the timeout', async () => {
    const t = createToolTestEnv();
    const run = await t.run('Bash', { command: 'sleep 10', timeout: 100 });
    expect(run.outcome).toBe('error');
    expect(run.result.content).toMatch(/timed out after 100 ms/);
  });

  it('stops the command when the call is aborted', async () => {
    const t = createToolTestEnv();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const run = await t.run('Bash', { command: 'sleep 10; echo done > done.txt' }, { signal: controller.signal });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(run.outcome).toBe('interrupted');
    expect(run.result.is_error).toBe(true);
    expect(await t.sandbox.fs.stat('/workspace/done.txt')).toBeNull();
  });

  it('streams output chunks as progress when the sandbox streams', async () => {
    const t = createToolTestEnv();
    const real = t.sandbox;
    t.env.sandbox = {
      ...real,
      streamsOutput: true,
      exec: async (_command, options) => {
        options?.onOutput?.('first\n', 'stdout');
        options?.onOutput?.('second\n', 'stderr');
        return { exitCode: 0, stdout: 'first\n', stderr: 'second\n', timedOut: false, aborted: false };
      },
    };
    const run = await t.run('Bash', { command: 'build' });
    expect(run.progress).toEqual([
      { stream: 'stdout', chunk: 'first\n' },
      { stream: 'stderr', chunk: 'second\n' },
    ]);
    expect(run.result.content).toBe('first\nsecond');
  });

  it('reports no progress from a sandbox that returns output only at the end', async () => {
    const t = createToolTestEnv();
    expect((await t.run('Bash', { command: 'echo hi' })).progress).toEqual([]);
  });

  it('refuses run_in_background, with a clear message, where the session keeps no background shells', async () => {
    const t = createToolTestEnv();
    const run = await t.run('Bash', { command: 'sleep 1', run_in_background: true });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toMatch(/cannot keep commands in the background; call Bash again without run_in_background/);
  });

  it('rejects a timeout above the maximum and unknown fields', async () => {
    const t = createToolTestEnv();
    expect((await t.run('Bash', { command: 'ls', timeout: 600_001 })).result.content).toMatch(/InputValidationError.*timeout/);
    expect((await t.run('Bash', { command: 'ls', cwd: '/' })).result.content).toMatch(/InputValidationError.*cwd/);
  });

  it('is neither read-only nor concurrency-safe, and names itself after the command', () => {
    const input = { command: 'ls -la' };
    expect(BashTool.isReadOnly(input)).toBe(false);
    expect(BashTool.isConcurrencySafe(input)).toBe(false);
    expect(BashTool.maxResultSizeChars).toBe(30_000);
    expect(BashTool.userFacingName(input)).toBe('Bash(ls -la)');
    expect(BashTool.render.use(input).title).toBe('Bash ls -la');
    expect(DEFAULT_BASH_TIMEOUT_MS).toBe(120_000);
  });

  it('renders results with the exit code and the right tone', () => {
    const failed = { stdout: '', stderr: 'boom\n', exitCode: 2, timedOut: false, interrupted: false, timeoutMs: 1000 };
    expect(BashTool.render.result(failed, { command: 'make' })).toMatchObject({ tone: 'error', summary: 'exit code 2', body: 'boom' });
    const ok = { ...failed, exitCode: 0, stderr: '', stdout: 'fine\n' };
    expect(BashTool.render.result(ok, { command: 'make' })).toMatchObject({ tone: 'success', body: 'fine' });
  });
});

import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../../tools/execution';
import type { RunEvent } from '../../run/events';
import { createBashFeedWriter, parseBashResult } from './bashFeedFromEvents';
import { ANSI, createTerminalFeed } from './terminalFeed';

const queued = (id: string, name: string, input: unknown): RunEvent => ({
  type: 'call_queued',
  at: 0,
  turn: 1,
  id,
  name,
  input,
  concurrencySafe: false,
  batch: 0,
  concurrentBatch: false,
  latencyMs: 0,
});
const running = (id: string): RunEvent => ({ type: 'call_running', at: 1, id });
const progress = (id: string, stream: string, chunk: string): RunEvent => ({ type: 'call_progress', at: 2, id, data: { stream, chunk } });
const completed = (id: string, content: string, outcome: CallOutcome = 'success'): RunEvent => ({
  type: 'call_completed',
  at: 3,
  id,
  outcome,
  result: { type: 'tool_result', tool_use_id: id, content, is_error: outcome !== 'success' },
});

function run(events: RunEvent[]): string {
  const feed = createTerminalFeed();
  const write = createBashFeedWriter(feed);
  for (const event of events) write(event);
  return feed.backlog();
}

describe('createBashFeedWriter', () => {
  it('heads a Bash call when it runs and prints the result the sandbox did not stream', () => {
    const out = run([queued('toolu_1', 'Bash', { command: 'ls' }), running('toolu_1'), completed('toolu_1', 'a.txt\nb.txt')]);
    expect(out).toBe(
      `${ANSI.header}▶ Bash(toolu_1): ls${ANSI.reset}\r\n` + 'a.txt\r\nb.txt\r\n' + `${ANSI.dim}── success${ANSI.reset}\r\n`,
    );
  });

  it('writes streamed chunks, stderr in red, and does not repeat them from the result', () => {
    const out = run([
      queued('t', 'Bash', { command: 'make' }),
      running('t'),
      progress('t', 'stdout', 'building\n'),
      progress('t', 'stderr', 'warning\n'),
      completed('t', 'Exit code 2\nbuilding\nwarning', 'error'),
    ]);
    expect(out).toContain('building\r\n');
    expect(out).toContain(`${ANSI.red}warning\r\n${ANSI.reset}`);
    expect(out.match(/building/g)).toHaveLength(1);
    expect(out).toContain(`${ANSI.dim}── error · exit code 2${ANSI.reset}`);
  });

  it('shows the exit code of a failed, unstreamed command without Bash’s own prefix', () => {
    const out = run([queued('t', 'Bash', { command: 'false' }), running('t'), completed('t', 'Exit code 1\n(no output)', 'error')]);
    expect(out).not.toContain('Exit code 1');
    expect(out).not.toContain('(no output)');
    expect(out).toContain('── error · exit code 1');
  });

  it('ignores other tools and malformed progress', () => {
    const out = run([
      queued('r', 'Read', { file_path: 'a' }),
      running('r'),
      progress('r', 'stdout', 'x'),
      completed('r', 'file text'),
      queued('b', 'Bash', { command: 'ls' }),
      { type: 'call_progress', at: 0, id: 'b', data: { text: 'bad' } },
    ]);
    expect(out).toBe('');
  });

  it('reports a call that never ran (denied) with its reason in red', () => {
    const out = run([queued('t', 'Bash', { command: 'rm -rf /' }), completed('t', 'Permission denied by rule', 'denied')]);
    expect(out).toContain('▶ Bash(t): rm -rf /');
    expect(out).toContain(`${ANSI.red}Permission denied by rule\r\n${ANSI.reset}`);
    expect(out).toContain('── denied');
  });

  it('puts a multi-line command on one header line', () => {
    expect(run([queued('t', 'Bash', { command: 'cd src\nls' }), running('t')])).toContain('▶ Bash(t): cd src ⏎ ls');
  });
});

describe('parseBashResult', () => {
  it('reads the forms BashTool writes', () => {
    expect(parseBashResult('out')).toEqual({ body: 'out', timedOut: false });
    expect(parseBashResult('(no output)')).toEqual({ body: '', timedOut: false });
    expect(parseBashResult('Exit code 3\nboom')).toEqual({ body: 'boom', exitCode: 3, timedOut: false });
    expect(parseBashResult('(no output; exit code 1: no matches)')).toEqual({
      body: '',
      exitCode: 1,
      exitMeaning: 'no matches',
      timedOut: false,
    });
    expect(parseBashResult('a\nb\n(exit code 1: files differ)')).toEqual({
      body: 'a\nb',
      exitCode: 1,
      exitMeaning: 'files differ',
      timedOut: false,
    });
    expect(parseBashResult('Command timed out after 500 ms and was stopped.\npartial')).toEqual({ body: 'partial', timedOut: true });
  });
});

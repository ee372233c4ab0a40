import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../../tools/execution';
import type { RunEvent } from '../../tools/events';
import { createBashFeedWriter } from './bashFeedFromEvents';
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
/** What BashTool's display value holds for a command that ran. */
const ran = (stdout: string, options: { stderr?: string; exitCode?: number; timedOut?: boolean; interrupted?: boolean; exitMeaning?: string } = {}) => ({
  stdout,
  stderr: options.stderr ?? '',
  exitCode: options.exitCode ?? 0,
  timedOut: options.timedOut ?? false,
  interrupted: options.interrupted ?? false,
  timeoutMs: 120_000,
  ...(options.exitMeaning !== undefined ? { exitMeaning: options.exitMeaning } : {}),
});
const completed = (id: string, content: string, outcome: CallOutcome = 'success', display: unknown = null): RunEvent => ({
  type: 'call_completed',
  at: 3,
  id,
  outcome,
  result: { type: 'tool_result', tool_use_id: id, content, is_error: outcome !== 'success' },
  display,
});

function run(events: RunEvent[]): string {
  const feed = createTerminalFeed();
  const write = createBashFeedWriter(feed);
  for (const event of events) write(event);
  return feed.backlog();
}

describe('createBashFeedWriter', () => {
  it('heads a Bash call when it runs and prints the result the sandbox did not stream', () => {
    const out = run([queued('toolu_1', 'Bash', { command: 'ls' }), running('toolu_1'), completed('toolu_1', 'a.txt\nb.txt', 'success', ran('a.txt\nb.txt\n'))]);
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
      completed('t', 'Exit code 2\nbuilding\nwarning', 'error', ran('building\n', { stderr: 'warning\n', exitCode: 2 })),
    ]);
    expect(out).toContain('building\r\n');
    expect(out).toContain(`${ANSI.red}warning\r\n${ANSI.reset}`);
    expect(out.match(/building/g)).toHaveLength(1);
    expect(out).toContain(`${ANSI.dim}── error · exit code 2${ANSI.reset}`);
  });

  it('shows the exit code of a failed, unstreamed command from its display, not from the result text', () => {
    const out = run([queued('t', 'Bash', { command: 'false' }), running('t'), completed('t', 'Exit code 1\n(no output)', 'error', ran('', { exitCode: 1 }))]);
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

  it('prints an unstreamed stderr in red, and says a benign exit code means something', () => {
    const out = run([
      queued('g', 'Bash', { command: 'grep x a' }),
      running('g'),
      completed('g', '(no output; exit code 1: no matches)', 'success', ran('', { stderr: 'note\n', exitCode: 1, exitMeaning: 'no matches' })),
    ]);
    expect(out).toContain(`${ANSI.red}note\r\n${ANSI.reset}`);
    expect(out).toContain('── success · exit code 1 (no matches)');
  });

  it('says a command was stopped or timed out, from the display', () => {
    const stopped = run([queued('s', 'Bash', { command: 'sleep 5' }), running('s'), completed('s', 'stopped', 'interrupted', ran('partial\n', { exitCode: 143, interrupted: true }))]);
    expect(stopped).toContain('partial\r\n');
    expect(stopped).toContain('── interrupted · stopped');
    const late = run([queued('t', 'Bash', { command: 'sleep 5' }), running('t'), completed('t', 'timed out', 'error', ran('', { exitCode: 124, timedOut: true }))]);
    expect(late).toContain('── error · timed out');
  });

  it('shows the message of a tool that threw', () => {
    const out = run([queued('t', 'Bash', { command: 'ls' }), running('t'), completed('t', '<tool_use_error>sandbox gone</tool_use_error>', 'error', { error: 'sandbox gone' })]);
    expect(out).toContain(`${ANSI.red}sandbox gone\r\n${ANSI.reset}`);
  });
});

describe('the display, read as the engine tagged it', () => {
  it('prints a session log’s recorded output as printed, red only when the call failed', () => {
    const ok = run([queued('r', 'Bash', { command: 'ls' }), running('r'), completed('r', 'a.ts', 'success', { recorded: 'a.ts\nb.ts' })]);
    expect(ok).toContain('a.ts\r\nb.ts\r\n');
    expect(ok).not.toContain(ANSI.red);
    const failed = run([queued('f', 'Bash', { command: 'false' }), running('f'), completed('f', 'Exit code 1', 'error', { recorded: 'Exit code 1' })]);
    expect(failed).toContain(`${ANSI.red}Exit code 1\r\n${ANSI.reset}`);
  });

  it('says a background call runs in the background (not in red), and prints its shell’s start and end dimly', () => {
    const text = run([
      queued('bg', 'Bash', { command: 'sleep 1', run_in_background: true }),
      running('bg'),
      { type: 'background_started', at: 1, id: 'bash_1', startedBy: 'bg', command: 'sleep 1' },
      completed('bg', 'Command running in background with ID: bash_1', 'success', { background: true, shellId: 'bash_1', command: 'sleep 1' }),
      { type: 'background_ended', at: 9, id: 'bash_1', how: 'exit', exitCode: 0 },
    ]);
    expect(text).not.toContain(ANSI.red);
    expect(text).toContain(`${ANSI.dim}── runs in the background as bash_1${ANSI.reset}`);
    expect(text).toContain(`${ANSI.dim}◦ bash_1 started in the background (by bg): sleep 1${ANSI.reset}`);
    expect(text).toContain(`${ANSI.dim}◦ bash_1 exited with code 0${ANSI.reset}`);
  });
});


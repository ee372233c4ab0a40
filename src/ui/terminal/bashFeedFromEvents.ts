import type { RunEvent } from '../../run/events';
import { ANSI, type TerminalFeed } from './terminalFeed';

/** What Bash's result text says about how the command ended (see `BashTool.mapResult`). */
export interface BashResultSummary {
  /** The output, without the exit-code and timeout lines Bash adds; `''` for "(no output)". */
  body: string;
  exitCode?: number;
  exitMeaning?: string;
  timedOut: boolean;
}

/** Reads Bash's result text back into output, exit code and timeout. */
export function parseBashResult(content: string): BashResultSummary {
  const timeout = /^Command timed out after \d+ ms and was stopped\.(?:\n|$)/.exec(content);
  if (timeout) return { body: content.slice(timeout[0].length), timedOut: true };
  const failure = /^Exit code (-?\d+)\n/.exec(content);
  if (failure) {
    const body = content.slice(failure[0].length);
    return { body: body === '(no output)' ? '' : body, exitCode: Number(failure[1]), timedOut: false };
  }
  const quiet = /^\(no output(?:; exit code (-?\d+): (.*))?\)$/.exec(content);
  if (quiet) {
    return quiet[1] !== undefined
      ? { body: '', exitCode: Number(quiet[1]), exitMeaning: quiet[2] ?? '', timedOut: false }
      : { body: '', timedOut: false };
  }
  const noted = /\n\(exit code (-?\d+): ([^\n]*)\)$/.exec(content);
  if (noted) {
    return { body: content.slice(0, noted.index), exitCode: Number(noted[1]), exitMeaning: noted[2] ?? '', timedOut: false };
  }
  return { body: content, timedOut: false };
}

interface BashCall {
  command: string;
  headed: boolean;
  streamed: boolean;
}

/**
 * Returns a sink that turns run events into terminal output for Bash calls: a header when a call
 * starts running, its streamed output as it comes (stderr in red), the result text when the
 * sandbox did not stream (the virtual one), then a dim line with the outcome and exit code.
 */
export function createBashFeedWriter(feed: TerminalFeed): (event: RunEvent) => void {
  const calls = new Map<string, BashCall>();

  const header = (id: string, call: BashCall) => {
    if (call.headed) return;
    call.headed = true;
    feed.callHeader(id, `Bash(${id}): ${call.command.replace(/\s*\n\s*/g, ' ⏎ ')}`);
  };

  return (event) => {
    switch (event.type) {
      case 'call_queued':
        if (event.name === 'Bash') calls.set(event.id, { command: commandOf(event.input), headed: false, streamed: false });
        return;
      case 'call_running': {
        const call = calls.get(event.id);
        if (call) header(event.id, call);
        return;
      }
      case 'call_progress': {
        const call = calls.get(event.id);
        const progress = progressOf(event.data);
        if (!call || !progress) return;
        header(event.id, call);
        call.streamed = true;
        feed.write(progress.stream === 'stderr' ? `${ANSI.red}${progress.chunk}${ANSI.reset}` : progress.chunk, event.id);
        return;
      }
      case 'call_completed': {
        const call = calls.get(event.id);
        if (!call) return;
        calls.delete(event.id);
        header(event.id, call);
        const content = event.result?.content ?? '';
        const summary = event.outcome === 'success' || /^(Exit code|Command timed out)/.test(content) ? parseBashResult(content) : undefined;
        if (!call.streamed) {
          const body = summary ? summary.body : content;
          if (body !== '') {
            const text = body.endsWith('\n') ? body : `${body}\n`;
            feed.write(event.outcome === 'success' || summary ? text : `${ANSI.red}${text}${ANSI.reset}`, event.id);
          }
        }
        feed.write(`${ANSI.dim}── ${outcomeLine(event.outcome, summary)}${ANSI.reset}\n`, event.id);
        return;
      }
      default:
        return;
    }
  };
}

function outcomeLine(outcome: string, summary: BashResultSummary | undefined): string {
  const parts = [outcome];
  if (summary?.timedOut) parts.push('timed out');
  if (summary?.exitCode !== undefined) {
    parts.push(`exit code ${summary.exitCode}${summary.exitMeaning ? ` (${summary.exitMeaning})` : ''}`);
  }
  return parts.join(' · ');
}

function commandOf(input: unknown): string {
  if (typeof input === 'object' && input !== null && 'command' in input && typeof input.command === 'string') return input.command;
  return '';
}

function progressOf(data: unknown): { stream: 'stdout' | 'stderr'; chunk: string } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { stream, chunk } = data as { stream?: unknown; chunk?: unknown };
  if ((stream !== 'stdout' && stream !== 'stderr') || typeof chunk !== 'string') return undefined;
  return { stream, chunk };
}

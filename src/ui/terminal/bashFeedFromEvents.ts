import type { RunEvent } from '../../tools/events';
import type { BashOutput } from '../../tools/bash/BashTool';
import { callDisplay } from '../../tools/toolOutputs';
import { ANSI, type TerminalFeed } from './terminalFeed';

/** How a Bash call ended, as the terminal reads it: the tool's own output type. */
export type BashDisplay = BashOutput;

const HOW_ENDED: Record<'exit' | 'kill' | 'run-end', string> = { exit: 'exited', kill: 'was stopped', 'run-end': 'was stopped as the run ended' };

interface BashCall {
  /** The name the call used (an alias resolves to Bash). */
  name: string;
  command: string;
  headed: boolean;
  streamed: boolean;
}

/**
 * Returns a sink that turns run events into terminal output for Bash calls: a header when a call
 * starts running, its streamed output as it comes (stderr in red), the output from the call's
 * display value when the sandbox did not stream (the virtual one), then a dim line with the
 * outcome and exit code. A call that never ran shows why (its result text) in red. A call run in
 * the background says so in a dim line, and its shell's start and end are dim lines too.
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
        if (event.name === 'Bash') calls.set(event.id, { name: event.name, command: commandOf(event.input), headed: false, streamed: false });
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
        // The display, tagged by the engine's tool: Bash's own output, a throw, or a log's record.
        const shown = callDisplay(call.name, event.display);
        const output = shown.kind === 'output' && shown.tool === 'Bash' ? shown.output : undefined;
        if (output && 'background' in output) {
          feed.write(`${ANSI.dim}── runs in the background as ${output.shellId}${ANSI.reset}\n`, event.id);
          return;
        }
        const bash = output;
        if (!call.streamed) {
          if (bash) {
            writeBlock(feed, event.id, bash.stdout, '');
            writeBlock(feed, event.id, bash.stderr, ANSI.red);
          } else if (shown.kind === 'recorded') {
            // A session log's record: its text as the command printed it, red only if it failed.
            writeBlock(feed, event.id, shown.text, event.outcome === 'success' ? '' : ANSI.red);
          } else {
            const error = shown.kind === 'thrown' ? shown.message : (event.result?.content ?? '');
            writeBlock(feed, event.id, error, ANSI.red);
          }
        }
        feed.write(`${ANSI.dim}── ${outcomeLine(event.outcome, bash)}${ANSI.reset}\n`, event.id);
        return;
      }
      case 'background_started':
        feed.write(`${ANSI.dim}◦ ${event.id} started in the background (by ${event.startedBy}): ${event.command.replace(/\s*\n\s*/g, ' ⏎ ')}${ANSI.reset}\n`);
        return;
      case 'background_ended': {
        const how = event.how === 'exit' && event.exitCode !== null ? `exited with code ${event.exitCode}` : HOW_ENDED[event.how];
        feed.write(`${ANSI.dim}◦ ${event.id} ${how}${event.by ? ` (by ${event.by})` : ''}${ANSI.reset}\n`);
        return;
      }
      default:
        return;
    }
  };
}

/** Writes `text` as whole lines, in `colour` when given. */
function writeBlock(feed: TerminalFeed, id: string, text: string, colour: string): void {
  if (text === '') return;
  const block = text.endsWith('\n') ? text : `${text}\n`;
  feed.write(colour ? `${colour}${block}${ANSI.reset}` : block, id);
}

function outcomeLine(outcome: string, bash: BashDisplay | undefined): string {
  const parts = [outcome];
  if (bash?.timedOut) parts.push('timed out');
  else if (bash?.interrupted) parts.push('stopped');
  if (bash && !bash.timedOut && !bash.interrupted && (bash.exitCode !== 0 || bash.exitMeaning)) {
    parts.push(`exit code ${bash.exitCode}${bash.exitMeaning ? ` (${bash.exitMeaning})` : ''}`);
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
